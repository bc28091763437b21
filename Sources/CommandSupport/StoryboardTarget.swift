import BundledStoryboards
import Flow
import FoundationEssentials
import Glibc

/// What a command was asked to open: a storyboard file, an app's folder, any folder of
/// storyboards, or a bundled storyboard by name.
///
/// Every subcommand resolves its targets here, so `run`, `render`, `check`, `graph`,
/// `unwind`, `monkey` and `serve` accept the same things and fail the same way:
///
/// - a folder is walked once (``StoryboardIndex``); with one app in it (an `Info.plist`
///   naming a storyboard), the target is that app's main storyboard; with several apps, or
///   none, the target is the folder's launcher, which lists them (or its storyboards);
/// - a file is a storyboard; when it lies in an app's folder (the nearest folder above it
///   holding an app's `Info.plist` or an `.xcodeproj`), it runs as part of that app, so its
///   references and translations resolve across the app;
/// - anything else is looked up among the bundled storyboards (`dailybuzz`, `"Segue Tour"`);
/// - anything else again is one line naming the target and the bundled names, status 2.
public struct StoryboardTarget: Sendable {
    /// What opening the target shows first.
    public enum Opening: Sendable {
        /// A storyboard's initial scene.
        case storyboard(URL)
        /// The folder's launcher: its apps, or its storyboards.
        case launcher
        /// The app's main storyboard, which the folder does not hold: a stand-in says so.
        case missingMainStoryboard(String, app: StoryboardIndex.App)
    }

    /// What opening the target shows first.
    public let opening: Opening
    /// Whether the target is one of the bundled storyboards.
    public let isBundled: Bool
    /// Whether the target named a folder.
    public let isFolder: Bool
    /// The folder the storyboards come from, walked once: the app's, the folder given, the
    /// bundled storyboards', or a lone file's own folder with its `.lproj` folders. A file's
    /// folder is walked the first time this is asked for: `diff` of two files never asks.
    public var index: StoryboardIndex { surroundings.value.index }
    /// The app the target belongs to, when it is in one.
    public var app: StoryboardIndex.App? { surroundings.value.app }

    /// The walked folder and the app in it.
    private typealias Surroundings = (index: StoryboardIndex, app: StoryboardIndex.App?)
    private let surroundings: WalkedOnce<Surroundings>

    private init(opening: Opening, isBundled: Bool, isFolder: Bool, index: StoryboardIndex, app: StoryboardIndex.App?) {
        self.init(opening: opening, isBundled: isBundled, isFolder: isFolder, surroundings: WalkedOnce(walked: (index: index, app: app)))
    }

    private init(
        opening: Opening, isBundled: Bool, isFolder: Bool,
        surroundings: WalkedOnce<Surroundings>
    ) {
        self.opening = opening
        self.isBundled = isBundled
        self.isFolder = isFolder
        self.surroundings = surroundings
    }

    /// The storyboard file opened first, if the target is one (or an app with one).
    public var url: URL? {
        if case .storyboard(let url) = opening { return url }
        return nil
    }

    /// Resolves `target`; the failure is one line for standard error, already escaped.
    public static func resolve(_ target: String) throws(CommandFailure) -> StoryboardTarget {
        let shown = "\"" + DiagnosticText.escaped(target) + "\""
        var status = stat()
        if !target.isEmpty, stat(target, &status) == 0 {
            if (status.st_mode & S_IFMT) == S_IFDIR {
                return folder(URL(fileURLWithPath: target, isDirectory: true))
            }
            return file(URL(fileURLWithPath: target))
        }
        if let bundled = BundledStoryboards.url(named: target) {
            let index = StoryboardIndex(walking: BundledStoryboards.directory, recursive: false, namesFromRoot: true)
            return StoryboardTarget(opening: .storyboard(bundled), isBundled: true, isFolder: false, index: index, app: nil)
        }
        throw CommandFailure(status: .usage, message: "no file, folder or bundled storyboard named \(shown) (bundled: \(bundledNames))")
    }

