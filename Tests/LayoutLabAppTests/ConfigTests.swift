import Foundation
import Testing
@testable import LayoutLabApp
@testable import LayoutLabCore

@Suite("Settings file")
struct ConfigTests {
    func temporaryFile() -> URL {
        URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("layoutlab-tests-\(UUID().uuidString)", isDirectory: true)
            .appendingPathComponent("settings.json")
    }

    @Test func roundTrips() throws {
        let url = temporaryFile()
        var s = LabSettings()
        s.layout = "Radial"
        s.scene = "Pets"
        s.proposalWidth = 320
        s.proposalHeight = 200
        s.widthMode = "nil"
        s.followsWindow = false
        s.windowWidth = 1024
        s.windowHeight = 700
        #expect(s.save(to: url, warn: { Issue.record("unexpected warning \($0)") }))
        let loaded = LabSettings.load(from: url, warn: { Issue.record("unexpected warning \($0)") })
        #expect(loaded == s)
    }

    @Test func missingFileGivesDefaultsSilently() {
        var warnings: [String] = []
        let s = LabSettings.load(from: temporaryFile(), warn: { warnings.append($0) })
        #expect(s == LabSettings())
        #expect(warnings.isEmpty)
    }

    @Test(arguments: ["{ not json", "", "[1, 2, 3]", "{\"layout\": 42}", "\u{0}\u{1}binary"])
    func corruptFileGivesDefaultsWithAWarning(contents: String) throws {
        let url = temporaryFile()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: url)
        var warnings: [String] = []
        let s = LabSettings.load(from: url, warn: { warnings.append($0) })
        #expect(s == LabSettings())
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains(url.path) == true)
    }

    @Test func oversizedFileIsRefusedUnread() throws {
        // A 300 MB file took 212 s and 5.7 GB to start the app; anything over the limit is refused.
        let url = temporaryFile()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let padding = String(repeating: " ", count: Int(LabSettings.maximumFileSize))
        try Data(("{\"layout\": \"Flow\"}" + padding).utf8).write(to: url)
        var warnings: [String] = []
        let s = LabSettings.load(from: url, warn: { warnings.append($0) })
        #expect(s == LabSettings())
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("more than") == true)
    }

    @Test func aSymlinkToAnOversizedFileIsRefusedUnread() throws {
        // The cap was checked on the link's own size: a link to a 300 MB file took 399 MB.
        let url = temporaryFile()
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let big = folder.appendingPathComponent("elsewhere.json")
        // Valid JSON, so only the size check can refuse it.
        try Data(("{\"layout\": \"Flow\"}" + String(repeating: " ", count: Int(LabSettings.maximumFileSize))).utf8).write(to: big)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "elsewhere.json")
        var warnings: [String] = []
        let s = LabSettings.load(from: url, warn: { warnings.append($0) })
        #expect(s == LabSettings())
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("more than the 65536 bytes a settings file may have") == true)
    }

    @Test func savingThroughASymlinkKeepsTheLink() throws {
        // Settings kept with dotfiles: saving replaced the person's link with a regular file.
        let url = temporaryFile()
        let folder = url.deletingLastPathComponent()
        let dotfiles = folder.appendingPathComponent("dotfiles", isDirectory: true)
        try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
        let target = dotfiles.appendingPathComponent("layoutlab.json")
        try Data("{}".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: "dotfiles/layoutlab.json")
        var s = LabSettings()
        s.layout = "Radial"
        #expect(s.save(to: url, warn: { Issue.record("unexpected warning \($0)") }))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: url.path) == "dotfiles/layoutlab.json")
        let saved = try JSONDecoder().decode(LabSettings.self, from: Data(contentsOf: target))
        #expect(saved.layout == "Radial")
        #expect(LabSettings.load(from: url, warn: { Issue.record("unexpected warning \($0)") }).layout == "Radial")
    }

    @Test func partialFileKeepsWhatItHas() throws {
        let url = temporaryFile()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"layout": "Flow", "unknownKey": true}"#.utf8).write(to: url)
        let s = LabSettings.load(from: url, warn: { Issue.record("unexpected warning \($0)") })
        #expect(s.layout == "Flow")
        #expect(s.scene == nil)
    }

    @Test func unwritableLocationWarnsInsteadOfThrowing() {
        var warnings: [String] = []
        let ok = LabSettings().save(to: URL(fileURLWithPath: "/proc/layoutlab/settings.json"), warn: { warnings.append($0) })
        #expect(!ok)
        #expect(warnings.count == 1)
    }

    @Test func locationFollowsXDG() {
        #expect(LabSettings.fileURL(environment: ["XDG_CONFIG_HOME": "/tmp/cfg", "HOME": "/home/u"]).path
                == "/tmp/cfg/layoutlab/settings.json")
        #expect(LabSettings.fileURL(environment: ["HOME": "/home/u"]).path == "/home/u/.config/layoutlab/settings.json")
        #expect(LabSettings.fileURL(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/u"]).path
                == "/home/u/.config/layoutlab/settings.json")
    }

    /// An unusable file is moved aside (never overwritten by the next save), numbered when a
    /// copy is already there.
    @Test func unusableFilesAreKeptAside() throws {
        let url = temporaryFile()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "not json".write(to: url, atomically: true, encoding: .utf8)
        let first = LabSettings.loadReporting(from: url)
        #expect(first.problem?.contains("settings.json.unreadable") == true || first.problem?.contains(".unreadable") == true)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        let aside = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".unreadable")
        #expect(try String(contentsOf: aside, encoding: .utf8) == "not json")
        try "[1]".write(to: url, atomically: true, encoding: .utf8)
        _ = LabSettings.loadReporting(from: url)
        let second = url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".unreadable-2")
        #expect(try String(contentsOf: second, encoding: .utf8) == "[1]")
        #expect(LabSettings.loadReporting(from: url).problem == nil, "a missing file is no problem")
    }
}
