import FoundationEssentials

/// What changed between two versions of a storyboard, in storyboard terms: scenes, segues,
/// views, texts, properties, connections, constraints, references and the initial scene.
///
/// Both files must load as `run` loads them (a file with errors throws its diagnostics); they
/// are then read into ``DiffSnapshot``s, paired by ``DiffMatcher`` and compared object by
/// object. What carries no meaning is never compared (see ``DiffSnapshot``), so a re-save by
/// a newer Xcode is no change at all.
public enum StoryboardDiff {
    /// What the comparison reports beyond the default.
    public struct Options: Sendable {
        /// List every frame that moved, in any document, instead of a count per scene in
        /// documents without Auto Layout.
        public var layout = false
        public init(layout: Bool = false) { self.layout = layout }
    }

    /// A storyboard file read for comparison: checked as the loader checks it, and kept.
    public struct Version: Sendable {
        /// The runtime's document, for drawing its scenes; `nil` for a file the runtime
        /// refuses though it is a well-formed storyboard (see ``init(data:fileName:)``).
        public let document: StoryboardDocument?
        let snapshot: DiffSnapshot.Box

        /// Reads `data`; errors name `fileName` with line and column. References to other
        /// storyboards are not checked: a diff compares one file. A file that is not
        /// well-formed XML, or not a storyboard, is an error; one the runtime would refuse for
        /// what it means (an unwind segue to another scene's exit, which Xcode writes) is
        /// still compared, as a reviewer needs to see its changes all the same.
        public init(data: Data, fileName: String) throws(StoryboardLoadError) {
            let parsed: Result<XMLTree, StoryboardLoadError> = data.withUnsafeBytes { raw in
                Result { () throws(StoryboardLoadError) in
                    try StoryboardLoader.parse(raw.assumingMemoryBound(to: UInt8.self), fileName: fileName)
                }
            }
            let tree = try parsed.get()
            do {
                document = try StoryboardLoader.build(tree, fileName: fileName, references: .unchecked).document
            } catch {
                guard let root = tree.root, root.name == "document", !root.children(named: "scenes").isEmpty else { throw error }
                document = nil
            }
            snapshot = DiffSnapshot.Box(DiffSnapshot(tree: tree))
        }
    }

    /// The changes from `old` to `new`, one storyboard named `storyboard`, in the order a
    /// reader wants them: the initial scene, then scene by scene in the new file's order,
    /// then the scenes removed.
    /// A version that is `nil` is a storyboard added or removed: all its scenes are.
    public static func changes(from old: Version?, to new: Version?, storyboard: String, options: Options = Options()) -> [StoryboardChange] {
        var comparison = Comparison(
            old: old?.snapshot.value ?? DiffSnapshot(), new: new?.snapshot.value ?? DiffSnapshot(), storyboard: storyboard, options: options)
        comparison.run()
        return comparison.changes
    }

    /// The changes between two files' bytes (see ``changes(from:to:storyboard:options:)``).
    public static func changes(
        old: Data, oldName: String, new: Data, newName: String, storyboard: String, options: Options = Options()
    ) throws(StoryboardLoadError) -> [StoryboardChange] {
        let before = try Version(data: old, fileName: oldName)
        let after = try Version(data: new, fileName: newName)
        return changes(from: before, to: after, storyboard: storyboard, options: options)
    }
}

extension DiffSnapshot {
    /// A snapshot shared, never changed, between a version and its comparisons.
    final class Box: @unchecked Sendable {
        let value: DiffSnapshot
        init(_ value: DiffSnapshot) { self.value = value }
    }
}