    /// An app's folder, or any folder of storyboards. An Xcode project's bundle
    /// (`MyApp.xcodeproj`) stands for the folder it is in.
    private static func folder(_ given: URL) -> StoryboardTarget {
        var folder = given
        let name = given.lastPathComponent
        if name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") {
            folder = given.deletingLastPathComponent()
        }
        let index = StoryboardIndex(walking: folder)
        guard index.apps.count == 1, let app = index.apps.first, let main = app.manifest.mainStoryboard else {
            return StoryboardTarget(opening: .launcher, isBundled: false, isFolder: true, index: index, app: nil)
        }
        guard let file = index.mainStoryboard(of: app) else {
            return StoryboardTarget(opening: .missingMainStoryboard(main, app: app), isBundled: false, isFolder: true, index: index, app: app)
        }
        return StoryboardTarget(opening: .storyboard(file.url), isBundled: false, isFolder: true, index: index, app: app)
    }

    /// A storyboard file, in its app when it is in one.
    private static func file(_ url: URL) -> StoryboardTarget {
        StoryboardTarget(
            opening: .storyboard(url), isBundled: false, isFolder: false,
            surroundings: WalkedOnce<Surroundings> { () -> Surroundings in
                if let project = StoryboardIndex.enclosingProject(of: url) {
                    // The project's folder as a path the user would recognise: relative to the
                    // working directory when the file was given that way.
                    let index = StoryboardIndex(walking: shownFolder(project, besides: url))
                    return (index: index, app: index.app(containing: url))
                }
                var folder = url.deletingLastPathComponent()
                if folder.lastPathComponent.hasSuffix(".lproj") { folder = folder.deletingLastPathComponent() }
                return (index: StoryboardIndex(walking: folder, recursive: false), app: nil)
            })
    }

    /// `project`, spelled from the same starting point as `file` was: a relative path when
    /// the file was given relative to the working directory.
    private static func shownFolder(_ project: URL, besides file: URL) -> URL {
        let absoluteFile = file.standardizedFileURL.path
        let absoluteProject = project.standardizedFileURL.path
        guard file.relativePath != absoluteFile, absoluteFile.hasPrefix(absoluteProject + "/") else { return project }
        // Climb from the file as given, one folder per level between it and the project.
        let levels = absoluteFile.dropFirst(absoluteProject.count + 1).split(separator: "/").count
        var shown = file
        for _ in 0..<levels { shown = shown.deletingLastPathComponent() }
        return shown
    }

    /// The bundled names as commands take them, for messages and help.
    public static var bundledNames: String {
        BundledStoryboards.listedNames.map { $0.lowercased() }.joined(separator: ", ")
    }

    /// The path shown in diagnostics: the file as given, or the bundled file's name.
    public var displayPath: String {
        switch opening {
        case .storyboard(let url): url.relativePath
        case .launcher, .missingMainStoryboard: index.root.relativePath
        }
    }

    /// The bytes of the storyboard file. Errors name the file and say why, in the system's
    /// words ("Permission denied"), never a generic "could not be completed".
    public func read() throws(CommandFailure) -> Data {
        guard let url else { throw CommandFailure(status: .usage, message: "\(shownPath) is a folder, not a storyboard file") }
        return try Self.read(url)
    }

    /// The bytes of `url`, an input file (a storyboard, a property list, a translation),
    /// read by ``InputFile`` (at most ``InputFile/sizeLimit``, measured before reading);
    /// errors as ``read()``'s, with the status of a command that could not run.
    public static func read(_ url: URL) throws(CommandFailure) -> Data {
        Data(try bytes(url))
    }

    /// The bytes of `url` as ``read(_:)`` reads them, without the copy into `Data`: for a
    /// command that only parses them (the diff reads two files and keeps neither).
    public static func bytes(_ url: URL) throws(CommandFailure) -> [UInt8] {
        switch InputFile.read(path: url.path) {
        case .success(let bytes): return bytes
        case .failure(let error): throw CommandFailure(unreadable: url, error)
        }
    }

    /// Fails, as `read()` would, when the storyboard file cannot be opened for reading.
    public func checkReadable() throws(CommandFailure) {
        guard let url else { return }
        guard access(url.path, R_OK) == 0 else { throw Self.failure(reading: shownPath) }
    }

    /// Where references from `url` are looked for.
    public func references(from url: URL) -> ReferenceScope {
        .index(index, file: url)
    }

    private var shownPath: String { "\"" + DiagnosticText.escaped(displayPath) + "\"" }

    private static func failure(reading shown: String) -> CommandFailure {
        let reason = String(cString: strerror(errno))
        return CommandFailure(status: .usage, message: "cannot read \(shown): \(reason)")
    }
}
