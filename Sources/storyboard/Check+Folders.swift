import CommandSupport
import Flow
import FoundationEssentials

/// What a check found across its targets: it decides the exit status and the last line.
struct CheckOutcome {
    /// Whether locations are printed as links to their files.
    let links: Bool
    var foundErrors = false
    var unreadable = false
    /// The storyboards checked.
    var files = 0
    var summary = Check.Summary()
}

/// One storyboard checked: what the summary line counts.
struct FileCheck {
    let url: URL
    /// The document, when the file loaded.
    let document: StoryboardDocument?
    var errors = 0
    var warnings = 0
    /// Each language's translation check, with --locale.
    var translations: [TranslationCheck] = []
    /// Languages --locale asked for that the file has no translation into.
    var missingLanguages: [String] = []
}

/// Checking a folder whole, and the translations of each file.
extension Check {
    /// Every storyboard of the folder, the references between them, and a summary line each.
    func checkFolder(_ target: StoryboardTarget, registry: ClassRegistry, outcome: inout CheckOutcome) {
        let index = target.index
        report(index.problems, &outcome)
        if index.isIncomplete {
            StandardError.report("\(DiagnosticText.escaped(index.root.relativePath)) is too large to read whole; some storyboards were not checked")
        }
        // A folder with nothing to check is a mistyped path or a wrong folder, not a pass: a
        // CI job must not go green on it.
        guard !index.storyboards.isEmpty else {
            StandardError.report("\(DiagnosticText.escaped(index.root.relativePath)): no storyboard in this folder or below it")
            outcome.unreadable = true
            return
        }
        let translations = locale == nil ? nil : Translations(index: index)
        var documents: [String: StoryboardDocument] = [:]
        var checked: [FileCheck] = []
        for file in index.storyboards {
            if let result = checkFile(file.url, in: target, registry: registry, translations: translations, documents: &documents, outcome: &outcome) {
                checked.append(result)
            }
        }
        var crossFile = AppLinter.lint(index: index, documents: documents)
        if strict { crossFile = crossFile.map(\.strict) }
        // Findings about one file count towards its line.
        for finding in crossFile {
            guard let position = checked.firstIndex(where: { DiagnosticText.escaped($0.url.relativePath) == finding.file }) else { continue }
            if finding.severity == .error { checked[position].errors += 1 } else { checked[position].warnings += 1 }
        }
        report(crossFile, &outcome)
        for file in checked {
            Swift.print(summary(of: file))
            if locale != nil { printTranslationSummary(file) }
        }
        let appCount = index.apps.count
        let apps = appCount == 0 ? "no app" : appCount == 1 ? "1 app (\(DiagnosticText.escaped(index.apps[0].name)))" : "\(appCount) apps"
        Swift.print("\(DiagnosticText.escaped(index.root.relativePath)): \(Self.count(checked.count, "storyboard")), \(apps)")
    }

