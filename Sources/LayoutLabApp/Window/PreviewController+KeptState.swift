import Foundation
import PreviewHost
import PreviewProtocol
import SwiftUI

/// State kept across a save that compiles again: before the new build's agent replaces the old
/// one, the old one writes out the shown preview's state, and the new one starts from it where
/// its views are the same views (`KeptState.swift` in the SwiftUI module says what is kept).
/// Xcode resets a preview on every build; Flutter's hot reload keeps state, and so does this.
extension PreviewController {
    /// State carried from one build's agent to the next: the preview it belongs to (by name:
    /// a preview added above it moves its index) and the state, written out.
    struct CarriedState {
        var preview: String
        var state: String
    }

    /// The shown preview's state in the agent about to be replaced (nil when none is shown, the
    /// agent is gone, or it is answering something else: its state then starts over).
    func stateOfShownPreview() -> CarriedState? {
        guard let host, showsPreview(host.session), let previews = catalog?.previews,
              let connection = service.connection, connection.isRunning, !connection.isBusy else { return nil }
        let index = host.session.state.sceneIndex
        guard previews.indices.contains(index),
              let reply = try? connection.requestAndWait(AgentRequest(operation: .keptState, id: 0, target: .preview(index))),
              let state = reply.keptState else { return nil }
        return CarriedState(preview: previews[index].name, state: state)
    }

    /// The state to send with the first request for `target` to the new agent, if it is the
    /// preview the state came from (taken: it is sent once).
    func takeCarriedState(for target: PreviewTarget?) -> String? {
        guard let carried = carriedState, case .preview(let index)? = target,
              let previews = catalog?.previews, previews.indices.contains(index) else { return nil }
        carriedState = nil
        guard previews[index].name == carried.preview else { return nil }
        stateCarryOvers += 1
        return carried.state
    }
}
