import FoundationEssentials

/// Follows a running storyboard's files as they are saved: reads the folder again, checks
/// every storyboard that changed, and, when all of them load, rebuilds the user's place
/// (``LivePlace``) from the new files and says what changed in `storyboard diff`'s terms.
///
/// A save that does not load (half-written XML, a segue to a scene that is not there)
/// changes nothing: the last good screens stay, and the next save is compared with them.
/// What to watch is ``folders``; a ``FileWatcher`` tells when to call ``reload(changed:)``.
public final class LiveReloader {
    /// What a reload did.
    public enum Outcome {
        /// The storyboards read the same as before (a file saved unchanged, a swap file).
        case unchanged
        /// The new files are on screen.
        case reloaded(LiveReload)
        /// A file did not load; nothing changed on screen.
        case failed(LiveReloadFailure)
    }

    public let application: Application
    /// The folder's walk the screens come from.
    public private(set) var index: StoryboardIndex
    private let walk: () -> StoryboardIndex
    private let rootFile: (StoryboardIndex) -> URL?
    /// The bytes of each storyboard as last loaded, by absolute path: what a save is compared
    /// with. The diff reads them again when their file changes, so that nothing else of the
    /// last version stays between saves.
    private var kept: [String: [UInt8]] = [:]

    /// Follows `application`, whose storyboards come from `index`. `walk` walks the folder
    /// again (files made or removed, a changed Info.plist); `rootFile` says which storyboard
    /// of a walk the window's root comes from (the file given, the app's main storyboard).
    public init(
        application: Application, index: StoryboardIndex, walk: @escaping () -> StoryboardIndex,
        rootFile: @escaping (StoryboardIndex) -> URL?
    ) {
        self.application = application
        self.index = index
        self.walk = walk
        self.rootFile = rootFile
        for file in index.storyboards {
            if case .success(let bytes) = InputFile.read(path: file.path) { kept[file.path] = bytes }
        }
    }

    /// The folders to watch: the root, and every folder holding a storyboard, a translation
    /// or an app's `Info.plist`, as absolute paths.
    public var folders: [String] {
        var folders: Set<String> = [StoryboardIndex.absolutePath(index.root)]
        for file in index.storyboards { folders.insert(Self.folder(of: file.path)) }
        for file in index.translationFiles { folders.insert(Self.folder(of: file.path)) }
        for app in index.apps { folders.insert(app.rootPath) }
        return folders.sorted()
    }

    /// Whether a file of this name can change what shows: a storyboard, a translation
    /// (`.strings`, `.stringsdict`, `.xcstrings`) or a property list. Editors' swap and
    /// backup files (`.Main.storyboard.swp`, `Main.storyboard~`) are not.
    public static func isWatched(_ name: String) -> Bool {
        guard !name.hasPrefix(".") else { return false }
        return [".storyboard", ".strings", ".stringsdict", ".xcstrings", ".plist"].contains { name.hasSuffix($0) }
    }

