import Foundation
import LabScenes
import SwiftUI
@_implementationOnly import LayoutRendering
import PreviewProtocol
import PreviewNaming
import SwiftUI

/// The preview agent: the process that runs a person's code and sends layouts to the window.
///
/// `layoutlab preview` compiles the person's files with a generated `main.swift` that calls
/// `PreviewAgent.run`; the agent answers `AgentRequest`s on a channel of its own (a socket the
/// window passes; see `AgentChannel`) until the window closes it.
/// Running the person's code in a process of its own keeps the window alive when that code
/// crashes (`fatalError`, a stack overflow) or never returns: the window sees the agent die or
/// time out, says so, and starts a new agent after the next save.
public enum PreviewAgent {
    /// A preview source the generated main hands over.
    public enum Source {
        /// A `#Preview`: its registration function.
        case registration(() -> PreviewRegistration)
        /// A `PreviewProvider` type: its name and its previews.
        case provider(name: String, file: String, line: Int, previews: @MainActor () -> [PreviewRegistration])
    }

    /// A person's `Layout` that can be made with no arguments.
    public struct UserLayout {
        let name: String
        let make: () -> any Layout
        /// A layout named `name` (the type's name), made by `make`.
        public init(_ name: String, _ make: @escaping () -> any Layout) { self.name = name; self.make = make }
    }

    /// Serves the window's requests until it closes the channel, then exits.
    @MainActor
    public static func run(sources: [Source], layouts: [UserLayout]) -> Never {
        // Before any of the person's code: the channel moved out of its reach, the limits set.
        let channel = AgentChannel.open()
        AgentConfinement.apply()
        // The asset catalogs the preview build found, loaded before any of the person's code
        // runs (a `Color("Brand")` in a static initialiser sees them); problems go to the console.
        for problem in AssetCatalog.loadFromEnvironment() {
            FileHandle.standardError.write(Data("asset catalog: \(problem)\n".utf8))
        }
        let server = AgentServer(sources: sources, layouts: layouts)
        channel.startProgressReports()
        while let line = channel.readLine() {
            guard !line.isEmpty else { continue }
            let reply: AgentReply = channel.answering {
                do {
                    let request = try PreviewWire.decoder().decode(AgentRequest.self, from: line)
                    return server.answer(request)
                } catch {
                    return AgentReply(id: -1, error: "bad request: \(error)")
                }
            }
            let line = channel.replying {
                do { return try PreviewWire.line(reply) } catch {
                    return (try? PreviewWire.line(AgentReply(id: reply.id, error: "the result could not be encoded: \(error)"))) ?? Data()
                }
            }
            channel.send(line)
        }
        exit(0)
    }
}

/// Answers requests: keeps the catalog and one layout host per target.
@MainActor
final class AgentServer {
    let previews: [(info: PreviewInfo, registration: PreviewRegistration)]
    /// Previews that cannot be shown, by index, with why: a provider whose `previews` failed
    /// (listed by its type's name; laying it out answers this message).
    let brokenPreviews: [Int: String]
    let userLayouts: [PreviewAgent.UserLayout]
    let layouts: [LabLayout]
    let scenes: [LabScene]
    let catalog: PreviewCatalog
    let measurer = PangoTextMeasurer()
    /// One live preview per preview, made when first laid out: it keeps the preview's state
    /// between requests (events change it; a new agent, after a save, starts over).
    var livePreviews: [Int: LivePreview] = [:]
    /// The last live layout sent of each preview, by its number: an event request that holds it
    /// is answered with what changed since (`AgentReply.patch`).
    var lastSentLayouts: [Int: (number: UInt64, result: LayoutResult)] = [:]
    /// The next layout number: from a random start, so that a number a window kept from an
    /// earlier agent never names one of this agent's layouts.
    var nextResultNumber = UInt64.random(in: 1...(UInt64(1) << 48))
    /// The environment each live preview was last laid out in.
    var liveEnvironments: [Int: WireEnvironment] = [:]
    /// The host of scenes, rebuilt for every request (parameters change).
    lazy var sceneHost = LayoutHost(EmptyView(), textMeasurer: measurer)

