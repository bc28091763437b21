/// One language's translations of one storyboard: keys `OBJECTID.property` (as Xcode writes
/// them, `Xyz-12-abc.text`, `Xyz-12-abc.normalTitle`) to the translated text.
public struct TranslationTable: Sendable {
    /// The file it was read from, as diagnostics name it.
    public var file: String
    /// The language (`de`, `pt-BR`), as the folder or catalog spells it.
    public var language: String
    /// Key to translated text.
    public var texts: [String: String]
    /// Where each key is written in the file.
    public var locations: [String: SourceLocation]

    /// A table of `language` read from `file`.
    public init(file: String, language: String, texts: [String: String] = [:], locations: [String: SourceLocation] = [:]) {
        self.file = file
        self.language = language
        self.texts = texts
        self.locations = locations
    }

    /// Adds what `other` has and this table lacks: files found later fill gaps, never override.
    mutating func fill(from other: TranslationTable) {
        for (key, text) in other.texts where texts[key] == nil {
            texts[key] = text
            locations[key] = other.locations[key]
        }
    }
}