    /// Reads the folder again and, when a storyboard changed and every changed one loads,
    /// rebuilds the window at the place it was. `changed` are the files the watcher heard
    /// (a translation or an Info.plist changing reloads too).
    public func reload(changed: Set<String> = []) -> Outcome {
        let walked = walk()
        var reads: [String: [UInt8]] = [:]
        var loaded: [String: LoadedStoryboard] = [:]
        var changes: [StoryboardChange] = []
        var problems: [Diagnostic] = []
        for file in walked.storyboards {
            let bytes: [UInt8]
            switch InputFile.read(path: file.path) {
            case .success(let read): bytes = read
            case .failure(let error):
                // Gone between the walk and the read: the next event walks again.
                problems.append(Diagnostic(
                    .error, file: Self.shownName(file.url), location: .unknown, error.reason))
                continue
            }
            if let same = kept[file.path], same == bytes {
                // Unchanged: the copy kept stays where it is, and the one just read goes.
                reads[file.path] = same
                continue
            }
            reads[file.path] = bytes
            let fileName = Self.shownName(file.url)
            do throws(StoryboardLoadError) {
                let tree = try bytes.withUnsafeBufferPointer { (buffer) throws(StoryboardLoadError) in
                    try StoryboardLoader.parse(buffer, fileName: fileName)
                }
                // What changed, in the diff's terms, before the document is built: both
                // versions' snapshots are gone before anything the screens keep is made, so
                // the memory they passed through is free again in one piece.
                let fileChanges = StoryboardDiff.changes(
                    from: keptVersion(path: file.path, name: file.url.relativePath),
                    to: StoryboardDiff.Version(comparing: tree), storyboard: file.relativePath)
                loaded[file.url.standardizedFileURL.path] = try StoryboardLoader.build(
                    tree, fileName: fileName, references: .index(walked, file: file.url))
                changes += fileChanges
            } catch {
                problems += error.errors.isEmpty ? error.diagnostics : error.errors
            }
        }
        if !problems.isEmpty {
            return .failed(LiveReloadFailure(diagnostics: Diagnostic.inFileOrder(problems)))
        }
        let removed = kept.keys.filter { reads[$0] == nil }.sorted()
        let others = changed.filter { !$0.hasSuffix(".storyboard") && Self.isWatched(Self.name(of: $0)) }.sorted()
        guard !loaded.isEmpty || !removed.isEmpty || !others.isEmpty else { return .unchanged }
        guard let rootURL = rootFile(walked) else {
            return .failed(LiveReloadFailure(diagnostics: [Diagnostic(
                .error, file: walked.root.relativePath, location: .unknown, "the app no longer names a main storyboard that is in the folder")]))
        }
        // Deleted, or renamed away: wait for it to come back (an editor's save that removes
        // the file before writing it again, a branch without it).
        guard reads[StoryboardIndex.absolutePath(rootURL)] != nil else {
            return .failed(LiveReloadFailure(diagnostics: [Diagnostic(
                .error, file: Self.shownName(rootURL), location: .unknown, "the file is gone")]))
        }
        for path in removed {
            let name = index.relativePath(of: URL(fileURLWithPath: path)) ?? path
            if let old = keptVersion(path: path, name: name) {
                changes += StoryboardDiff.changes(from: old, to: nil, storyboard: name)
            }
        }
        let place = LivePlace(of: application)
        application.replaceStoryboards(index: walked, loaded: loaded)
        let storyboard: Storyboard
        do {
            storyboard = try application.storyboard(contentsOf: rootURL)
        } catch {
            return .failed(LiveReloadFailure(diagnostics: [Diagnostic(
                .error, file: rootURL.relativePath, location: .unknown, DiagnosticText.escaped(error.description))]))
        }
        var summary = StoryboardDiff.summary(changes)
        let translations = others.filter { !$0.hasSuffix(".plist") }.count
        if translations > 0 { summary += (summary.isEmpty ? "" : ", ") + CountedNoun.phrase(translations, "translation file") }
        if others.contains(where: { $0.hasSuffix(".plist") }) { summary += (summary.isEmpty ? "" : ", ") + "Info.plist" }
        if summary.isEmpty { summary = "no change that shows" }
        let notes = [summary] + changes.map(StoryboardDiff.line)
        let restoration: LiveRestoration
        if let place {
            restoration = application.restore(place, from: storyboard, notes: notes)
        } else if let initial = storyboard.instantiateInitialViewController() {
            application.setRootViewController(initial)
            restoration = LiveRestoration(lostScenes: [], startedOver: true)
        } else {
            restoration = LiveRestoration(lostScenes: [], startedOver: true)
        }
        // Only now is the new text the one later saves are compared with.
        index = walked
        kept = reads
        return .reloaded(LiveReload(summary: summary, changes: changes, restoration: restoration))
    }

    /// The diff's version of the file kept at `path`, read again from its bytes; nil when
    /// there is none (a file new to the folder).
    private func keptVersion(path: String, name: String) -> StoryboardDiff.Version? {
        guard let bytes = kept[path] else { return nil }
        return try? bytes.withUnsafeBufferPointer { (buffer) throws(StoryboardLoadError) in
            StoryboardDiff.Version(comparing: try StoryboardLoader.parse(buffer, fileName: name))
        }
    }

    /// A file's name as diagnostics give it: as the walk named it, without a leading `./`.
    private static func shownName(_ url: URL) -> String {
        let path = url.relativePath
        return path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}

/// A reload that put the new files on screen.
public struct LiveReload {
    /// What changed, counted: "2 texts, 1 segue".
    public var summary: String
    /// Every change, as `storyboard diff` lists them.
    public var changes: [StoryboardChange]
    /// The scenes the user's place lost.
    public var restoration: LiveRestoration

    /// The status line: what changed, and where the user is when a scene they were on went.
    public var statusLine: String {
        var line = "reloaded: " + summary
        let lost = restoration.lostScenes
        if restoration.startedOver {
            line += "; \(lost.first.map(DiagnosticText.escaped) ?? "the first scene") is gone, back at the first scene"
        } else if !lost.isEmpty {
            let names = lost.map(DiagnosticText.escaped).joined(separator: ", ")
            line += "; \(names) \(lost.count == 1 ? "is" : "are") gone, showing the nearest scene left"
        }
        return line
    }
}

/// A save that did not load: its problems, each `FILE:LINE:COLUMN: error: message`.
public struct LiveReloadFailure: Sendable {
    public var diagnostics: [Diagnostic]

    /// The status line: the first problem, escaped to one line, and how many more there are.
    public var statusLine: String {
        guard let first = diagnostics.first else { return "the storyboard did not load" }
        let more = diagnostics.count > 1 ? " (and \(diagnostics.count - 1) more)" : ""
        return DiagnosticText.escaped(first.description) + more + "; showing the last good version"
    }
}
