/// The language a storyboard's texts are shown in, with the fallbacks iOS would try: a
/// region's language, then the language alone, then the storyboard's own texts (Base).
///
/// `pt_BR.UTF-8` (a POSIX locale) and `pt-BR` (a language tag) both give `pt-BR` → `pt` →
/// Base; `zh-Hant-TW` gives `zh-Hant-TW` → `zh-Hant` → `zh`. `C`, `POSIX` and `base` show the
/// storyboard's own texts.
public struct LanguagePreference: Sendable, Equatable, CustomStringConvertible {
    /// The languages to try, most specific first, as language tags (`pt-BR`); empty for Base.
    public let chain: [String]

    /// The storyboard's own texts, untranslated.
    public static let base = LanguagePreference(chain: [])

    private init(chain: [String]) {
        self.chain = chain
    }

    /// Reads `--locale`'s value or a locale variable's: a POSIX locale (`de_DE.UTF-8@euro`),
    /// a language tag (`de-DE`), or `base`. `nil` when it cannot be a language.
    public init?(_ text: String) {
        var value = Substring(text.trimmingWhitespace)
        if let at = value.firstIndex(of: "@") { value = value[..<at] }
        if let dot = value.firstIndex(of: ".") {
            // `C.UTF-8`, `de_DE.ISO-8859-1`: the part before the encoding is the locale.
            guard dot > value.startIndex else { return nil }
            value = value[..<dot]
        }
        let lowered = value.lowercased()
        if text.trimmingWhitespace.isEmpty || ["base", "c", "posix"].contains(lowered) {
            self = .base
            return
        }
        let parts = value.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let language = parts.first, (2...8).contains(language.count), language.allSatisfy(\.isLetter),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isLetter || $0.isNumber } })
        else { return nil }
        var subtags = [language.lowercased()]
        for part in parts.dropFirst() {
            // Scripts are written Hant, regions DE or 419, as Xcode names its folders.
            if part.count == 4, part.allSatisfy(\.isLetter) {
                subtags.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
            } else if part.count == 2 || part.allSatisfy(\.isNumber) {
                subtags.append(part.uppercased())
            } else {
                subtags.append(part.lowercased())
            }
        }
        var chain: [String] = []
        while !subtags.isEmpty {
            chain.append(subtags.joined(separator: "-"))
            subtags.removeLast()
        }
        self.chain = chain
    }

    /// The user's language, as the device's would be: `LC_ALL`, else `LC_MESSAGES`, else
    /// `LANG` (the first one set and not empty); Base when none is or it names no language.
    public init(environment: [String: String]) {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            self = LanguagePreference(value) ?? .base
            return
        }
        self = .base
    }

    /// Whether no translation is wanted.
    public var isBase: Bool { chain.isEmpty }

    /// The language asked for (`pt-BR`), or `base`.
    public var description: String { chain.first ?? "base" }

    /// The first language of the chain that `available` offers (compared as ``normalized(_:)``
    /// forms), or `nil` for the storyboard's own texts.
    public func choose(from available: some Sequence<String>) -> String? {
        let offered = Dictionary(available.map { (Self.normalized($0), $0) }, uniquingKeysWith: { first, _ in first })
        for language in chain {
            if let match = offered[Self.normalized(language)] { return match }
        }
        return nil
    }

    /// A folder's language in one spelling: lower case, `-` between parts, and the names
    /// old projects used (`English.lproj`, `German.lproj`) as their codes.
    public static func normalized(_ language: String) -> String {
        let lowered = language.lowercased().replacingUnderscores
        return legacyNames[lowered] ?? lowered
    }

    private static let legacyNames = [
        "english": "en", "french": "fr", "german": "de", "japanese": "ja", "spanish": "es", "italian": "it",
        "dutch": "nl", "portuguese": "pt", "swedish": "sv", "danish": "da", "finnish": "fi", "norwegian": "nb",
        "korean": "ko", "russian": "ru", "polish": "pl", "chinese": "zh",
    ]
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    fileprivate var replacingUnderscores: String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
