import Foundation
import Testing
import PreviewHost
import LayoutTestSupport

private let hasDisplay = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false
private let xdotoolAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")

/// A screen with a label at the top, one at the bottom, a text field and a background that
/// reaches the screen's edges, as people preview whole screens.
private let screenSource = """
    import SwiftUI

    struct Screen: View {
        @State private var name = ""
        @Environment(\\.horizontalSizeClass) private var horizontal
        @Environment(\\.displayScale) private var scale
        var body: some View {
            VStack {
                Text("Top").frame(maxWidth: .infinity).background(.yellow).id("top")
                Text(horizontal == .regular ? "regular" : "compact").id("sizeClass")
                Text("@\\(Int(scale))x").id("scale")
                TextField("Name", text: $name).id("field")
                Spacer()
                Text("Bottom").id("bottom")
            }
            .background(.blue)
            .id("screen")
        }
    }

    #Preview("Screen") { Screen() }
    """

/// `layoutlab render --device` and the window's device menu: the device's screen is proposed
/// with its safe area, size classes and display scale.
@Suite("Devices in render and the window")
struct DeviceTests {
    @Test func renderProposesTheDevicesScreenWithItsSafeArea() throws {
        let ws = try Workspace("render-device")
        let file = try ws.write("Screen.swift", screenSource)
        let json = ws.url("phone.json"), png = ws.url("phone.png")
        var out = try runLayoutlab(["render", "--source", file.path, "--device", "iphone-15", "--json", json.path, "--png", png.path], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        var f = try framesByID(json)
        let top = try #require(f["top"]), bottom = try #require(f["bottom"])
        #expect(top.minY == 59, "below the status bar: \(top)")
        #expect(abs(bottom.maxY - (852 - 34)) < 0.01, "above the home indicator: \(bottom)")
        // The background reaches the screen's edges; the stack stays in the safe area.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        let canvas = object["canvasSize"] as? [String: Double]
        #expect(canvas?["width"] == 393 && canvas?["height"] == 852)

        let landscape = ws.url("landscape.json")
        out = try runLayoutlab(["render", "--source", file.path, "--device", "iphone-15-pro-max", "--orientation", "landscape",
                                "--json", landscape.path], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        f = try framesByID(landscape)
        let turnedTop = try #require(f["top"])
        #expect(turnedTop.minX == 59 && turnedTop.width == 932 - 2 * 59, "\(turnedTop)")
        #expect(turnedTop.minY == 0)
        #expect(abs(try #require(f["bottom"]).maxY - (430 - 21)) < 0.01)
    }

    /// A preview that names its device or orientation is rendered on it when the command names
    /// no size or device: `#Preview(traits: .landscapeLeft)` on the iPhone 15 turned, a
    /// provider's `.previewDevice("iPhone SE (3rd generation)")` on the iPhone SE.
    @Test func aPreviewsOwnDeviceAndOrientationAreUsed() throws {
        let ws = try Workspace("render-preview-device")
        let file = try ws.write("Turned.swift", """
            import SwiftUI

            #Preview("Turned", traits: .landscapeLeft) {
                VStack { Text("Top").id("top"); Spacer() }
            }

            struct Small_Previews: PreviewProvider {
                static var previews: some View {
                    VStack { Text("Top").id("top"); Spacer() }
                        .previewDevice(PreviewDevice(rawValue: "iPhone SE (3rd generation)"))
                        .previewDisplayName("Small")
                }
            }
            """)
        let turned = ws.url("turned.json"), small = ws.url("small.json"), sized = ws.url("sized.json")
        var out = try runLayoutlab(["render", "--source", file.path, "--preview", "Turned", "--json", turned.path], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try framesByID(turned)["top"]?.minY == 0)
        let turnedObject = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: turned)) as? [String: Any])
        #expect((turnedObject["canvasSize"] as? [String: Double])?["width"] == 852)
        out = try runLayoutlab(["render", "--source", file.path, "--preview", "Small", "--json", small.path], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try framesByID(small)["top"]?.minY == 20)
        // A size on the command line wins.
        out = try runLayoutlab(["render", "--source", file.path, "--preview", "Small", "--width", "300", "--height", "300",
                                "--json", sized.path], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try framesByID(sized)["top"]?.minY == 0)
    }

    @Test func anUnknownDeviceExits2ListingTheDevices() throws {
        let ws = try Workspace("render-device-unknown")
        let file = try ws.write("Screen.swift", screenSource)
        let out = try runLayoutlab(["render", "--source", file.path, "--device", "iphone-99", "--json", ws.url("x.json").path], in: ws)
        #expect(out.status == 2)
        #expect(out.stderr.contains("unknown device 'iphone-99'") && out.stderr.contains("iphone-15-pro-max"), "\(out.stderr)")
    }

    @Test func theSnapshotDeviceAxisLaysOutInTheSafeArea() throws {
        let ws = try Workspace("snapshot-device")
        let file = try ws.write("Screen.swift", screenSource)
        let dir = ws.url("snaps")
        let out = try runLayoutlab(["snapshot", "record", file.path, "--dir", dir.path, "--variants", "device,orientation"], in: ws)
        #expect(out.status == 0, "\(out.stderr)")
        let phone = try framesByID(dir.appendingPathComponent("Screen@iphone-15.json"))
        #expect(phone["top"]?.minY == 59)
        let pad = try framesByID(dir.appendingPathComponent("Screen@ipad-mini.json"))
        #expect(pad["top"]?.minY == 24)
        let landscape = try framesByID(dir.appendingPathComponent("Screen@landscape.json"))
        #expect(landscape["top"]?.minX == 59)
        // The default snapshot keeps meaning what it meant: the screen with no safe area.
        let plain = try framesByID(dir.appendingPathComponent("Screen.json"))
        #expect(plain["top"]?.minY == 0)
        let verify = try runLayoutlab(["snapshot", "verify", file.path, "--dir", dir.path], in: ws)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    @Test(.enabled(if: hasDisplay && xdotoolAvailable, "needs an X server and xdotool"))
    func choosingADeviceInTheWindowGivesItsSafeAreaAndKeyboard() throws {
        let ws = try Workspace("device-window")
        let file = try ws.write("Screen.swift", screenSource)
        let shots = ws.url("shots")
        let script = try ws.write("script.txt", """
            resize 1200 1000
            settle
            device iphone-15
            wait-live
            settle
            frames phone
            preview-status phone-status
            device-frame on
            zoom fit
            settle
            window-screenshot framed
            pointer click-view canvas field center
            wait-live
            settle
            frames keyboard
            preview-status keyboard-status
            device ipad-mini landscape
            wait-live
            settle
            frames pad
            device follow-the-window
            wait-live
            settle
            frames window
            preview-status window-status
            """)
        let out = try runWindow(file, script: script, shots: shots, in: ws)
        #expect(!out.timedOut && out.status == 0, "\(out.stderr)")

        let phone = try IdentifiedFrames(shots.appendingPathComponent("phone.json"))
        #expect(phone.target["top"]?.minY == 59, "\(phone.target)")
        #expect(phone.target["bottom"].map { abs($0.maxY - (852 - 34)) < 0.01 } == true, "\(phone.target)")
        #expect(phone.detail["sizeClass"]?.contains("compact") == true, "\(phone.detail)")
        #expect(phone.detail["scale"]?.contains("@3x") == true, "\(phone.detail)")
        let phoneStatus = try status(shots.appendingPathComponent("phone-status.json"))
        let environment = phoneStatus["environment"] as? [String: Any]
        #expect(environment?["device"] as? String == "iphone-15")

        // A focused text field brings the keyboard up: the stack ends above it.
        let keyboard = try IdentifiedFrames(shots.appendingPathComponent("keyboard.json"))
        #expect(keyboard.target["bottom"].map { $0.maxY <= 852 - 336 + 0.01 } == true, "\(keyboard.target)")
        let keyboardStatus = try status(shots.appendingPathComponent("keyboard-status.json"))
        #expect(keyboardStatus["keyboardHeight"] as? Double == 336)

        let pad = try IdentifiedFrames(shots.appendingPathComponent("pad.json"))
        #expect(pad.target["top"]?.minY == 24, "\(pad.target)")
        #expect(pad.target["top"]?.width == 1133, "\(pad.target)")
        #expect(pad.detail["sizeClass"]?.contains("regular") == true, "\(pad.detail)")

        let window = try IdentifiedFrames(shots.appendingPathComponent("window.json"))
        #expect(window.target["top"]?.minY == 0, "\(window.target)")
        let windowStatus = try status(shots.appendingPathComponent("window-status.json"))
        #expect((windowStatus["environment"] as? [String: Any])?["device"] as? String == "follow-the-window")
        #expect(FileManager.default.fileExists(atPath: shots.appendingPathComponent("framed.png").path))
    }
}
