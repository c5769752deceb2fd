import Foundation
import PreviewHost

/// What a person's preview prints — `print`, standard output and error, a crash report —
/// followed from the running agent for the inspector's Console tab.
///
/// The agent's output never mixes with its replies (they have a channel of its own), so
/// printing is as safe in a preview as in an app; its standard input is empty.
@MainActor
final class PreviewConsole {
    /// The text shown (the last `kept` characters' worth of bytes).
    private(set) var text = ""
    /// Called with each piece of new text (the Console tab appends it).
    var onAppend: ((String) -> Void)?
    /// Called when the text was cleared.
    var onClear: (() -> Void)?
    private var offset = 0
    private weak var following: AgentConnection?
    static let kept = 262_144

    /// Takes what `connection` printed since the last call; a new agent (after a save) starts
    /// with a line that says so.
    func follow(_ connection: AgentConnection?) {
        guard let connection else { return }
        if connection !== following {
            following = connection
            offset = 0
            if !text.isEmpty { append("── the preview restarted after a save ──\n") }
            // How the preview is confined is said where its output is read.
            if !connection.limits.sandboxed {
                append("⚠ The preview runs without a sandbox (--no-sandbox): it can use the network and write your files.\n")
            } else if let why = connection.sandboxUnavailable {
                append("⚠ The preview runs without a sandbox: \(why).\n")
            }
        }
        let (new, next) = connection.consoleOutput(since: offset)
        offset = next
        if !new.isEmpty { append(new) }
    }

    func clear() {
        text = ""
        onClear?()
    }

    private func append(_ piece: String) {
        text += piece
        if text.utf8.count > Self.kept { text = String(text.suffix(Self.kept / 2)) }
        onAppend?(piece)
    }
}
