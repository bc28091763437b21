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

    /// A storyboard file read for comparison: parsed as the loader parses it, and kept.
    public struct Version {
        let snapshot: DiffSnapshot.Box

        /// The runtime's document, for drawing its scenes; built the first time it is asked
        /// for, as comparing needs only the parsed file. `nil` for a file the runtime refuses
        /// though it is a well-formed storyboard (see ``init(data:fileName:)``), and for a
        /// version made only to be compared (``init(comparing:)``).
        public var document: StoryboardDocument? { snapshot.document }

        /// The texts a person reads on the object with `id` and on every object inside it, in
        /// file order: what marks a view added or removed (a row, a label) in a picture.
        public func texts(inside id: String) -> [String] {
            let value = snapshot.value
            guard let start = value.index[id] else { return [] }
            var inside: Set<String> = [id]
            var texts: [String] = []
            for object in value.objects[start...] where object.id == id || object.parent.map(inside.contains) == true {
                guard object.scene == value.objects[start].scene else { break }
                inside.insert(object.id)
                texts += object.texts.map(\.value).filter { !$0.isEmpty }
            }
            return texts
        }

        /// Reads `data`; errors name `fileName` with line and column. A file that is not
        /// well-formed XML (the loader's own parser and checks), or not a storyboard, is an
        /// error. One the runtime would refuse for what it means (an unwind segue to another
        /// scene's exit, which Xcode writes; a segue to a scene that is not there) is still
        /// compared: a reviewer needs its changes all the same, and `storyboard check` is
        /// where its problems are listed. References to other storyboards are not checked.
        public init(data: Data, fileName: String) throws(StoryboardLoadError) {
            try self.init(bytes: [UInt8](data), fileName: fileName)
        }

        /// Reads `bytes` (see ``init(data:fileName:)``), as a file's reader hands them over.
        /// The snapshot is read straight from the parser's events; the bytes are kept for the
        /// runtime's document, parsed again only if it is asked for.
        public init(bytes: [UInt8], fileName: String) throws(StoryboardLoadError) {
            let read: Result<DiffSnapshot, StoryboardLoadError> = bytes.withUnsafeBufferPointer { buffer in
                Result { () throws(StoryboardLoadError) in try DiffSnapshot.read(buffer, fileName: fileName) }
            }
            snapshot = DiffSnapshot.Box(try read.get(), bytes: bytes, fileName: fileName)
        }

        /// A version of a file already parsed that is only ever compared, never drawn (a live
        /// reload parses each save once, for the loader and for this): the tree is not kept,
        /// so its ``document`` is `nil`, and the version holds the snapshot alone.
        init(comparing tree: XMLTree) {
            snapshot = DiffSnapshot.Box(DiffSnapshot(tree: tree), bytes: nil, fileName: "")
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
    /// A snapshot shared between a version and its comparisons, and what its document is
    /// built from when first asked for (so not `Sendable`: one thread reads it).
    final class Box {
        let value: DiffSnapshot
        /// The file's bytes, until its document is built; nil for a version only ever compared.
        private var bytes: [UInt8]?
        private let fileName: String
        private var built: StoryboardDocument??

        init(_ value: DiffSnapshot, bytes: [UInt8]?, fileName: String) {
            self.value = value
            self.bytes = bytes
            self.fileName = fileName
        }

        var document: StoryboardDocument? {
            if let built { return built }
            let tree = bytes?.withUnsafeBufferPointer { buffer in try? StoryboardLoader.parse(buffer, fileName: fileName) }
            let document = tree.flatMap { try? StoryboardLoader.build($0, fileName: fileName, references: .unchecked).document }
            built = .some(document)
            bytes = nil
            return document
        }
    }
}
