import FoundationEssentials

/// A storyboard that loaded without errors, and the warnings found on the way.
public struct LoadedStoryboard: Sendable {
    /// The scenes and segues of the file.
    public var document: StoryboardDocument
    /// Problems that did not stop the load (no entry point, views drawn as placeholders…).
    public var warnings: [Diagnostic]

    /// A loaded storyboard; built by ``StoryboardLoader``, or by tests that need one.
    public init(document: StoryboardDocument, warnings: [Diagnostic]) {
        self.document = document
        self.warnings = warnings
    }
}

/// Reads and checks `.storyboard` files written by Xcode (format versions 1.1 to 3.0).
///
/// Loading is all or nothing: a file with any error (malformed XML, a DOCTYPE, a missing or
/// duplicate id, a segue to nowhere…) throws every diagnostic found, with line and column,
/// and no document.
public enum StoryboardLoader {
    /// Loads the file at `url`; storyboard references are looked up beside it, or in
    /// `references` when given.
    public static func load(contentsOf url: URL, references: ReferenceScope? = nil) throws(StoryboardLoadError) -> LoadedStoryboard {
        let fileName = url.isFileURL ? url.relativePath : url.absoluteString
        func unreadable(_ reason: String) -> StoryboardLoadError {
            StoryboardLoadError(diagnostics: [Diagnostic(.error, file: fileName, location: .unknown, reason)], isUnreadable: true)
        }
        guard url.isFileURL else { throw unreadable("cannot read the file: only local files are read") }
        var bytes: [UInt8]
        switch InputFile.read(path: url.path) {
        case .success(let read): bytes = read
        case .failure(let error): throw unreadable(error.reason)
        }
        let tree = try bytes.withUnsafeBufferPointer { (buffer) throws(StoryboardLoadError) in
            try parse(buffer, fileName: fileName)
        }
        // The tree holds everything the document is built from: the file's bytes can go
        // before the document is built, so the two never take memory at once.
        bytes = []
        return try build(tree, fileName: fileName, references: references ?? .folder(url.deletingLastPathComponent()))
    }

    /// Loads a storyboard from bytes. `fileName` is used in diagnostics and kept as the
    /// document's name; `directory`, when given, is where referenced storyboards are looked for.
    public static func load(
        data: Data, fileName: String, directory: URL? = nil
    ) throws(StoryboardLoadError) -> LoadedStoryboard {
        try load(data: data, fileName: fileName, references: directory.map(ReferenceScope.folder) ?? .unchecked)
    }

    /// Loads a storyboard from bytes, looking for referenced storyboards in `references`.
    public static func load(
        data: Data, fileName: String, references: ReferenceScope
    ) throws(StoryboardLoadError) -> LoadedStoryboard {
        let parsed: Result<XMLTree, StoryboardLoadError> = data.withUnsafeBytes { raw in
            Result { () throws(StoryboardLoadError) in
                try parse(raw.assumingMemoryBound(to: UInt8.self), fileName: fileName)
            }
        }
        return try build(parsed.get(), fileName: fileName, references: references)
    }

    /// The id of every element inside the file's scenes, including those the document does
    /// not model (constraints, accessibility): what a translation key may name. Empty when
    /// the bytes do not parse.
    public static func objectIDs(in data: Data) -> Set<String> {
        let parsed: Result<XMLTree, StoryboardLoadError> = data.withUnsafeBytes { raw in
            Result { () throws(StoryboardLoadError) in try parse(raw.assumingMemoryBound(to: UInt8.self), fileName: "") }
        }
        guard case .success(let tree) = parsed, let root = tree.root else { return [] }
        var ids: Set<String> = []
        for scenes in root.children(named: "scenes") {
            scenes.forEachDescendant(with: "id") { _, attribute in ids.insert(tree.value(of: tree.attributes[attribute])) }
        }
        return ids
    }

    /// The largest file read: positions and offsets inside the parsed tree are 32-bit.
    static let maximumFileSize = Int(Int32.max)

    /// Checks and parses bytes the caller keeps alive for the call; the preflight and the
    /// parser read this one buffer, and the tree keeps no pointer into it.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, fileName: String) throws(StoryboardLoadError) -> XMLTree {
        try check(bytes, fileName: fileName)
        switch XMLTreeBuilder.parse(bytes) {
        case .failure(let location, let message): throw unreadable([(location, message)], fileName: fileName)
        case .tree(let tree): return tree
        }
    }

    /// What every reader of a storyboard's bytes checks before parsing them: their size, and
    /// the ``XMLPreflight`` (UTF-8, no DOCTYPE…).
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, fileName: String) throws(StoryboardLoadError) {
        guard bytes.count <= maximumFileSize else {
            throw unreadable([(.unknown, "the file is too large for a storyboard (\(bytes.count) bytes; at most 2 GiB)")], fileName: fileName)
        }
        let preflight = XMLPreflight.problems(in: bytes)
        guard preflight.isEmpty else { throw unreadable(preflight, fileName: fileName) }
    }

    /// The error for bytes that do not parse, each problem an error at its place in `fileName`.
    static func unreadable(_ problems: [(SourceLocation, String)], fileName: String) -> StoryboardLoadError {
        StoryboardLoadError(diagnostics: problems.map { Diagnostic(.error, file: fileName, location: $0.0, $0.1) }, isUnreadable: true)
    }

    /// The document a parsed file describes, once mapped and validated.
    static func build(_ tree: XMLTree, fileName: String, references: ReferenceScope) throws(StoryboardLoadError) -> LoadedStoryboard {
        guard let root = tree.root else {
            throw StoryboardLoadError(diagnostics: [Diagnostic(.error, file: fileName, location: .unknown, "the file has no elements")], isUnreadable: true)
        }
        var mapper = StoryboardMapper(file: fileName)
        guard let document = mapper.map(root: root) else {
            throw StoryboardLoadError(diagnostics: mapper.diagnostics, isUnreadable: true)
        }
        var validator = StoryboardValidator(file: fileName, document: document, references: references)
        validator.validate(root: root)

        let diagnostics = Diagnostic.inFileOrder(mapper.diagnostics + validator.diagnostics)
        if diagnostics.contains(where: { $0.severity == .error }) {
            throw StoryboardLoadError(diagnostics: diagnostics)
        }
        return LoadedStoryboard(document: document, warnings: diagnostics)
    }
}
