import CommandSupport
import BundledStoryboards
import Demos
import Flow
import FoundationEssentials

/// Everything a run needs: the storyboard, its application with the demos' classes and
/// store, and where its saved state lives.
final class AppSession {
    let application: Application
    let storyboard: Storyboard
    let store: DemoStore?
    /// Where the hierarchy is saved at exit, for state restoration.
    let stateFile: StateFile?
    /// Problems worth telling the user once the screen is up.
    private(set) var notices: [String] = []
    /// Why the data folder could not be used, in full: which folder, why, and what to do.
    /// The demos then run without a store, and nothing they show is saved.
    private(set) var dataProblem: String?
    /// The temporary copy of the store a session with `copiesData` works on.
    private let throwawayCopy: ThrowawayStoreCopy?

    /// Resolves `target` (a file path, or a bundled name such as `dailybuzz`), opens the
    /// store in `dataDirectory`, and loads the storyboard. Errors read as one line. With
    /// `copiesData`, the store opened is a temporary copy of the one in `dataDirectory`,
    /// removed with the session: the real store is only read.
    init(target: String, dataDirectory: String?, copiesData: Bool = false) throws(CommandFailure) {
        let resolved = try StoryboardTarget.resolve(target)
        try resolved.checkReadable()
        let url = resolved.url
        let isBundled = resolved.isBundled
        let application = Application(registry: Demos.registry(), storyboardDirectories: [BundledStoryboards.directory])
        let storyboard: Storyboard
        do {
            storyboard = try application.storyboard(contentsOf: url)
        } catch {
            throw CommandFailure(status: .problems, message: error.description)
        }
        let directory = dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? DemoStore.defaultDataDirectory()
        var store: DemoStore?
        var copy: ThrowawayStoreCopy?
        var notices: [String] = []
        var dataProblem: String?
        if isBundled || dataDirectory != nil {
            do {
                if copiesData {
                    copy = try ThrowawayStoreCopy(of: directory)
                    store = copy?.store
                } else {
                    store = try DemoStore.open(dataDirectory: directory)
                }
            } catch {
                let problem = Self.dataFolderProblem(directory, error, copying: copiesData)
                dataProblem = problem
                notices.append(problem)
            }
        }
        if let store { application.register(store) }
        self.application = application
        self.storyboard = storyboard
        self.store = store
        self.throwawayCopy = copy
        self.stateFile = store == nil || copiesData ? nil : StateFile(
            path: directory.appendingPathComponent("state", isDirectory: true)
                .appendingPathComponent(storyboard.name + ".restoration.json").path)
        self.notices = notices
        self.dataProblem = dataProblem
    }

    /// The whole story of a data folder that can't be used: the folder, the reason, and
    /// what to do about it.
    static func dataFolderProblem(_ directory: URL, _ error: StoreError, copying: Bool) -> String {
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
            : "cannot use the data folder \(folder): \(why); nothing would be saved"
        return "\(what). Give a folder you can \(copying ? "read" : "write") with --data-dir DIR."
    }

    /// Puts the first screen up: the saved hierarchy when there is one (unless `fresh`),
    /// the scene with storyboard identifier `scene`, or the initial scene.
    func start(scene: String?, fresh: Bool) throws(CommandFailure) {
        if !fresh, scene == nil, let stateFile, let bytes = stateFile.read() {
            do {
                try application.restoreState(from: Data(bytes), storyboard: storyboard)
                return
            } catch {
                notices.append(error.description)
                stateFile.remove()
            }
        }
        let root: ViewController
        if let scene {
            do {
                root = try storyboard.instantiateViewController(withIdentifier: scene)
            } catch {
                throw CommandFailure(status: .usage, message: error.description)
            }
        } else if let initial = storyboard.instantiateInitialViewController() {
            root = initial
        } else {
            throw CommandFailure(status: .problems, message: FlowError.noInitialViewController(file: storyboard.document.fileName).description)
        }
        application.setRootViewController(root)
    }

    /// Saves what the user was editing and the hierarchy, for the next launch.
    func save() {
        application.prepareForTermination()
        guard let stateFile else { return }
        guard let data = application.encodeRestorationState() else {
            stateFile.remove()
            return
        }
        do {
            try stateFile.write([UInt8](data))
        } catch {
            StandardError.report("could not save the screen state: \(DiagnosticText.escaped(error.description))")
        }
    }
}