    init(sources: [PreviewAgent.Source], layouts userLayouts: [PreviewAgent.UserLayout]) {
        var previews: [(PreviewInfo, PreviewRegistration)] = []
        var broken: [Int: String] = [:]
        var unnamed: [Int] = []
        for source in sources {
            switch source {
            case .registration(let make):
                let r = make()
                if r.name?.isEmpty ?? true { unnamed.append(previews.count) }
                previews.append((Self.info(r, name: r.name ?? "", file: r.file, line: r.line), r))
            case .provider(let typeName, let file, let line, let make):
                // Tried in a child first: a provider whose `previews` traps or loops is listed
                // as one preview that says so, and the rest of the file still works.
                if case .failed(let why) = TrialRun.attempt({ _ = make() }) {
                    broken[previews.count] = "PreviewProvider \(typeName) could not make its previews: \(why)"
                    let standIn = PreviewRegistration(name: nil, traits: [], file: file, line: line, column: 0) { AnyView(EmptyView()) }
                    previews.append((PreviewInfo(name: typeName, file: file, line: line, sizing: .window), standIn))
                    continue
                }
                let parts = make()
                for (k, r) in parts.enumerated() {
                    // Xcode names a provider's previews by their display name, else by the type.
                    let name = r.name ?? (parts.count == 1 ? typeName : "\(typeName) \(k + 1)")
                    previews.append((Self.info(r, name: name, file: file, line: line), r))
                }
            }
        }
        // Unnamed ones are "Preview", "Preview 2", … skipping names previews are given.
        let given = Set(previews.indices.filter { !unnamed.contains($0) }.map { previews[$0].0.name })
        var number = 0
        for i in unnamed {
            repeat { number += 1; previews[i].0.name = number == 1 ? "Preview" : "Preview \(number)" } while given.contains(previews[i].0.name)
        }
        // Names are how the window and `--preview` pick a preview: keep them unique, without
        // a made-up "Same (2)" taking the name of a preview that is called that.
        let names = NameMatch.unique(previews.map(\.0.name))
        self.previews = zip(previews, names).map { preview, name in
            var info = preview.0
            info.name = name
            return (info, preview.1)
        }
        self.brokenPreviews = broken
        self.userLayouts = userLayouts
        // A person's layout is made when it is laid out, never to list it (an unused layout
        // whose `init` traps must not fail the file), and keeps its name: a built-in of the
        // same name is listed as "NAME (built-in)".
        let own = userLayouts.map { user in
            LabLayout(user.name, controls: [], arrangement: { _ in .layout(AnyLayout(user.make())) })
        }
        self.layouts = LabLayout.builtIn(besides: userLayouts.map(\.name)) + own
        self.scenes = LabScene.builtIn
        catalog = PreviewCatalog(previews: self.previews.map(\.info), layouts: userLayouts.map(\.name),
                                 scenes: scenes.map(\.name), allLayouts: layouts.map(\.name))
    }

    static func sizing(_ traits: [PreviewTrait]) -> WireSizing {
        for t in traits {
            switch t.kind {
            case .sizeThatFitsLayout: return .sizeThatFits
            case .fixedLayout(let w, let h): return .fixed(width: Double(w), height: Double(h))
            case .defaultLayout: return .window
            case .orientation: continue
            }
        }
        return .window
    }

    /// A registration's catalog entry: its sizing, and the device and orientation it names.
    static func info(_ r: PreviewRegistration, name: String, file: String, line: Int) -> PreviewInfo {
        var orientation: String? = nil
        for case .orientation(let o) in r.traits.map(\.kind) {
            orientation = o == .landscapeLeft || o == .landscapeRight ? "landscape" : "portrait"
        }
        return PreviewInfo(name: name, file: file, line: line, sizing: sizing(r.traits), device: r.device, orientation: orientation)
    }

