import FoundationEssentials

/// A folder of storyboards, walked once: every storyboard in it, the apps its `Info.plist`
/// files describe, and the translations beside them.
///
/// Xcode's build copies every storyboard of a target into one bundle, so a storyboard
/// reference names another storyboard by its name alone, wherever it sits in the source
/// tree; the index answers those lookups the same way (``resolve(_:from:)``), without
/// touching the disk again. Storyboards are loaded only when something asks for them.
public final class StoryboardIndex: Sendable {
    /// A storyboard file found in the folder.
    public struct StoryboardFile: Sendable, Hashable {
        /// The file, under the root as it was given (so diagnostics name it as the user would).
        public let url: URL
        /// Its name without `.storyboard`: what references and `Info.plist` call it.
        public let name: String
        /// The `.lproj` folder it is in, without the extension (`Base`, `de`), if any.
        public let localization: String?
        /// Its path from the root, `.storyboard` included.
        public let relativePath: String
        /// The folder its localizations are grouped in: the parent of its `.lproj`, or its own.
        let group: String
        /// Its absolute path, as the index compares files (worked out once, during the walk).
        public let path: String

        /// Where a state file and a restoration archive say it lives: its path from the root,
        /// without `.storyboard`.
        public var key: String { String(relativePath.dropLast(StoryboardIndex.storyboardExtension.count)) }
    }

    /// An app of the folder: an `Info.plist` that names a storyboard and is no extension's.
    public struct App: Sendable {
        /// What its `Info.plist` says.
        public let manifest: AppManifest
        /// The folder holding the `Info.plist`.
        public let root: URL
        /// The plist's path from the index's root.
        public let relativePath: String
        /// The folder's absolute path.
        let rootPath: String
        /// What the launcher calls it: the plist's display name, else its folder's name.
        public var name: String {
            manifest.displayName ?? root.lastPathComponent
        }
    }

    /// A translation file: `xx.lproj/NAME.strings`, or a string catalog `NAME.xcstrings`.
    struct TranslationFile: Sendable {
        enum Kind: Sendable { case strings, catalog }
        let url: URL
        /// The table's name: the storyboard it translates.
        let table: String
        /// The `.lproj` folder's language (`de`, `pt-BR`, `Base`), `nil` for a catalog.
        let language: String?
        let group: String
        let kind: Kind
        /// Its absolute path.
        let path: String
    }

    /// The folder as given.
    public let root: URL
    /// Every storyboard, in path order.
    public let storyboards: [StoryboardFile]
    /// The apps, in path order.
    public let apps: [App]
    /// `Info.plist` files that could not be read, as warnings naming the file.
    public let problems: [Diagnostic]
    /// Whether the walk stopped before the end (a folder far larger than any project).
    public let isIncomplete: Bool
    /// Whether the folder holds an Xcode project (`NAME.xcodeproj`) at its top.
    public let hasProject: Bool
    /// Whether every subfolder was walked (else only the folder and its `.lproj` folders).
    public let isRecursive: Bool
    let translationFiles: [TranslationFile]
    private let byName: [String: [Int]]
    private let rootPath: String

    static let storyboardExtension = ".storyboard"
    /// The most entries a walk reads before it stops: a project has a few thousand; a home
    /// folder given by mistake must not keep the app from starting.
    static let entryLimit = 200_000
    static let depthLimit = 40

    /// Walks `root` (every subfolder unless `recursive` is false, in which case only the
    /// folder and its `.lproj` subfolders). Unreadable subfolders are skipped. Files are
    /// named under the root as given (`MyApp/Base.lproj/Main.storyboard`), or from the root
    /// itself when `namesFromRoot` (`Main.storyboard`, for a folder whose place means nothing
    /// to the user, such as the bundled storyboards').
    public convenience init(walking root: URL, recursive: Bool = true, namesFromRoot: Bool = false) {
        var walker = FolderWalker(root: root, recursive: recursive, namesFromRoot: namesFromRoot)
        walker.walk()
        self.init(root: root, found: walker)
    }

    private init(root: URL, found walker: FolderWalker) {
        self.root = root
        rootPath = walker.rootPath
        storyboards = walker.storyboards.sorted { $0.relativePath < $1.relativePath }
        apps = walker.apps.sorted { $0.relativePath < $1.relativePath }
        problems = walker.problems
        isIncomplete = walker.isIncomplete
        hasProject = walker.hasProject
        isRecursive = walker.recursive
        translationFiles = walker.translations.sorted { $0.url.relativePath < $1.url.relativePath }
        var byName: [String: [Int]] = [:]
        for (index, file) in storyboards.enumerated() { byName[file.name, default: []].append(index) }
        self.byName = byName
    }

