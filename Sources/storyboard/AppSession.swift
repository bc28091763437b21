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

    /// Resolves `target` (a file path, or a bundled name such as `dailybuzz`), opens the
    /// store in `dataDirectory`, and loads the storyboard. Errors read as one line.
    init(target: String, dataDirectory: String?) throws(CommandFailure) {
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
        var notices: [String] = []
        if isBundled || dataDirectory != nil {
            do {
                store = try DemoStore.open(dataDirectory: directory)
            } catch {
                notices.append("the store could not be opened: \(error.description)")
            }
        }
        if let store { application.register(store) }
        self.application = application
        self.storyboard = storyboard
        self.store = store
        self.stateFile = store == nil ? nil : StateFile(
            path: directory.appendingPathComponent("state", isDirectory: true)
                .appendingPathComponent(storyboard.name + ".restoration.json").path)
        self.notices = notices
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
