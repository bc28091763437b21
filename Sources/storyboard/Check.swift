import CommandSupport
import ArgumentParser
import Demos
import Flow
import FoundationEssentials
import Glibc
import TUI

/// `storyboard check FILE...`: load each file and print every diagnostic, like a compiler.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check storyboard files and print every problem found.",
        discussion: """
            Prints one line per problem, FILE:LINE:COLUMN: error|warning: message, on standard \
            output, then a summary line (files, scenes, segues, problems). Files that load are also linted: unreachable scenes, pushes with no \
            navigation controller, unwind actions no controller on the way back declares (for \
            the classes the tool knows), and keys two triggers of a scene share. Lints are \
            warnings, or errors with --strict. On a terminal, FILE:LINE:COLUMN is a link to the \
            file (OSC 8) unless --hyperlinks never. Exits with 0 when no file has errors, 1 when some \
            file has errors, and 2 when a file cannot be read or the arguments are wrong.
            """)

    @Argument(help: "Storyboard files, or bundled storyboards by name (dailybuzz, colorboard, tour…).")
    var files: [String] = []

    @Flag(help: "Count lint findings as errors.")
    var strict = false

    @Option(help: "Write file names as links: auto (on a terminal that takes them), always or never.")
    var hyperlinks: Hyperlink.Mode = .auto

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one storyboard file or bundled name.") }
    }

    func run() throws {
        var foundErrors = false
        var unreadable = false
        var summary = Summary()
        let registry = Demos.registry()
        let links = Hyperlink.enabled(
            hyperlinks, environment: TerminalEnvironment.current(), outputIsTerminal: isatty(STDOUT_FILENO) == 1)
        for path in files {
            switch StoryboardFile.load(path) {
            case .unreadable(let reason):
                StandardError.report(reason)
                unreadable = true
            case .invalid(let diagnostics):
                Self.print(diagnostics, links: links)
                summary.count(diagnostics)
                foundErrors = true
            case .loaded(let loaded, _):
                var lints = StoryboardLinter.lint(loaded.document, registry: registry)
                if strict {
                    for index in lints.indices { lints[index].severity = .error }
                    if !lints.isEmpty { foundErrors = true }
                }
                let found = Self.inFileOrder(loaded.warnings + lints)
                Self.print(found, links: links)
                summary.count(loaded.document)
                summary.count(found)
            }
        }
        if unreadable { throw ExitCode(ExitStatus.usage.rawValue) }
        Swift.print(summary.line(files: files.count))
        if foundErrors { throw ExitCode(ExitStatus.problems.rawValue) }
    }

    /// What a check found, for its last line: `checked 2 files: 14 scenes, 21 segues, no problems`.
    struct Summary {
        var scenes = 0
        var segues = 0
        var errors = 0
        var warnings = 0

        mutating func count(_ document: StoryboardDocument) {
            let scenes = document.controllers.filter { $0.kind != .reference }
            self.scenes += scenes.count
            segues += document.controllers.reduce(0) { $0 + $1.segues.count }
        }

        mutating func count(_ diagnostics: [Diagnostic]) {
            for diagnostic in diagnostics {
                if diagnostic.severity == .error { errors += 1 } else { warnings += 1 }
            }
        }

        func line(files: Int) -> String {
            var problems: [String] = []
            if errors > 0 { problems.append(Self.counted(errors, "error")) }
            if warnings > 0 { problems.append(Self.counted(warnings, "warning")) }
            let found = problems.isEmpty ? ", no problems" : "; " + problems.joined(separator: ", ")
            return "checked \(Self.counted(files, "file")): \(Self.counted(scenes, "scene")), \(Self.counted(segues, "segue"))\(found)"
        }

        private static func counted(_ number: Int, _ noun: String) -> String {
            "\(number) \(noun)\(number == 1 ? "" : "s")"
        }
    }

    /// Prints diagnostics, one safe line each; with `links`, each location is a link to its file.
    static func print(_ diagnostics: [Diagnostic], links: Bool) {
        guard links else { return StoryboardFile.print(diagnostics) }
        let host = Hyperlink.hostName()
        for diagnostic in diagnostics {
            let location = "\(diagnostic.file):\(diagnostic.location.line):\(diagnostic.location.column)"
            let rest = ": \(diagnostic.severity.rawValue): \(diagnostic.message)"
            let url = Hyperlink.fileURL(path: diagnostic.file, host: host)
            Swift.print(Hyperlink.link(DiagnosticText.escaped(location), to: url) + DiagnosticText.escaped(rest))
        }
    }

    /// Loader and lint findings merged by position, keeping each group's order.
    static func inFileOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { first, second in
            let a = first.element.location
            let b = second.element.location
            if a.line != b.line { return a.line < b.line }
            if a.column != b.column { return a.column < b.column }
            return first.offset < second.offset
        }.map(\.element)
    }
}

extension Hyperlink.Mode: ExpressibleByArgument {}
