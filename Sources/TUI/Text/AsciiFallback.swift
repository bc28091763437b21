
/// ASCII stand-ins for characters a terminal without a UTF-8 locale cannot show.
///
/// Every replacement takes exactly the columns of the original, so layout drawn
/// for Unicode stays aligned: box drawing becomes `+-|`, `›` becomes `>`, arrows
/// become `^ v < >`, accented letters lose their accents, anything else is `?`.
public enum AsciiFallback {
    /// `character` (taking `width` columns) as exactly `width` printable ASCII characters.
    public static func replacement(for character: Character, width: Int) -> String {
        guard width > 0 else { return "" }
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
            return String(repeating: String(character), count: width)
        }
        let scalars = character.unicodeScalars
        guard let base = scalars.first else { return String(repeating: " ", count: width) }
        let single: Character = symbol(for: base) ?? strippedLetter(base) ?? "?"
        return String(repeating: String(single), count: width)
    }

    private static func symbol(for scalar: Unicode.Scalar) -> Character? {
        let value = scalar.value
        switch value {
        case 0x2500...0x257F:
            return boxDrawing(value)
        case 0x2580...0x259F:
            return "#"
        case 0x2800...0x28FF:
            // Braille patterns: a spinner's steps.
            return "*"
        default:
            break
        }
        switch scalar {
        case "›", "»", "▸", "▶", "►", "→", "⇒", "❯": return ">"
        case "‹", "«", "◂", "◀", "◄", "←", "⇐", "❮": return "<"
        case "↑", "▴", "▲", "⇧", "⌃": return "^"
        case "↓", "▾", "▼": return "v"
        case "…": return "."
        case "•", "●", "◉", "✓", "✔", "★", "☑": return "*"
        case "·", "∙": return "."
        case "○", "◯", "◦", "☐": return "o"
        case "✗", "✘", "×", "☒", "✕": return "x"
        case "–", "—", "―", "−": return "-"
        case "‘", "’", "‚", "′": return "'"
        case "“", "”", "„", "″": return "\""
        case "\u{00A0}", "\u{3000}", "\u{2002}", "\u{2003}", "\u{2009}": return " "
        case "⌫": return "<"
        case "↵", "⏎": return "<"
        case "◌": return " "
        case "\u{FFFD}": return "?"
        default: return nil
        }
    }

    /// Box-drawing characters by shape: horizontal lines `-`, vertical `|`, the rest `+`.
    private static func boxDrawing(_ value: UInt32) -> Character {
        switch value {
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550,
            0x2574, 0x2576, 0x2578, 0x257A, 0x257C, 0x257E:
            return "-"
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551,
            0x2575, 0x2577, 0x2579, 0x257B, 0x257D, 0x257F:
            return "|"
        default:
            return "+"
        }
    }

    /// The ASCII letter under an accented Latin letter (é → e, Ø → O), if there is one.
    ///
    /// Read from the character's Unicode name ("LATIN SMALL LETTER E WITH ACUTE"), which the
    /// standard library carries; a canonical decomposition would need Foundation, and it
    /// leaves out letters whose mark is not a combining one (a stroke, a hook).
    private static func strippedLetter(_ scalar: Unicode.Scalar) -> Character? {
        guard let name = scalar.properties.name else { return nil }
        let words = name.split(separator: " ")
        guard words.count >= 5, words[0] == "LATIN", words[2] == "LETTER", words[4] == "WITH",
            words[3].utf8.count == 1, let letter = words[3].first, letter.isASCII, letter.isLetter
        else { return nil }
        switch words[1] {
        case "SMALL": return Character(letter.lowercased())
        case "CAPITAL": return letter
        default: return nil
        }
    }
}