    /// Loads and lints one storyboard, printing what is found; nil when it cannot be read.
    func checkFile(
        _ url: URL, in target: StoryboardTarget, registry: ClassRegistry, translations: Translations?,
        documents: inout [String: StoryboardDocument], outcome: inout CheckOutcome
    ) -> FileCheck? {
        let data: Data
        do {
            data = try StoryboardTarget.read(url)
        } catch {
            StandardError.report(error.message)
            outcome.unreadable = true
            return nil
        }
        outcome.files += 1
        let loaded: LoadedStoryboard
        do {
            loaded = try StoryboardLoader.load(data: data, fileName: url.relativePath, references: target.references(from: url))
        } catch {
            report(error.diagnostics, &outcome)
            // Not a storyboard at all (not well-formed, cut off, too large): nothing was
            // checked, which is not a finding but a check that could not run.
            if error.isUnreadable { outcome.unreadable = true }
            var file = FileCheck(url: url, document: nil)
            file.errors = error.diagnostics.filter { $0.severity == .error }.count
            file.warnings = error.diagnostics.count - file.errors
            return file
        }
        documents[StoryboardIndex.absolutePath(url)] = loaded.document
        outcome.summary.count(loaded.document)
        // A storyboard of an app other than its main one may open inside a navigation
        // controller of another, through a reference.
        let entersInNavigation = !target.index.apps.isEmpty && !target.index.apps.contains { app in
            app.manifest.mainStoryboard.flatMap { target.index.resolve($0, from: app.manifest.plistURL).file?.path }
                == StoryboardIndex.absolutePath(url)
        }
        var found = Diagnostic.inFileOrder(
            loaded.warnings + StoryboardLinter.lint(loaded.document, registry: registry, entersInNavigation: entersInNavigation))
        var file = FileCheck(url: url, document: loaded.document)
        if let translations, let indexed = target.index.file(at: url) {
            found += checkTranslations(of: indexed, document: loaded.document, data: data, translations: translations, into: &file)
        }
        if strict { found = found.map(\.strict) }
        file.errors = found.filter { $0.severity == .error }.count
        file.warnings = found.count - file.errors
        report(found, &outcome)
        return file
    }

    /// The languages --locale asks for, checked; the translation files' own problems first.
    private func checkTranslations(
        of indexed: StoryboardIndex.StoryboardFile, document: StoryboardDocument, data: Data, translations: Translations,
        into file: inout FileCheck
    ) -> [Diagnostic] {
        let available = translations.languages(of: indexed)
        var languages: [String] = []
        if locale?.lowercased() == "all" {
            languages = available
        } else if let locale, let preference = LanguagePreference(locale) {
            if let chosen = preference.choose(from: available) {
                languages = [chosen]
            } else if !preference.isBase {
                file.missingLanguages.append(preference.description)
            }
        }
        guard !languages.isEmpty else { return translations.takeDiagnostics() }
        let objectIDs = StoryboardLoader.objectIDs(in: data)
        var found: [Diagnostic] = []
        for language in languages {
            guard let table = translations.table(for: indexed, language: language) else { continue }
            let check = TranslationCheck(document: document, objectIDs: objectIDs, table: table)
            file.translations.append(check)
            found += check.staleKeys
        }
        return translations.takeDiagnostics() + found
    }

    /// `Main.storyboard: de: 3 of 42 texts untranslated`, one line per language.
    func printTranslationSummary(_ file: FileCheck) {
        let shown = DiagnosticText.escaped(file.url.relativePath)
        guard let document = file.document else { return }
        for check in file.translations { Swift.print("\(shown): \(DiagnosticText.escaped(check.summary))") }
        for language in file.missingLanguages {
            let count = document.translatableTexts.count
            Swift.print("\(shown): \(DiagnosticText.escaped(language)): no translation (\(count) text\(count == 1 ? "" : "s"))")
        }
        if file.translations.isEmpty, file.missingLanguages.isEmpty, locale?.lowercased() == "all" {
            Swift.print("\(shown): no translations")
        }
    }

    /// `Main.storyboard: 12 scenes, 20 segues, 3 references: no errors, 2 warnings`.
    private func summary(of file: FileCheck) -> String {
        let shown = DiagnosticText.escaped(file.url.relativePath)
        let problems = "\(Self.count(file.errors, "error")), \(Self.count(file.warnings, "warning"))"
        guard let document = file.document else { return "\(shown): does not load: \(problems)" }
        // Counted as the last line counts them: scenes without references, every segue.
        let references = document.controllers.filter { $0.kind == .reference }.count
        let scenes = document.controllers.count - references
        let segues = document.controllers.reduce(0) { $0 + $1.segues.count }
        return "\(shown): \(Self.count(scenes, "scene")), \(Self.count(segues, "segue")), \(Self.count(references, "reference")): \(problems)"
    }

    static func count(_ number: Int, _ noun: String) -> String {
        number == 0 ? "no \(noun)s" : number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
}
