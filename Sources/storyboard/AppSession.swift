import BundledStoryboards
import Demos
import Flow
import Foundation

/// Everything a run needs: the storyboard, its application with the demos' classes and
/// store, and where its saved state lives.
final class AppSession {
    let application: Application
    let storyboard: Storyboard
    let store: DemoStore?
    /// Where the hierarchy is saved at exit, for state restoration.
    let stateURL: URL?
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
        self.stateURL = store == nil ? nil : directory.appendingPathComponent("state", isDirectory: true)
            .appendingPathComponent(storyboard.name + ".restoration.json")
        self.notices = notices
    }

    /// Puts the first screen up: the saved hierarchy when there is one (unless `fresh`),
    /// the scene with storyboard identifier `scene`, or the initial scene.
    func start(scene: String?, fresh: Bool) throws(CommandFailure) {
        if !fresh, scene == nil, let stateURL, let data = try? Data(contentsOf: stateURL) {
            do {
                try application.restoreState(from: data, storyboard: storyboard)
                return
            } catch {
                notices.append(error.description)
                try? FileManager.default.removeItem(at: stateURL)
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
        guard let stateURL else { return }
        do {
            try FileManager.default.createDirectory(at: stateURL.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            if let data = application.encodeRestorationState() {
                try data.write(to: stateURL, options: .atomic)
            } else {
                try? FileManager.default.removeItem(at: stateURL)
            }
        } catch {
            FileHandle.standardError.write(Data("storyboard: could not save the screen state: \(error.localizedDescription)\n".utf8))
        }
    }
}

/// A command that could not do its work: a status and one line for standard error.
struct CommandFailure: Error {
    var status: ExitStatus
    var message: String
}