    // MARK: Looking storyboards up

    /// How a storyboard name resolved.
    public struct Lookup: Sendable {
        /// The file a reference to the name opens, if any.
        public let file: StoryboardFile?
        /// Other files of the same name that are not localizations of it: true duplicates,
        /// which a build would refuse to copy into one bundle.
        public let duplicates: [StoryboardFile]
    }

    /// The storyboard a reference named `name` opens, as the build would: among the files
    /// of the app holding `referencingFile` first (then the whole folder), the one in
    /// `Base.lproj` where a name has several, else one outside any `.lproj`, else English.
    public func resolve(_ name: String, from referencingFile: URL? = nil) -> Lookup {
        var bare = name
        if bare.hasSuffix(Self.storyboardExtension) { bare.removeLast(Self.storyboardExtension.count) }
        var candidates = (byName[bare] ?? []).map { storyboards[$0] }
        if candidates.isEmpty {
            // A file system that ignores case (macOS's) finds those too; so does the build there.
            let lowered = bare.lowercased()
            candidates = storyboards.filter { $0.name.lowercased() == lowered }
        }
        guard !candidates.isEmpty else { return Lookup(file: nil, duplicates: []) }
        if let referencingFile, let app = app(containing: referencingFile) {
            let inApp = candidates.filter { Self.isInside($0.path, folder: app.rootPath) }
            if !inApp.isEmpty { candidates = inApp }
        }
        let ordered = candidates.sorted { first, second in
            let a = Self.preference(first)
            let b = Self.preference(second)
            return a != b ? a < b : first.relativePath < second.relativePath
        }
        let chosen = ordered[0]
        return Lookup(file: chosen, duplicates: ordered.dropFirst().filter { $0.group != chosen.group })
    }

    private static func preference(_ file: StoryboardFile) -> Int {
        switch file.localization?.lowercased() {
        case "base": 0
        case nil: 1
        case "en", "english": 2
        default: 3
        }
    }

    /// The storyboard `app` launches with, if the folder holds it.
    public func mainStoryboard(of app: App) -> StoryboardFile? {
        app.manifest.mainStoryboard.flatMap { resolve($0, from: app.manifest.plistURL).file }
    }

    /// The languages the folder's `.lproj` translation files are in (not `Base`), as their
    /// folders spell them; string catalogs' languages are known only once read.
    public var stringsLanguages: Set<String> {
        Set(translationFiles.compactMap { $0.kind == .strings && $0.language?.lowercased() != "base" ? $0.language : nil })
    }

    /// Whether the folder holds string catalogs (`.xcstrings`).
    public var hasStringCatalogs: Bool {
        translationFiles.contains { $0.kind == .catalog }
    }

    /// The indexed storyboard at `url`, if it is one.
    public func file(at url: URL) -> StoryboardFile? {
        let path = Self.absolutePath(url)
        return storyboards.first { $0.path == path }
    }

    /// The storyboard whose key (path from the root without extension) is `key`.
    public func file(key: String) -> StoryboardFile? {
        storyboards.first { $0.key == key }
    }

    /// The innermost app whose folder holds `url`.
    public func app(containing url: URL) -> App? {
        let path = Self.absolutePath(url)
        return apps.filter { Self.isInside(path, folder: $0.rootPath) }.max { $0.rootPath.count < $1.rootPath.count }
    }

    /// `url`'s path from the root, when it lies inside it.
    public func relativePath(of url: URL) -> String? {
        let path = Self.absolutePath(url)
        guard Self.isInside(path, folder: rootPath) else { return nil }
        return String(path.dropFirst(rootPath == "/" ? 1 : rootPath.count + 1))
    }

    // MARK: Finding a file's project

    /// The folder of the project `file` belongs to: the nearest folder above it that holds an
    /// app's `Info.plist` (one naming a storyboard) or an Xcode project (`NAME.xcodeproj`).
    /// The search stops at the top of a git repository and at the file system's root.
    public static func enclosingProject(of file: URL) -> URL? {
        var folder = URL(fileURLWithPath: absolutePath(file)).deletingLastPathComponent()
        for _ in 0..<depthLimit {
            switch FolderWalker.projectMarks(in: folder.path) {
            case .project: return folder
            case .repositoryTop: return nil
            case .none: break
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
        return nil
    }

    // MARK: Paths

    /// `url`'s absolute path, with `.` and `..` resolved: how the index compares files.
    public static func absolutePath(_ url: URL) -> String {
        url.standardizedFileURL.path
    }

    static func isInside(_ path: String, folder: String) -> Bool {
        folder == "/" ? path.hasPrefix("/") : path.hasPrefix(folder + "/")
    }
}
