import CommandSupport
import Flow
import FoundationEssentials

extension AppSession {
    /// What follows the session's files for `--watch`: its storyboard's folder walked again
    /// on each save, the root read from the same file (a file given) or from the app's
    /// `Info.plist` (an app's folder). Fails, with a line for standard error, for a target
    /// that cannot change as it runs: a bundled storyboard, a folder's launcher.
    func liveReloader() throws(CommandFailure) -> LiveReloader {
        let target = self.target
        try target.checkWatchable()
        guard let opened = target.url else { throw CommandFailure(status: .usage, message: "--watch needs a storyboard file") }
        let given = StoryboardIndex.absolutePath(opened)
        let root = target.index.root
        let recursive = target.index.isRecursive
        let followsApp = target.isFolder
        return LiveReloader(
            application: application, index: target.index,
            walk: { StoryboardIndex(walking: root, recursive: recursive) },
            rootFile: { index in
                guard followsApp else { return opened }
                // The app's Info.plist may now name another main storyboard.
                guard index.apps.count == 1, let app = index.apps.first else {
                    return index.file(at: URL(fileURLWithPath: given))?.url
                }
                return index.mainStoryboard(of: app)?.url
            })
    }
}
