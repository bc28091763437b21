import ArgumentParser
import Flow
import Foundation

/// `storyboard check FILE...`: load each file and print every diagnostic, like a compiler.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check storyboard files and print every problem found.",
        discussion: """
            Prints one line per problem, FILE:LINE:COLUMN: error|warning: message, on standard \
            output. Exits with 0 when no file has errors (warnings are fine), 1 when some file \
            has errors, and 2 when a file cannot be read or the arguments are wrong.
            """)

    @Argument(help: "The .storyboard files to check.")
    var files: [String] = []

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one storyboard file.") }
    }

    func run() throws {
        var foundErrors = false
        var unreadable = false
        for path in files {
            let url = URL(fileURLWithPath: path)
            let data: Data
            do {
                data = try read(url)
            } catch {
                let line = "storyboard check: cannot read \(DiagnosticText.escaped(path)): \(error.reason)\n"
                FileHandle.standardError.write(Data(line.utf8))
                unreadable = true
                continue
            }
            let diagnostics: [Diagnostic]
            do {
                diagnostics = try StoryboardLoader.load(
                    data: data, fileName: path, directory: url.deletingLastPathComponent()
                ).warnings
            } catch {
                diagnostics = error.diagnostics
                foundErrors = true
            }
            for diagnostic in diagnostics {
                // The file name and messages come from outside; keep them to one safe line.
                print(DiagnosticText.escaped(diagnostic.description))
            }
        }
        if unreadable { throw ExitCode(ExitStatus.usage.rawValue) }
        if foundErrors { throw ExitCode(ExitStatus.problems.rawValue) }
    }

    /// The file's bytes, with the common failures named plainly (Foundation's messages for
    /// them are vague on Linux).
    private func read(_ url: URL) throws(ReadFailure) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ReadFailure(reason: "no such file")
        }
        if isDirectory.boolValue { throw ReadFailure(reason: "it is a directory") }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw ReadFailure(reason: DiagnosticText.escaped(error.localizedDescription))
        }
    }
}

/// Why a file could not be read.
private struct ReadFailure: Error {
    var reason: String
}
