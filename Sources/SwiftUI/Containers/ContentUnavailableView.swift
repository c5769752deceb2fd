import Foundation
import LayoutCore

/// An empty state: an icon above a title, a description and actions, centred in the space it
/// is given, as SwiftUI's `ContentUnavailableView` (iOS 17).
///
/// SwiftUI rule: the view takes all the space proposed (it stands in for a whole list or screen)
/// and centres its content. The metrics are our choices, close to iOS 17's rendering and not
/// documented by Apple: the symbol 48 points, the title `.title2` bold, the description
/// `.callout` in the secondary style, 8 points between label and description and 16 before the
/// actions, content padded 16.
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
    let label: Label
    let description: Description
    let actions: Actions

    /// Creates an empty state from a label, a description and actions.
    public init(@ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
                @ViewBuilder actions: () -> Actions = { EmptyView() }) {
        self.label = label(); self.description = description(); self.actions = actions()
    }

    /// The label, description and actions centred in the proposal.
    public var body: some View {
        VStack(spacing: 16) {
            VStack(spacing: 8) {
                label
                    .font(.title2.bold())
                description
                    .font(.callout)
                    .foregroundStyle(.secondary)
            }
            .multilineTextAlignment(.center)
            actions
        }
        .padding()
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}

/// The label of a `ContentUnavailableView` made from a title and a symbol: the symbol (48
/// points, secondary style) above the title.
public struct ContentUnavailableLabel: View {
    let title: Text
    let systemImage: String

    /// The symbol above the title.
    public var body: some View {
        VStack(spacing: 8) {
            Image(systemName: systemImage)
                .font(.system(size: 48))
                .foregroundStyle(.secondary)
            title
        }
    }
}

extension ContentUnavailableView where Label == ContentUnavailableLabel, Description == Text?, Actions == EmptyView {
    /// Creates an empty state with a title, a symbol and an optional description.
    public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {
        self.init(label: { ContentUnavailableLabel(title: Text(title), systemImage: name) }, description: { description })
    }

    /// Creates an empty state with a localized title, a symbol and an optional description.
    public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
        self.init(label: { ContentUnavailableLabel(title: Text(title), systemImage: name) }, description: { description })
    }

    /// The standard empty state of a search with no results (iOS 17): a magnifying glass, "No
    /// Results", and a suggestion.
    public static var search: Self { search(text: "") }

    /// The standard empty state of a search for `text` with no results (iOS 17): "No Results for
    /// “text”" and "Check the spelling or try a new search."
    public static func search(text: String) -> Self {
        let title = text.isEmpty ? "No Results" : "No Results for “\(text)”"
        return Self(title, systemImage: "magnifyingglass", description: Text("Check the spelling or try a new search."))
    }
}
