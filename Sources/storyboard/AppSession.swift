import CommandSupport
import BundledStoryboards
import Demos
import Flow
import FoundationEssentials

/// Everything a run needs: the storyboard, its application with the demos' classes and
/// store, and where its saved state lives.
final class AppSession {
    let application: Application
    /// The name of the storyboard the first screen comes from (a folder's launcher is one
    /// made in code).
    let storyboardName: String
    /// That storyboard, until the first screen is up (``start(scene:fresh:)``): kept no
    /// longer, so that once a live reload has replaced it, its document goes with it.
    private var firstStoryboard: Storyboard?
    /// What the command was asked to open.
    let target: StoryboardTarget
    let store: (any Store)?
    /// Where the hierarchy is saved at exit, for state restoration.
    let savedScreens: SavedScreens?
    /// Problems worth telling the user once the screen is up.
    private(set) var notices: [String] = []
    /// Why the data folder could not be used, in full: which folder, why, and what to do.
    /// The demos then run without a store, and nothing they show is saved.
    private(set) var dataProblem: String?
    /// Why the storyboards are not in the language `--locale` asked for, and what they are in.
    private(set) var languageNotice: String?
    /// The temporary copy of the store a session with `copiesData` works on.
    private let throwawayCopy: ThrowawayStoreCopy?

    /// Resolves `target` (a file, an app's folder, a folder of storyboards, or a bundled
    /// name such as `dailybuzz`), opens the store in `dataDirectory`, and loads the
    /// storyboard, translated as `languages` asks (`explicitLanguage`: it came from
    /// `--locale`, so a language the app lacks is worth a notice). Errors read as one line.
    /// With `copiesData`, the store opened is a temporary copy of the one in `dataDirectory`,
    /// removed with the session: the real store is only read.
    init(
        target: String, dataDirectory: String?, copiesData: Bool = false, languages: LanguagePreference = .base,
        explicitLanguage: Bool = false
    ) throws(CommandFailure) {
        let resolved = try StoryboardTarget.resolve(target)
        try resolved.checkReadable()
        let application = Application(
            registry: Demos.registry(), storyboardDirectories: resolved.isBundled ? [BundledStoryboards.directory] : [])
        application.storyboardIndex = resolved.index
        application.languages = languages
        var notices: [String] = []
        let storyboard: Storyboard
        switch resolved.opening {
        case .storyboard(let url):
            do {
                storyboard = try application.storyboard(contentsOf: url)
            } catch {
                throw CommandFailure(status: .usage, message: error.description)
            }
        case .launcher:
            storyboard = application.storyboard(document: FolderLauncher.document(for: resolved.index))
        case .missingMainStoryboard(let name, let app):
            storyboard = application.storyboard(document: FolderLauncher.document(opening: name))
            notices.append(
                "\(DiagnosticText.escaped(app.manifest.plistURL.relativePath)) names \(DiagnosticText.escaped(name)) as the main storyboard, but it is not in the folder")
        }
        notices += application.warnings
        if explicitLanguage, !languages.isBase,
            let notice = Self.missingLanguageNotice(languages, in: application, app: resolved.index.app(containing: storyboard.url ?? resolved.index.root))
        {
            notices.append(notice)
            languageNotice = notice
        }
        if resolved.index.isIncomplete {
            notices.append("the folder is too large to read whole: some storyboards may be missing")
        }
        let directory = dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? DemoStore.defaultDataDirectory()
        var store: (any Store)?
        var copy: ThrowawayStoreCopy?
        var dataProblem: String?
        // A session of `storyboard serve --store` keeps its data in the shared store the
        // server passed it; it never falls back to a local file, which the next login (on
        // another server, perhaps) would not see.
        let shared = copiesData ? nil : RemoteStore.inherited()
        if let shared {
            store = shared
        } else if resolved.isBundled || dataDirectory != nil {
            do {
                if copiesData {
                    copy = try ThrowawayStoreCopy(of: directory)
                    store = copy?.store
                } else {
                    store = try DemoStore.open(dataDirectory: directory)
                }
            } catch {
                // A folder that can't be used never leaves the demos empty: they work on a
                // throwaway copy of what it holds, else on the sample data, and save nothing.
                var sampleOnly: Bool?
                if !copiesData, let fallback = try? ThrowawayStoreCopy(of: directory) {
                    copy = fallback
                    sampleOnly = false
                } else if let fallback = try? ThrowawayStoreCopy(of: nil) {
                    copy = fallback
                    sampleOnly = true
                }
                store = copy?.store
                let problem = Self.dataFolderProblem(directory, error, copying: copiesData, fallback: sampleOnly)
                dataProblem = problem
                notices.append(problem)
            }
        }
        if let store { application.register(store: store) }
        self.application = application
        self.storyboardName = storyboard.name
        self.firstStoryboard = storyboard
        self.target = resolved
        self.store = store
        self.throwawayCopy = copy
        let stateFileName = storyboard.stateFileName(folder: resolved.isBundled ? nil : resolved.index)
        if let shared, storyboard.url != nil {
            savedScreens = .store(shared, key: SavedScreens.storeKeyPrefix + stateFileName)
        } else if store == nil || copy != nil || storyboard.url == nil {
            savedScreens = nil
        } else {
            savedScreens = .file(StateFile(
                folder: directory.appendingPathComponent("state", isDirectory: true).path, storyboard: storyboard,
                index: resolved.isBundled ? nil : resolved.index))
        }
        self.notices = notices
        self.dataProblem = dataProblem
    }

