import CommandSupport
import ArgumentParser
import Demos
import Flow
import FoundationEssentials
import Glibc
import TUI

/// `storyboard check TARGET...`: load each storyboard (every one of a folder) and print every
/// diagnostic, like a compiler.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check storyboard files, or every storyboard of an app's folder, and print every problem found.",
        discussion: """
            Prints one line per problem, FILE:LINE:COLUMN: error|warning: message, on standard \
            output, then a summary line (files, scenes, segues, problems). Files that load are also linted: unreachable scenes, pushes with no \
            navigation controller, unwind actions no controller on the way back declares (for \
            the classes the tool knows), and keys two triggers of a scene share. A folder is \
            checked whole: every storyboard in it, the references between them (a storyboard \
            that is not there, an identifier the other file lacks, two files of one name), with a \
            line per file. --locale checks translations too: keys that name no object, and how \
            many texts each language leaves untranslated. Warnings (missing pieces, lints) are \
            errors with --strict, except advice on what Xcode builds without a word (an image-only \
            control with no accessibility label). A folder with no storyboard is an error (exit 2). On a terminal, FILE:LINE:COLUMN is a link to the \
            file (OSC 8) unless --hyperlinks never. Exits with 0 when no file has errors, 1 when some \
            file has errors, and 2 when a file cannot be read or is not a storyboard at all (not \
            well-formed XML, cut short, UTF-16, too large) or the arguments are wrong.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "Storyboard files, app folders, folders of storyboards, or bundled storyboards by name (dailybuzz, colorboard, seguetour…).")
    var files: [String] = []

    @Flag(help: "Count warnings (missing pieces, lints, stale translations) as errors; advice stays a warning.")
    var strict = false

    @Option(help: ArgumentHelp("Check the translations into this language (de, pt-BR), or into every language with all.", valueName: "lang"))
    var locale: String?

    @Option(help: "Write file names as links: auto (on a terminal that takes them), always or never.")
    var hyperlinks: Hyperlink.Mode = .auto

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one storyboard file, folder or bundled name.") }
        if let locale, locale.lowercased() != "all", LanguagePreference(locale) == nil {
            throw ValidationError("--locale takes a language such as de or pt-BR, or all; not \"\(locale)\"")
        }
    }

    func run() throws {
        let registry = Demos.registry()
        let links = Hyperlink.enabled(
            hyperlinks, environment: TerminalEnvironment.current(), outputIsTerminal: isatty(STDOUT_FILENO) == 1)
        var outcome = CheckOutcome(links: links)
        for path in files {
            let target: StoryboardTarget
            do {
                target = try StoryboardTarget.resolve(path)
            } catch {
                StandardError.report(error.message)
                outcome.unreadable = true
                continue
            }
            if target.isFolder {
                checkFolder(target, registry: registry, outcome: &outcome)
            } else if let url = target.url {
                var documents: [String: StoryboardDocument] = [:]
                let translations = locale == nil ? nil : Translations(index: target.index)
                let file = checkFile(url, in: target, registry: registry, translations: translations, documents: &documents, outcome: &outcome)
                if let document = file?.document {
                    // The files its references open, so their identifiers can be checked.
                    for reference in document.controllers.compactMap(\.reference) {
                        guard let other = target.index.resolve(reference.storyboardName, from: url).file,
                            documents[other.path] == nil, case .loaded(let loaded, _) = StoryboardFile.load(other.url, in: target)
                        else { continue }
                        documents[other.path] = loaded.document
                    }
                    report(AppLinter.referenceIdentifiers(of: document, at: url, index: target.index, documents: documents), &outcome)
                }
                if let file, locale != nil { printTranslationSummary(file) }
            }
        }
        if outcome.unreadable { throw ExitCode(ExitStatus.usage.rawValue) }
        Swift.print(outcome.summary.line(files: outcome.files))
        if outcome.foundErrors { throw ExitCode(ExitStatus.problems.rawValue) }
    }

    /// Prints `diagnostics` (errors, with --strict, for warnings too), counting them.
    func report(_ diagnostics: [Diagnostic], _ outcome: inout CheckOutcome) {
        var shown = diagnostics
        if strict { shown = shown.map(\.strict) }
        if shown.contains(where: { $0.severity == .error }) { outcome.foundErrors = true }
        outcome.summary.count(shown)
        Self.print(shown, links: outcome.links)
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
}

extension Hyperlink.Mode: ExpressibleByArgument {}
