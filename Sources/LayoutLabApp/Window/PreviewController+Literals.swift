import Foundation
import PreviewHost
import PreviewProtocol

// The literal fast path in the window: a save that changed only literal values reaches the
// running preview as new values for the agent's table, with no compiler and the state kept.
extension PreviewController {
    /// Takes the fast path for a save of `changedPaths` when it can: a person's preview is
    /// shown, no build is under way, and the files differ from what the agent runs only in
    /// literal values. The values go to the agent as a live event (in order with the person's
    /// taps); the reply shows the new layout, animated. False: build as usual.
    func takeLiteralFastPath(changedPaths: [String]) -> Bool {
        guard !isBuilding, let host, showsPreview(host.session),
              let update = service.literalUpdate(changedPaths: changedPaths) else { return false }
        if update.values.isEmpty { return true }  // saved unchanged
        literalUpdatesSent.append(update)
        sendLive(update.event, session: host.session)
        return true
    }

    /// Notes what the agent did with the literal values of `batch`, if it carried some: taken,
    /// the next save is compared with them and the save-to-pixels clock waits for the frame;
    /// not taken (the code cannot read a value without compiling), the code is built.
    func acceptLiterals(_ batch: LiveBatch, _ report: LiveReply?) {
        guard let i = batch.events.firstIndex(where: { if case .literals = $0 { true } else { false } }),
              !literalUpdatesSent.isEmpty else { return }
        let update = literalUpdatesSent.removeFirst()
        if let failed = report?.failedEvent, failed <= i {
            if failed < i {
                // An earlier event reached nothing: the values go again with the events after it
                // (acceptLive queues them).
                literalUpdatesSent.insert(update, at: 0)
            } else {
                literalUpdatesSent = []
                startReload()
            }
            return
        }
        service.literalsApplied(update)
        literalUpdates += 1
        reloadCount += 1
        awaitingPixels = saveInProgress
    }
}