    func answer(_ request: AgentRequest) -> AgentReply {
        switch request.operation {
        case .catalog:
            return AgentReply(id: request.id, catalog: catalog)
        case .event, .reset:
            return answerLive(request)
        case .keptState:
            guard case .preview(let index)? = request.target, let live = livePreviews[index] else { return AgentReply(id: request.id) }
            var reply = AgentReply(id: request.id)
            reply.keptState = String(decoding: live.keptState(), as: UTF8.self)
            return reply
        case .layout:
            guard let target = request.target else { return AgentReply(id: request.id, error: "layout: no target") }
            var proposal = request.proposal ?? .unspecified
            let host: LayoutHost
            switch target {
            case .preview(let index):
                guard previews.indices.contains(index) else {
                    return AgentReply(id: request.id, error: "no preview \(index) (there are \(previews.count))")
                }
                if let why = brokenPreviews[index] { return AgentReply(id: request.id, error: why) }
                proposal = self.proposal(for: index, window: request.proposal)
                var options = request.detailed ? LayoutOptions() : LayoutOptions.fastest
                options.traceLimit = 5_000
                let live = livePreview(index, in: request.environment, keptState: request.keptState)
                let result = live.layout(proposal: proposal, options: options)
                // Its running tasks (a `task` that loads on appear) and timelines tell the window to let time pass.
                let tasks = live.graph.timeDependentCount
                return AgentReply(id: request.id, result: result,
                                  live: tasks == 0 ? nil : LiveReply(changed: false, animation: nil, runtimeIssues: live.graph.runtimeIssues,
                                                                     bodyEvaluations: 0, runningTasks: tasks))
            case .scene(let sceneName, let layoutName):
                guard let scene = NameMatch.resolve(sceneName, among: scenes.map(\.name)).index.map({ scenes[$0] }) else {
                    return AgentReply(id: request.id, error: "no scene '\(sceneName)'")
                }
                guard let layout = NameMatch.resolve(layoutName, among: layouts.map(\.name)).index.map({ layouts[$0] }) else {
                    return AgentReply(id: request.id, error: "no layout '\(layoutName)'")
                }
                let parameters = Self.parameters(request.parameters)
                host = sceneHost
                host.environment = Self.environment(request.environment ?? WireEnvironment())
                host.safeAreaInsets = request.environment?.device?.safeAreaInsets.edgeInsets ?? EdgeInsets()
                SceneAssembler.install(scene, arrangement: layout.arrangement(parameters), parameters: parameters, in: host)
            }
            var options = request.detailed ? LayoutOptions() : LayoutOptions.fastest
            options.traceLimit = 5_000
            return AgentReply(id: request.id, result: host.layout(proposal: proposal, options: options))
        }
    }

    /// The live preview of preview `index` (made on first use, from `keptState` when an earlier
    /// build's agent wrote one).
    func livePreview(_ index: Int, in wire: WireEnvironment? = nil, keptState: String? = nil) -> LivePreview {
        let wanted = wire ?? WireEnvironment()
        if let existing = livePreviews[index] {
            if liveEnvironments[index] != wanted {
                existing.environment = Self.environment(wanted)
                Self.applyDevice(wanted.device, to: existing)
                liveEnvironments[index] = wanted
            }
            return existing
        }
        let registration = previews[index].registration
        let made = LivePreview(making: { registration.makeView() }, textMeasurer: measurer, environment: Self.environment(wanted))
        Self.applyDevice(wanted.device, to: made)
        if let keptState { made.restoreState(Data(keptState.utf8)) }
        livePreviews[index] = made
        liveEnvironments[index] = wanted
        return made
    }

    /// A device's screen insets and keyboard on a live preview (none: the window's behaviour).
    static func applyDevice(_ device: WireDevice?, to live: LivePreview) {
        live.host.safeAreaInsets = device?.safeAreaInsets.edgeInsets ?? EdgeInsets()
        live.keyboardHeight = CGFloat(device?.keyboardHeight ?? 0)
    }

    /// The environment values of a request's environment (validated by the sender).
    static func environment(_ wire: WireEnvironment) -> EnvironmentValues {
        EnvironmentValues._canvas(colorScheme: wire.colorScheme, dynamicTypeSize: wire.dynamicTypeSize,
                                  layoutDirection: wire.layoutDirection, locale: wire.locale,
                                  horizontalSizeClass: wire.device?.horizontalSizeClass, verticalSizeClass: wire.device?.verticalSizeClass,
                                  displayScale: wire.device?.displayScale)
    }

