import Flow
import FoundationEssentials

/// A storyboard file read for a subcommand: its document, or why there is none.
public enum StoryboardFile {
    /// How reading a file went.
    public enum Outcome {
        /// Loaded; the loader's warnings beside it.
        case loaded(LoadedStoryboard, url: URL)
        /// Read, but the file has errors (and maybe warnings).
        case invalid([Diagnostic])
        /// Not read at all: one line saying why, already escaped.
        case unreadable(String)
    }

    /// Resolves `target` (a file or a bundled name), reads and loads it; references are
    /// checked beside the file.
    public static func load(_ target: String) -> Outcome {
        let resolved: StoryboardTarget
        let data: Data
        do {
            resolved = try StoryboardTarget.resolve(target)
            data = try resolved.read()
        } catch {
            return .unreadable(error.message)
        }
        do {
            let loaded = try StoryboardLoader.load(
                data: data, fileName: resolved.displayPath, directory: resolved.url.deletingLastPathComponent())
            return .loaded(loaded, url: resolved.url)
        } catch {
            return .invalid(error.diagnostics)
        }
    }

    /// Prints a line on standard error.
    public static func printError(_ line: String) {
        StandardError.write(line + "\n")
    }

    /// Prints diagnostics, one safe line each, on standard output.
    public static func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            // The file name and messages come from outside; keep them to one safe line.
            Swift.print(DiagnosticText.escaped(diagnostic.description))
        }
    }
}
