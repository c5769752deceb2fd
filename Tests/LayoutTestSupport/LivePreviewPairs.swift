import SwiftUI

/// Two live previews of `view`, each laid out once at `proposal`: the first runs as a person's
/// preview does (unchanged views reused, the installed tree patched where it changed), the
/// second builds every view again and installs every tree whole at every update: the reference
/// an optimised update must match.
public func livePreviewWithReference<V: View>(_ view: V, proposal: ProposedViewSize) -> (LivePreview, LivePreview) {
    let live = LivePreview(view), reference = LivePreview(view)
    reference.graph.reusesUnchangedViews = false
    reference.graph.patchesInstalledTree = false
    _ = live.layout(proposal: proposal)
    _ = reference.layout(proposal: proposal)
    return (live, reference)
}