    /// The whole story of a data folder that can't be used: the folder, the reason, and
    /// what to do about it.
    ///
    /// `fallback` says what the demos show instead: the sample data (true), a copy of the
    /// folder's store (false), or nothing (nil).
    static func dataFolderProblem(_ directory: URL, _ error: StoreError, copying: Bool, fallback: Bool? = nil) -> String {
        let folder = DiagnosticText.escaped(directory.path)
        let why: String
        switch error {
        case .directoryUnavailable(let path, let reason) where path == directory.path:
            why = DiagnosticText.escaped(reason)
        default:
            why = error.description
        }
        let what = copying
            ? "cannot read the data folder \(folder) to copy it: \(why)"
            : "cannot use the data folder \(folder): \(why)"
        let instead: String
        switch fallback {
        case true?: instead = "; showing the sample data, and nothing is saved"
        case false?: instead = "; showing a copy of its data, and nothing is saved"
        case nil: instead = copying ? "" : "; nothing would be saved"
        }
        return "\(what)\(instead). Give a folder you can \(copying ? "read" : "write") with --data-dir DIR."
    }

    /// "no fr translation …" when no storyboard of the folder has the language asked for.
    /// The `.lproj` folders answer without reading a file; catalogs are read only when
    /// they might still have it.
    private static func missingLanguageNotice(
        _ languages: LanguagePreference, in application: Application, app: StoryboardIndex.App?
    ) -> String? {
        guard let translations = application.translations else { return nil }
        let index = translations.index
        var offered = index.stringsLanguages
        guard languages.choose(from: offered) == nil else { return nil }
        if index.hasStringCatalogs {
            for file in index.storyboards { offered.formUnion(translations.languages(of: file)) }
            guard languages.choose(from: offered) == nil else { return nil }
        }
        let list = offered.isEmpty ? "it has none" : "it has " + offered.sorted().joined(separator: ", ")
        // Say which language shows instead: the app's development language when its
        // Info.plist names one.
        let shown = app?.manifest.developmentLanguage.map { "in \(DiagnosticText.escaped($0)), the app's development language" }
            ?? "untranslated (Base)"
        return "no \(languages) translation in this folder (\(list)): showing the storyboards' own texts, \(shown)"
    }

    /// Puts the first screen up: the saved hierarchy when there is one (unless `fresh`),
    /// the scene `scene` names, or the initial scene.
    ///
    /// `scene` is a storyboard identifier or a scene's object id (`BYZ-38-t0r`), in the
    /// storyboard opened first, else in any storyboard of the folder that alone has it; or
    /// `Storyboard:identifier` for a scene of another storyboard of the app.
    func start(scene: String?, fresh: Bool) throws(CommandFailure) {
        guard let storyboard = firstStoryboard else { return }
        defer { firstStoryboard = nil }
        if !fresh, scene == nil, let savedScreens, let bytes = savedScreens.read() {
            do {
                try application.restoreState(from: Data(bytes), storyboard: storyboard)
                return
            } catch {
                notices.append(error.description)
                savedScreens.remove()
            }
        }
        let root: ViewController
        if let scene {
            do {
                root = try SceneLookup.controller(for: scene, first: storyboard)
            } catch {
                throw CommandFailure(status: .usage, message: error.description)
            }
        } else if let initial = storyboard.instantiateInitialViewController() {
            root = initial
        } else {
            throw CommandFailure(status: .usage, message: FlowError.noInitialViewController(file: storyboard.document.fileName).description)
        }
        application.setRootViewController(root)
    }

    /// Puts up the hierarchy `state` encodes, in place of ``start(scene:fresh:)`` (a monkey
    /// run replaying from a state it saved).
    func start(restoring state: Data) throws {
        guard let storyboard = firstStoryboard else { return }
        defer { firstStoryboard = nil }
        try application.restoreState(from: state, storyboard: storyboard)
    }

    /// Saves what the user was editing and the hierarchy, for the next launch.
    func save() {
        application.prepareForTermination()
        guard let savedScreens else { return }
        guard let data = application.encodeRestorationState() else {
            savedScreens.remove()
            return
        }
        do {
            try savedScreens.write([UInt8](data))
        } catch {
            StandardError.report("could not save the screen state: \(DiagnosticText.escaped(error.description))")
        }
    }
}