    /// The proposal a preview is laid out with: the window's, unless its traits fix one.
    func proposal(for index: Int, window: ProposedViewSize?) -> ProposedViewSize {
        switch previews[index].info.sizing {
        case .window: return window ?? .unspecified
        case .sizeThatFits: return .unspecified
        case .fixed(let w, let h): return ProposedViewSize(width: w, height: h)
        }
    }

    /// Sends events to a live preview (or resets it) and replies with its layout afterwards.
    func answerLive(_ request: AgentRequest) -> AgentReply {
        guard case .preview(let index)? = request.target else {
            return AgentReply(id: request.id, error: "\(request.operation.rawValue): the target must be a preview (scenes do not run)")
        }
        guard previews.indices.contains(index) else {
            return AgentReply(id: request.id, error: "no preview \(index) (there are \(previews.count))")
        }
        if let why = brokenPreviews[index] { return AgentReply(id: request.id, error: why) }
        var options = request.detailed ? LayoutOptions() : LayoutOptions.fastest
        options.traceLimit = 5_000
        let live = livePreview(index, in: request.environment, keptState: request.keptState)
        let proposal = self.proposal(for: index, window: request.proposal)
        let evaluationsBefore = live.graph.bodyEvaluations
        if request.operation == .reset {
            live.reset()
            let result = live.layout(proposal: proposal, options: options)
            return AgentReply(id: request.id, result: result,
                              live: LiveReply(changed: true, animation: nil, runtimeIssues: live.graph.runtimeIssues,
                                              bodyEvaluations: live.graph.bodyEvaluations - evaluationsBefore,
                                              runningTasks: live.graph.timeDependentCount),
                              resultNumber: remember(result, of: index))
        }
        // Events are hit-tested against what the sender shows: this proposal, this environment
        // (a variant laid out meanwhile in another one left its layout behind).
        if live.lastResult?.proposal != proposal || live.graph.needsUpdate { _ = live.layout(proposal: proposal, options: options) }
        // A live update's layout is what the canvas draws: no trace and no size ranges (the
        // inspector's min / ideal / max, a tenth of a tap's time at thousands of views). The
        // window asks for a detailed layout when the person inspects.
        options = .fastest
        live.options = options
        var changed = false
        var animation: Animation? = nil
        var failedEvent: Int? = nil
        var failure: String? = nil
        for (i, wire) in (request.events ?? []).enumerated() {
            if case let .literals(values, remakesRoot) = wire {
                if let why = applyLiterals(values, remakesRoot: remakesRoot, shown: live, proposal: proposal, options: options) {
                    failedEvent = i
                    failure = why
                    break
                }
                changed = true
                animation = animation ?? .default
                continue
            }
            do {
                let update = try live.send(Self.liveEvent(wire, in: live))
                changed = changed || update.changed
                if let a = update.transaction.animation { animation = a }
            } catch {
                failedEvent = i
                failure = error.message
                break
            }
        }
        let result = live.layout(proposal: proposal, options: options)
        let report = LiveReply(changed: changed, animation: animation.map(WireAnimation.init), runtimeIssues: live.graph.runtimeIssues,
                               bodyEvaluations: live.graph.bodyEvaluations - evaluationsBefore,
                               failedEvent: failedEvent, failure: failure, runningTasks: live.graph.timeDependentCount,
                               keyboardHeight: live.showsKeyboard ? Double(live.keyboardHeight) : nil,
                               gestureDeadline: live.secondsUntilGestureDeadline)
        // The sender holds the last layout sent: only what changed travels.
        let held = lastSentLayouts[index]
        let patch = held.flatMap { held in held.number == request.heldResult ? result.patch(from: held.result) : nil }
        let number = remember(result, of: index)
        if let patch { return AgentReply(id: request.id, live: report, resultNumber: number, patch: patch) }
        return AgentReply(id: request.id, result: result, live: report, resultNumber: number)
    }

