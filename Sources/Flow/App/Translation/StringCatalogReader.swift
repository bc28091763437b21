/// Reads a string catalog (`NAME.xcstrings`, Xcode 15's JSON form of a project's
/// translations) into one table per language.
///
/// A key's text in a language is its `stringUnit`'s value, or for a key with variations
/// (plural, device) the first variation's; a unit in state `new` has not been translated yet
/// and counts as missing.
enum StringCatalogReader {
    enum Outcome {
        case tables([TranslationTable], sourceLanguage: String?)
        case failure(Diagnostic)
    }

    static func read(_ bytes: [UInt8], file: String) -> Outcome {
        let json: JSONValue
        do {
            json = try JSONReader.read(bytes)
        } catch {
            return .failure(Diagnostic(.error, file: file, location: error.location, "not a string catalog: \(error.message)"))
        }
        guard case .object(let strings)? = json["strings"] else {
            return .failure(Diagnostic(.error, file: file, location: SourceLocation(line: 1, column: 1), "not a string catalog: it has no \"strings\" object"))
        }
        var tables: [String: TranslationTable] = [:]
        for (key, location, entry) in strings {
            guard case .object(let languages)? = entry["localizations"] else { continue }
            for (language, _, localization) in languages {
                guard let text = Self.text(of: localization) else { continue }
                tables[language, default: TranslationTable(file: file, language: language)].texts[key] = text
                tables[language]?.locations[key] = location
            }
        }
        return .tables(tables.keys.sorted().compactMap { tables[$0] }, sourceLanguage: json["sourceLanguage"]?.string)
    }

    private static func text(of localization: JSONValue) -> String? {
        if let unit = localization["stringUnit"] {
            guard unit["state"]?.string != "new", let value = unit["value"]?.string else { return nil }
            return value
        }
        guard case .object(let kinds)? = localization["variations"] else { return nil }
        for (_, _, cases) in kinds {
            guard case .object(let members) = cases else { continue }
            let ordered = members.sorted { ($0.key == "other" ? 0 : 1) < ($1.key == "other" ? 0 : 1) }
            for (_, _, variation) in ordered {
                if let text = Self.text(of: variation) { return text }
            }
        }
        return nil
    }
}
