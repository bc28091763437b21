import Flow
import Foundation

/// A storyboard file read for a subcommand: its document, or why there is none.
enum StoryboardFile {
    /// How reading a file went.
    enum Outcome {
        /// Loaded; the loader's warnings beside it.
        case loaded(LoadedStoryboard, url: URL)
        /// Read, but the file has errors (and maybe warnings).
        case invalid([Diagnostic])
        /// Not read at all; the reason is already escaped.
        case unreadable(String)
    }

    /// Reads and loads the file at `path`; references are checked beside it.
    static func load(_ path: String) -> Outcome {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .unreadable(DiagnosticText.escaped(error.localizedDescription))
        }
        do {
            let loaded = try StoryboardLoader.load(data: data, fileName: path, directory: url.deletingLastPathComponent())
            return .loaded(loaded, url: url)
        } catch {
            return .invalid(error.diagnostics)
        }
    }

    /// Prints a line on standard error.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Prints diagnostics, one safe line each, on standard output.
    static func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            // The file name and messages come from outside; keep them to one safe line.
            Swift.print(DiagnosticText.escaped(diagnostic.description))
        }
    }
}
