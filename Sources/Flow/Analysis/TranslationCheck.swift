/// The check a team runs before a release: of a storyboard's translation into one
/// language, the keys that name no object of the storyboard (stale, after an element was
/// deleted or recreated) and the texts no key translates.
public struct TranslationCheck: Sendable {
    /// The language checked.
    public let language: String
    /// Texts of the storyboard a translation could replace.
    public let total: Int
    /// Those the table has no key for.
    public let untranslated: [TranslatableText]
    /// One warning per key naming no object, at the key in the translation file.
    public let staleKeys: [Diagnostic]

    /// Checks `table` against `document`, whose elements have the ids `objectIDs` (every
    /// element's, not only those the document models: a key may translate an accessibility
    /// label the terminal never shows).
    public init(document: StoryboardDocument, objectIDs: Set<String>, table: TranslationTable) {
        language = table.language
        let texts = document.translatableTexts
        total = texts.count
        untranslated = texts.filter { text in !text.keys.contains { table.texts[$0] != nil } }
        let storyboard = document.fileName.split(separator: "/").last.map(String.init) ?? document.fileName
        staleKeys = table.texts.keys.sorted { (table.locations[$0]?.line ?? 0, $0) < (table.locations[$1]?.line ?? 0, $1) }.compactMap { key in
            let object = key.split(separator: ".", maxSplits: 1).first.map(String.init) ?? key
            guard !objectIDs.contains(object) else { return nil }
            return Diagnostic(
                .warning, file: table.file, location: table.locations[key] ?? .unknown,
                "key \(DiagnosticText.quoted(key)) names no object of \(DiagnosticText.escaped(storyboard)) (was it deleted or recreated?)")
        }
    }

    /// `de: 3 of 42 texts untranslated, 1 key naming no object`.
    public var summary: String {
        let texts = CountedNoun.phrase(total, "text")
        var parts = [
            untranslated.isEmpty
                ? (total == 1 ? "its 1 text translated" : "all \(texts) translated") : "\(untranslated.count) of \(texts) untranslated"
        ]
        if !staleKeys.isEmpty { parts.append("\(CountedNoun.phrase(staleKeys.count, "key")) naming no object") }
        return "\(language): " + parts.joined(separator: ", ")
    }
}
