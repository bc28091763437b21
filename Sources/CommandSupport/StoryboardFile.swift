import ArgumentParser
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

    /// Resolves `target` (a file, an app's folder or a bundled name), reads and loads its
    /// storyboard; references are checked as the target's app resolves them.
    public static func load(_ target: String) -> Outcome {
        let resolved: StoryboardTarget
        do {
            resolved = try StoryboardTarget.resolve(target)
        } catch {
            return .unreadable(error.message)
        }
        return load(resolved)
    }

    /// Reads and loads the storyboard `target` opens first.
    public static func load(_ target: StoryboardTarget) -> Outcome {
        guard let url = target.url else {
            return .unreadable("\"\(DiagnosticText.escaped(target.displayPath))\" holds no single app; name one of its storyboards")
        }
        return load(url, in: target)
    }

    /// Reads and loads `url`, one of `target`'s storyboards.
    public static func load(_ url: URL, in target: StoryboardTarget) -> Outcome {
        let data: Data
        do {
            data = try StoryboardTarget.read(url)
        } catch {
            return .unreadable(error.message)
        }
        do {
            let loaded = try StoryboardLoader.load(data: data, fileName: url.relativePath, references: target.references(from: url))
            return .loaded(loaded, url: url)
        } catch {
            return .invalid(error.diagnostics)
        }
    }

    /// What a command that reads one storyboard does first: resolves `argument` (a file, an
    /// app's folder or a bundled name), else reports why on standard error and exits with
    /// the usage status.
    public static func resolveOrExit(_ argument: String) throws -> StoryboardTarget {
        do {
            return try StoryboardTarget.resolve(argument)
        } catch {
            StandardError.report(error.message)
            throw ExitCode(ExitStatus.usage.rawValue)
        }
    }

    /// The storyboard `target` opens first, loaded, with its file; else reports why on
    /// standard error (each of an invalid file's diagnostics on a line) and exits with the
    /// could-not-run status (2): the command needs the storyboard loaded to do anything.
    public static func loadOrExit(_ target: StoryboardTarget) throws -> (storyboard: LoadedStoryboard, url: URL) {
        switch load(target) {
        case .unreadable(let reason):
            StandardError.report(reason)
            throw ExitCode(ExitStatus.usage.rawValue)
        case .invalid(let diagnostics):
            for diagnostic in diagnostics { printError(DiagnosticText.escaped(diagnostic.description)) }
            throw ExitCode(ExitStatus.usage.rawValue)
        case .loaded(let loaded, let url):
            return (loaded, url)
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
