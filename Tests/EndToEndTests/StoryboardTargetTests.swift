import CommandSupport
import Foundation
import Testing

/// When a command's target reads the folder around it: a folder at once (what it opens
/// depends on it), a lone file's folder only when a command asks for the index.
@Suite struct StoryboardTargetTests {
    let folder: URL

    init() throws {
        folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-target-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try add("A.storyboard")
    }

    func add(_ name: String) throws {
        try Data("<document/>".utf8).write(to: folder.appendingPathComponent(name))
    }

    func names(_ target: StoryboardTarget) -> [String] {
        target.index.storyboards.map(\.url.lastPathComponent).sorted()
    }

    @Test func aFilesFolderIsWalkedWhenItsIndexIsFirstAskedForAndThenKept() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = try StoryboardTarget.resolve(folder.appendingPathComponent("A.storyboard").path)
        // Added after resolving: a walk made then would not list it.
        try add("B.storyboard")
        #expect(names(target) == ["A.storyboard", "B.storyboard"])
        #expect(target.app == nil)
        try add("C.storyboard")
        #expect(names(target) == ["A.storyboard", "B.storyboard"])
    }

    @Test func aFolderIsWalkedWhenResolved() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = try StoryboardTarget.resolve(folder.path)
        try add("B.storyboard")
        #expect(names(target) == ["A.storyboard"])
    }
}
