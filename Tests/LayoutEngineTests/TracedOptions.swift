@testable import LayoutCore
@testable import SwiftUI

extension LayoutOptions {
    /// A traced pass without the size-range probes every view gets for inspectors (they would
    /// show up as three more questions to every view, at 0, nil and ∞).
    static var tracedWithoutRanges: LayoutOptions {
        var options = LayoutOptions()
        options.measuresSizeRanges = false
        return options
    }
}
