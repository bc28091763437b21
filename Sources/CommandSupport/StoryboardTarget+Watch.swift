import Flow

extension StoryboardTarget {
    /// Fails, with one line for standard error, unless `--watch` can follow the target: a
    /// storyboard file, or a folder with one app in it. A bundled storyboard is no file anyone
    /// edits, and a folder's launcher is made in code.
    public func checkWatchable() throws(CommandFailure) {
        let shown = "\"" + DiagnosticText.escaped(displayPath) + "\""
        if isBundled {
            throw CommandFailure(
                status: .usage,
                message: "--watch follows files as they are saved, and the bundled storyboard \(shown) is not one you edit; give a .storyboard file or an app's folder")
        }
        if url == nil {
            throw CommandFailure(status: .usage, message: "--watch needs a storyboard file or a folder with one app in it; \(shown) opens a launcher")
        }
    }
}
