import Foundation
import Testing
import LayoutLabCore
import PreviewProtocol
import SwiftUI

/// The device catalog: names, the published insets, landscape, the wire form, `render
/// --device` parsing and the snapshot axes that use it.
@Suite("Devices and their safe areas")
struct DeviceCatalogTests {
    @Test func namesAreUniqueAndAsTheSnapshotAxisSpellsThem() {
        let ids = DeviceProfile.choices.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(Set(DeviceProfile.choices.map(\.name)).count == ids.count)
        #expect(ids.first == "follow-the-window")
        for device in DeviceProfile.all {
            #expect(device.id == SnapshotNaming.slug(device.name), "\(device.name)")
            #expect(DeviceProfile.named(device.id) == device)
            #expect(DeviceProfile.named(device.name) == device)
        }
        // `ProposalPreset` is the catalog under its first name.
        #expect(ProposalPreset.all.map(\.name) == DeviceProfile.all.map(\.name))
        #expect(DeviceProfile.named("iPhone 15 Pro")?.id == "iphone-15")
        #expect(DeviceProfile.named("iPad mini (6th generation)")?.id == "ipad-mini")
        #expect(DeviceProfile.named("iphone-16") == nil)
    }

    @Test func insetsAreThePublishedOnes() throws {
        let phone = try #require(DeviceProfile.named("iphone-15"))
        #expect(phone.screen(.portrait) == CGSize(width: 393, height: 852))
        #expect(phone.safeAreaInsets(.portrait) == EdgeInsets(top: 59, leading: 0, bottom: 34, trailing: 0))
        #expect(phone.safeAreaInsets(.landscape) == EdgeInsets(top: 0, leading: 59, bottom: 21, trailing: 59))
        #expect(phone.displayScale == 3 && phone.sensorHousing == .dynamicIsland && phone.homeAffordance == .indicator)
        #expect(phone.keyboardHeight(.portrait) == 336)
        let max = try #require(DeviceProfile.named("iphone-15-pro-max"))
        #expect(max.screen(.portrait) == CGSize(width: 430, height: 932))
        #expect(max.safeAreaInsets(.portrait) == phone.safeAreaInsets(.portrait))
        #expect(max.sizeClasses(.landscape) == .regularCompact)
        #expect(phone.sizeClasses(.landscape) == .compactCompact)
        #expect(phone.sizeClasses(.portrait) == .compactRegular)
        let se = try #require(DeviceProfile.named("iphone-se"))
        #expect(se.safeAreaInsets(.portrait) == EdgeInsets(top: 20, leading: 0, bottom: 0, trailing: 0))
        #expect(se.safeAreaInsets(.landscape) == EdgeInsets())
        #expect(se.homeAffordance == .button && se.displayScale == 2)
        for id in ["ipad-mini", "ipad-pro-11"] {
            let pad = try #require(DeviceProfile.named(id))
            #expect(pad.safeAreaInsets(.portrait) == EdgeInsets(top: 24, leading: 0, bottom: 20, trailing: 0))
            #expect(pad.safeAreaInsets(.landscape) == pad.safeAreaInsets(.portrait))
            #expect(pad.sizeClasses(.portrait) == .regularRegular && pad.sizeClasses(.landscape) == .regularRegular)
        }
        #expect(DeviceProfile.named("ipad-mini")?.screen(.portrait) == CGSize(width: 744, height: 1133))
        #expect(DeviceProfile.named("ipad-pro-11")?.screen(.portrait) == CGSize(width: 834, height: 1194))
        for id in ["watch-45-mm", "laptop-window", "desktop", "follow-the-window"] {
            let d = try #require(DeviceProfile.named(id))
            #expect(d.safeAreaInsets(.portrait) == EdgeInsets() && d.safeAreaInsets(.landscape) == EdgeInsets(), "\(id)")
        }
    }

    @Test func landscapeTurnsTheScreen() {
        for device in DeviceProfile.all {
            let p = device.screen(.portrait), l = device.screen(.landscape)
            #expect(p.width == l.height && p.height == l.width, "\(device.name)")
            #expect(device.wire(.landscape)?.orientation == .landscape)
        }
        #expect(DeviceProfile.followTheWindow.wire(.portrait) == nil)
    }

