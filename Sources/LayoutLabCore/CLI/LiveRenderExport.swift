import Foundation
import LayoutRendering
import PreviewProtocol

/// What `layoutlab render --perform` did to a live preview, step by step: the `live` entry of
/// the JSON export, for CI to assert on.
package struct PerformedSteps: Encodable, Sendable {
    /// What one step did.
    package struct Step: Encodable, Sendable {
        /// The step as written on the command line (`tap:save`).
        package var step: String
        /// Whether the step changed the preview's state (its views were built again).
        package var changed: Bool
        /// The animation the change asked for (`withAnimation`, `.animation(_:value:)`); nil
        /// (written as null) when it jumps.
        package var animation: WireAnimation?
        /// The view bodies the step evaluated.
        package var bodyEvaluations: Int
        /// The problems the step's update caused (state written in `body`, updates that never
        /// settled), each once.
        package var runtimeIssues: [String]

        private enum Keys: String, CodingKey { case step, changed, animation, bodyEvaluations, runtimeIssues }

        package func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(step, forKey: .step)
            try c.encode(changed, forKey: .changed)
            // Always present: a CI check reads `animation == null` for a jump.
            try c.encode(animation, forKey: .animation)
            try c.encode(bodyEvaluations, forKey: .bodyEvaluations)
            try c.encode(runtimeIssues, forKey: .runtimeIssues)
        }
    }

    /// Each step, in order.
    package var steps: [Step]
    /// Every problem the preview caused while it ran, the first build's included, each once.
    package var runtimeIssues: [String]

    private enum Keys: String, CodingKey { case steps, changed, bodyEvaluations, runtimeIssues }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(steps, forKey: .steps)
        try c.encode(steps.contains { $0.changed }, forKey: .changed)
        try c.encode(steps.reduce(0) { $0 + $1.bodyEvaluations }, forKey: .bodyEvaluations)
        try c.encode(runtimeIssues, forKey: .runtimeIssues)
    }
}

/// The JSON export of a preview after `--perform`: the layout's keys as `--json` always writes
/// them (`LayoutExport`), and `live`, what the steps did.
package struct LiveRenderExport: Encodable {
    package var layout: LayoutExport
    package var live: PerformedSteps

    private enum Keys: String, CodingKey { case live }

    package func encode(to encoder: any Encoder) throws {
        try layout.encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(live, forKey: .live)
    }

    /// Pretty-printed with sorted keys and non-finite lengths as strings, as `ImageExporter.json`
    /// writes a layout.
    package func encoded() throws -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return try e.encode(self)
    }
}
