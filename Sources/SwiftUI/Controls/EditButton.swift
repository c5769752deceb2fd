import Foundation
import LayoutCore

/// A button that toggles the edit mode of the environment, as SwiftUI's `EditButton` (iOS):
/// laid out and drawn as a `Button("Edit")`. The preview does not edit, so the title stays
/// "Edit" (SwiftUI shows "Done" while editing).
public struct EditButton: View {
    /// Creates the button.
    public init() {}
    /// A button titled "Edit".
    public var body: some View { Button("Edit") {} }
}
