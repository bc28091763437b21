import FoundationEssentials

/// The translations of a folder's storyboards: each `xx.lproj/NAME.strings` and
/// `NAME.xcstrings` of the app, read the first time a storyboard of that name needs them.
///
/// A project's translations sometimes live in another folder than its `Base.lproj`, so a
/// storyboard's table in a language is every `LANGUAGE.lproj/NAME.strings` of its app, the
/// one beside its own `.lproj` folders first (a later file only fills keys the earlier ones
/// lack), then the string catalog's. A file that cannot be read is reported once and left
/// out, and the storyboard's own texts stand in for it.
public final class Translations {
    /// The folder whose translations these are.
    public let index: StoryboardIndex
    private var stringsTables: [String: TranslationTable] = [:]
    private var catalogTables: [String: [TranslationTable]] = [:]
    /// Each catalog's source language, whose texts are the storyboard's own, not a translation.
    private var catalogSources: [String: String] = [:]
    private var reported: Set<String> = []
    /// Problems found in translation files not yet handed out by ``takeDiagnostics()``.
    private var pending: [Diagnostic] = []

    /// The translations of `index`'s storyboards, none read yet.
    public init(index: StoryboardIndex) {
        self.index = index
    }

    /// The languages `file` has translations in (`.lproj` names and catalog languages),
    /// sorted; `Base` and the catalog's source language are not translations.
    public func languages(of file: StoryboardIndex.StoryboardFile) -> [String] {
        var languages = Set<String>()
        for translation in index.translationFiles(for: file) {
            switch translation.kind {
            case .strings:
                if let language = translation.language, language.lowercased() != "base" { languages.insert(language) }
            case .catalog:
                for table in catalog(translation) where !table.isSource { languages.insert(table.table.language) }
            }
        }
        return languages.sorted()
    }

    /// The table of `file` in the language `preference` chooses among those it has, or nil
    /// (Base: the storyboard's own texts).
    public func table(for file: StoryboardIndex.StoryboardFile, preference: LanguagePreference) -> TranslationTable? {
        guard !preference.isBase, let language = preference.choose(from: languages(of: file)) else { return nil }
        return table(for: file, language: language)
    }

    /// The table of `file` in `language` exactly, merged from every file that has it.
    public func table(for file: StoryboardIndex.StoryboardFile, language: String) -> TranslationTable? {
        let wanted = LanguagePreference.normalized(language)
        var merged: TranslationTable?
        for translation in index.translationFiles(for: file) {
            let tables: [TranslationTable]
            switch translation.kind {
            case .strings:
                guard let folderLanguage = translation.language, LanguagePreference.normalized(folderLanguage) == wanted,
                    let table = strings(translation)
                else { continue }
                tables = [table]
            case .catalog:
                tables = catalog(translation).filter { !$0.isSource && LanguagePreference.normalized($0.table.language) == wanted }.map(\.table)
            }
            for table in tables {
                if merged == nil { merged = table } else { merged?.fill(from: table) }
            }
        }
        return merged
    }

    /// Problems found in translation files since the last call, each file's once.
    public func takeDiagnostics() -> [Diagnostic] {
        defer { pending = [] }
        return pending
    }

    private func strings(_ translation: StoryboardIndex.TranslationFile) -> TranslationTable? {
        let key = translation.url.path
        if let cached = stringsTables[key] { return cached }
        guard let bytes = read(translation) else { return nil }
        switch StringsFileReader.read(bytes, file: shown(translation), language: translation.language ?? "") {
        case .table(let table, let warnings):
            report(key, warnings)
            stringsTables[key] = table
            return table
        case .failure(let problem):
            report(key, [problem])
            return nil
        }
    }

    private func catalog(_ translation: StoryboardIndex.TranslationFile) -> [(table: TranslationTable, isSource: Bool)] {
        let key = translation.url.path
        if let cached = catalogTables[key] {
            return cached.map { ($0, $0.language == catalogSources[key]) }
        }
        guard let bytes = read(translation) else {
            catalogTables[key] = []
            return []
        }
        switch StringCatalogReader.read(bytes, file: shown(translation)) {
        case .tables(let tables, let source):
            catalogTables[key] = tables
            catalogSources[key] = source
            return tables.map { ($0, $0.language == source) }
        case .failure(let problem):
            report(key, [problem])
            catalogTables[key] = []
            return []
        }
    }

    private func read(_ translation: StoryboardIndex.TranslationFile) -> [UInt8]? {
        switch InputFile.read(path: translation.url.path) {
        case .success(let bytes): return bytes
        case .failure(let error):
            report(translation.url.path, [Diagnostic(.error, file: shown(translation), location: .unknown, error.reason)])
            return nil
        }
    }

    private func shown(_ translation: StoryboardIndex.TranslationFile) -> String {
        DiagnosticText.escaped(translation.url.relativePath)
    }

    private func report(_ key: String, _ diagnostics: [Diagnostic]) {
        guard !diagnostics.isEmpty, reported.insert(key).inserted else { return }
        pending += diagnostics
    }
}

extension StoryboardIndex {
    /// The translation files for `file`'s name: in its app (or, outside any app, anywhere in
    /// the folder), those beside its own localizations first, then by path.
    func translationFiles(for file: StoryboardFile) -> [TranslationFile] {
        var files = translationFiles.filter { $0.table == file.name }
        if let app = app(containing: file.url) {
            files = files.filter { Self.isInside($0.path, folder: app.rootPath) }
        }
        return files.enumerated().sorted { first, second in
            let a = first.element.group == file.group ? 0 : 1
            let b = second.element.group == file.group ? 0 : 1
            return a != b ? a < b : first.offset < second.offset
        }.map(\.element)
    }
}
