import Foundation
import Testing
@testable import LayoutCore
@testable import SwiftUI

/// What the live tests of tabs and menus read of a layout.
extension LayoutResult {
    /// The details (quoted text) of the Texts on screen.
    var shownTexts: [String] { views.filter { $0.isVisible && $0.kind == "Text" }.map(\.detail) }

    /// Whether a view on screen has the explicit id `id`.
    func shows(id: String) -> Bool { views.contains { $0.isVisible && $0.explicitID.map(LivePreview.describe) == id } }

    /// The frame of the innermost (last in pre-order) view on screen with the explicit id `id`.
    func frame(ofShown id: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CGRect {
        try #require(views.last { $0.isVisible && $0.explicitID.map(LivePreview.describe) == id }, "no view '\(id)' on screen",
                     sourceLocation: sourceLocation).frame
    }
}