    /// The literal fast path: puts the new values in the table the build's literals read and
    /// has every live preview evaluate its bodies again, state kept. Builds the shown one at
    /// once to learn whether its code could take every value; nil when it could, else why not
    /// (the sender compiles again).
    func applyLiterals(_ values: [String: String], remakesRoot: Bool, shown: LivePreview, proposal: ProposedViewSize,
                       options: LayoutOptions) -> String? {
        DesignTimeValues.update(values)
        for preview in livePreviews.values { preview.designTimeValuesChanged(remakingRoot: remakesRoot) }
        _ = shown.layout(proposal: proposal, options: options)
        let unapplied = DesignTimeValues.takeUnapplied()
        guard !unapplied.isEmpty else { return nil }
        return "\(unapplied.count) literal value\(unapplied.count == 1 ? "" : "s") cannot be taken without compiling (\(unapplied.sorted().prefix(3).joined(separator: ", ")))"
    }

    /// Numbers `result`, the live layout of preview `index` about to be sent, and keeps it as the
    /// base of the next patch.
    private func remember(_ result: LayoutResult, of index: Int) -> UInt64 {
        let number = nextResultNumber
        nextResultNumber &+= 1
        lastSentLayouts[index] = (number, result)
        return number
    }

    /// The engine's event for a wire event (ids resolved against the last layout).
    static func liveEvent(_ wire: WireEvent, in live: LivePreview) throws(LiveEventError) -> LiveEvent {
        switch wire {
        case let .tap(x, y, count): return .tap(CGPoint(x: x, y: y), count: max(1, count))
        case let .tapView(id): return .tap(try live.centre(ofViewWithID: id))
        case let .drag(x, y, dx, dy): return .drag(from: CGPoint(x: x, y: y), by: CGSize(width: dx, height: dy))
        case let .dragView(id, dx, dy): return .drag(from: try live.centre(ofViewWithID: id), by: CGSize(width: dx, height: dy))
        case let .pointer(phase, x, y, count, time):
            guard let p = PointerPhase(rawValue: phase) else {
                throw LiveEventError(message: "unknown pointer phase '\(phase)' (one of: \(PointerPhase.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return .pointer(p, at: CGPoint(x: x, y: y), count: max(1, count), time: time)
        case let .pressView(id, seconds): return .press(at: try live.centre(ofViewWithID: id), duration: seconds)
        case let .transform(phase, x, y, scale, degrees, time):
            guard let p = TransformPhase(rawValue: phase) else {
                throw LiveEventError(message: "unknown pinch phase '\(phase)' (one of: \(TransformPhase.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return .transform(p, at: CGPoint(x: x, y: y), scale: CGFloat(scale), rotation: .degrees(degrees), time: time)
        case let .pinchView(id, scale, degrees):
            return .pinch(at: try live.centre(ofViewWithID: id), scale: CGFloat(scale), rotation: .degrees(degrees))
        case let .scroll(x, y, dx, dy): return .scroll(at: CGPoint(x: x, y: y), by: CGSize(width: dx, height: dy))
        case let .scrollView(id, dx, dy): return .scroll(at: try live.centre(ofViewWithID: id), by: CGSize(width: dx, height: dy))
        case let .type(text): return .type(text)
        case let .key(name):
            guard let key = LiveKey(rawValue: name.lowercased()) else {
                throw LiveEventError(message: "unknown key '\(name)' (one of: \(LiveKey.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return .key(key)
        case let .wait(seconds): return .wait(seconds)
        case .literals: throw LiveEventError(message: "literal values are not an event of the views")
        }
    }

    static func parameters(_ wire: WireParameters?) -> LabParameters {
        guard let wire else { return LabParameters(items: LabParameters.items(count: 6)) }
        let items = zip(wire.itemIDs, wire.itemRanks).map { LabItem(id: $0, rank: $1) }
        var p = LabParameters(spacing: wire.spacing.map { CGFloat($0) },
                              alignment: LabAlignment(rawValue: wire.alignment) ?? .center,
                              rotation: .degrees(wire.rotationDegrees), items: items)
        p.taps = wire.taps
        return p
    }
}

