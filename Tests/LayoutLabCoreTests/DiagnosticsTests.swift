import Foundation
import Testing
@testable import LayoutLabCore

/// Errors become one message and one exit status, wherever they are met.
@Suite("Diagnostics")
struct DiagnosticsTests {
    struct Unexpected: Error, CustomStringConvertible { var description: String { "disk full" } }

    @Test func commandLineErrorsAreUsageErrors() {
        let error = CommandLineError("render: unknown layout 'x'")
        #expect(Diagnostics.exitStatus(for: error) == .usage)
        #expect(Diagnostics.message(for: error, during: "render") == "render: unknown layout 'x'")
    }

    @Test func labErrorsCarryTheirStatus() {
        #expect(Diagnostics.exitStatus(for: LabError("A.swift did not compile")) == .failure)
        #expect(Diagnostics.exitStatus(for: LabError("render: no preview 'x'", status: .usage)) == .usage)
        #expect(Diagnostics.message(for: LabError("A.swift did not compile"), during: "render") == "A.swift did not compile")
    }

    @Test func otherErrorsNameWhatFailed() {
        #expect(Diagnostics.exitStatus(for: Unexpected()) == .failure)
        #expect(Diagnostics.message(for: Unexpected(), during: "export") == "export failed: disk full")
        #expect(Diagnostics.message(for: Unexpected()) == "disk full")
    }

    /// `layoutlab render` ends with the status of what went wrong: 2 for a wrong name, as for
    /// any command-line mistake.
    @Test @MainActor func renderReportsThroughDiagnostics() {
        var o = RenderOptions()
        o.layout = "no-such-layout"
        o.json = "/dev/null"
        #expect(RenderCommand.run(o) == Diagnostics.ExitStatus.usage.rawValue)
        o.layout = "flow"
        o.json = "/nonexistent-directory/x.json"
        #expect(RenderCommand.run(o) == Diagnostics.ExitStatus.failure.rawValue)
    }
}
