import CommandSupport
import ArgumentParser
import Demos
import Flow
import FoundationEssentials

/// `storyboard check TARGET...`: load each storyboard (every one of a folder) and print every
/// diagnostic, like a compiler.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check storyboard files, or every storyboard of an app's folder, and print every problem found.",
        discussion: """
            Prints one line per problem, FILE:LINE:COLUMN: error|warning: message, on standard \
            output. Files that load are also linted: unreachable scenes, pushes with no \
            navigation controller, unwind actions no controller on the way back declares (for \
            the classes the tool knows), and keys two triggers of a scene share. A folder is \
            checked whole: every storyboard in it, the references between them (a storyboard \
            that is not there, an identifier the other file lacks, two files of one name), and a \
            summary line per file. --locale checks translations too: keys that name no object, \
            and how many texts each language leaves untranslated. Warnings (missing pieces and \
            lints) are errors with --strict. Exits with 0 when no file has errors, 1 when some \
            file has errors, and 2 when a file cannot be read or the arguments are wrong.
            """)

    @Argument(help: "Storyboard files, app folders, folders of storyboards, or bundled storyboards by name (dailybuzz, colorboard, seguetour…).")
    var files: [String] = []

    @Flag(help: "Count warnings (missing pieces, lints, stale translations) as errors.")
    var strict = false

    @Option(help: ArgumentHelp("Check the translations into this language (de, pt-BR), or into every language with all.", valueName: "lang"))
    var locale: String?

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one storyboard file, folder or bundled name.") }
        if let locale, locale.lowercased() != "all", LanguagePreference(locale) == nil {
            throw ValidationError("--locale takes a language such as de or pt-BR, or all; not \"\(locale)\"")
        }
    }

    func run() throws {
        var outcome = CheckOutcome()
        let registry = Demos.registry()
        for path in files {
            let target: StoryboardTarget
            do {
                target = try StoryboardTarget.resolve(path)
            } catch {
                StoryboardFile.printError("storyboard check: \(error.message)")
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
                            documents[StoryboardIndex.absolutePath(other.url)] == nil,
                            case .loaded(let loaded, _) = StoryboardFile.load(other.url, in: target)
                        else { continue }
                        documents[StoryboardIndex.absolutePath(other.url)] = loaded.document
                    }
                    report(AppLinter.referenceIdentifiers(of: document, at: url, index: target.index, documents: documents), &outcome)
                }
                if let file, locale != nil { printTranslationSummary(file) }
            }
        }
        if outcome.unreadable { throw ExitCode(ExitStatus.usage.rawValue) }
        if outcome.foundErrors { throw ExitCode(ExitStatus.problems.rawValue) }
    }

    /// Prints `diagnostics` (errors, with --strict, for warnings too) and notes what they hold.
    func report(_ diagnostics: [Diagnostic], _ outcome: inout CheckOutcome) {
        var shown = diagnostics
        if strict {
            for index in shown.indices { shown[index].severity = .error }
        }
        if shown.contains(where: { $0.severity == .error }) { outcome.foundErrors = true }
        StoryboardFile.print(shown)
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
