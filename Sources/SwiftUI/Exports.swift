// `import SwiftUI` on Linux: the layout engine plus Foundation (for CGFloat, CGSize, CGRect, …),
// as SwiftUI re-exports them on Apple platforms, so SwiftUI layout code compiles unchanged.
@_exported import Foundation
@_exported import LayoutEngine
