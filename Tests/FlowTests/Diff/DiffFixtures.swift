import Foundation
import Testing

@testable import Flow

/// The diff's fixture pairs: `NAME.old.storyboard` and `NAME.new.storyboard` in
/// Fixtures/Diff. The old file of each bundled storyboard's pair is a copy of it; the new one
/// has the edits the tests name, no more.
enum DiffFixtures {
    static func data(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "storyboard", subdirectory: "Fixtures/Diff"))
        return try Data(contentsOf: url)
    }

    /// Both versions of pair `name`, checked.
    static func versions(_ name: String) throws -> (StoryboardDiff.Version, StoryboardDiff.Version) {
        let old = try StoryboardDiff.Version(data: data(name + ".old"), fileName: name + ".old.storyboard")
        let new = try StoryboardDiff.Version(data: data(name + ".new"), fileName: name + ".new.storyboard")
        return (old, new)
    }

    /// The changes of pair `name`, named as the storyboard `name.storyboard`.
    static func changes(_ name: String, options: StoryboardDiff.Options = .init()) throws -> [StoryboardChange] {
        let (old, new) = try versions(name)
        return StoryboardDiff.changes(from: old, to: new, storyboard: name + ".storyboard", options: options)
    }

    /// The JSON of pair `name`.
    static func json(_ name: String) throws -> String {
        StoryboardDiff.json(old: name + ".old.storyboard", new: name + ".new.storyboard", changes: try changes(name))
    }
}
