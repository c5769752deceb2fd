// `import SwiftUI` on Linux: the layout engine plus Foundation (for CGFloat, CGSize, CGRect, …),
// as SwiftUI re-exports them on Apple platforms, so SwiftUI layout code compiles unchanged.
@_exported import Foundation
@_exported import LayoutCore
// Observation (`@Observable`, `Observable`), as SwiftUI re-exports it on Apple platforms (iOS 17).
@_exported import Observation