    @Test func theDeviceTravelsInTheEnvironment() throws {
        let wire = try #require(DeviceProfile.named("iphone-15")?.wire(.landscape))
        let environment = WireEnvironment(colorScheme: "dark", device: wire)
        #expect(!environment.isDefault)
        #expect(WireEnvironment(device: nil).isDefault)
        let request = AgentRequest(operation: .layout, id: 7, target: .preview(0), environment: environment)
        let data = try JSONEncoder().encode(request)
        let back = try JSONDecoder().decode(AgentRequest.self, from: data)
        #expect(back.environment == environment)
        #expect(back.environment?.device?.safeAreaInsets == WireInsets(top: 0, leading: 59, bottom: 21, trailing: 59))
        #expect(back.environment?.device?.horizontalSizeClass == "compact")
        #expect(back.environment?.device?.displayScale == 3)
        // An environment written before devices existed still reads.
        let old = try JSONDecoder().decode(WireEnvironment.self, from: Data(#"{"colorScheme":"dark"}"#.utf8))
        #expect(old.device == nil)
        #expect(try environment.validated() == environment)
        var bad = wire
        bad.horizontalSizeClass = "huge"
        #expect(throws: WireEnvironmentError.self) { try WireEnvironment(device: bad).validated() }
        bad = wire
        bad.safeAreaInsets.top = -.infinity
        #expect(throws: WireEnvironmentError.self) { try WireEnvironment(device: bad).validated() }
    }

    @Test func theCanvasEnvironmentTakesSizeClassesAndScale() {
        let env = EnvironmentValues._canvas(colorScheme: nil, dynamicTypeSize: nil, layoutDirection: nil, locale: nil,
                                            horizontalSizeClass: "regular", verticalSizeClass: "compact", displayScale: 3)
        let horizontal = env.horizontalSizeClass, vertical = env.verticalSizeClass, scale = env.displayScale
        #expect(horizontal == .regular && vertical == .compact && scale == 3)
        let plain = EnvironmentValues._canvas(colorScheme: nil, dynamicTypeSize: nil, layoutDirection: nil, locale: nil)
        let plainHorizontal = plain.horizontalSizeClass, plainScale = plain.displayScale
        #expect(plainHorizontal == .compact && plainScale == 1)
    }

    @Test func renderTakesADeviceAndAnOrientation() throws {
        guard case .render(let o) = try LabCommand(parsing: ["render", "--source", "A.swift", "--device", "iphone-15",
                                                             "--orientation", "landscape", "--json", "a.json"]) else {
            Issue.record("not a render")
            return
        }
        #expect(o.width == 852 && o.height == 393)
        #expect(o.environment.device?.name == "iphone-15")
        #expect(o.environment.device?.safeAreaInsets.leading == 59)
        guard case .render(let plain) = try LabCommand(parsing: ["render", "--device", "follow-the-window", "--json", "a.json"]) else {
            Issue.record("not a render")
            return
        }
        #expect(plain.environment.device == nil && plain.width == 400)
        let bad: [[String]] = [["render", "--device", "iphone-16", "--json", "a.json"],
                               ["render", "--device", "iphone-15", "--width", "300", "--json", "a.json"],
                               ["render", "--orientation", "landscape", "--json", "a.json"],
                               ["render", "--device", "iphone-15", "--orientation", "sideways", "--json", "a.json"]]
        let messages = bad.map(Self.usageError)
        #expect(messages.allSatisfy { !$0.isEmpty }, "\(messages)")
        #expect(messages[0].contains("iphone-se, iphone-15"), "\(messages[0])")
    }

    /// The usage error `arguments` give ("" when they parse).
    private static func usageError(_ arguments: [String]) -> String {
        do {
            _ = try LabCommand(parsing: arguments)
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test func snapshotDeviceAndOrientationAxesCarryTheSafeArea() throws {
        let devices = SnapshotAxis.device.variants
        let iphone = try #require(devices.first { $0.name == "iphone-15" })
        #expect(iphone.proposal == CGSize(width: 393, height: 852))
        #expect(iphone.environment?.device?.safeAreaInsets == WireInsets(top: 59, bottom: 34))
        #expect(devices.first { $0.name == "desktop" }?.environment?.device?.safeAreaInsets == WireInsets())
        let turned = SnapshotAxis.orientation.variants
        #expect(turned.map(\.name) == ["portrait", "landscape"])
        #expect(turned.last?.environment?.device?.safeAreaInsets == WireInsets(leading: 59, bottom: 21, trailing: 59))
        #expect(turned.last?.environment?.device?.verticalSizeClass == "compact")
    }
}
