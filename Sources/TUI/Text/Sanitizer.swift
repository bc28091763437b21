/// Makes text from users and files safe to draw: nothing in it can move the
/// cursor, change colours, set the title, reach the clipboard or reorder text.
///
/// - C0 controls and DEL become caret notation: ESC → `^[`, BEL → `^G`,
///   newline → `^J`, tab → `^I`, DEL → `^?`.
/// - C1 controls (U+0080–U+009F, which some terminals read as CSI or OSC),
///   bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F,
///   U+061C), zero-width characters, line and paragraph separators and every
///   other format character become `<U+XXXX>`.
/// - A zero-width joiner survives only inside an emoji sequence (🧑‍🌾), tag
///   characters only inside a tag flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
/// - A combining mark with nothing to combine with is drawn on a dotted circle (◌́).
///
/// The result is idempotent: sanitizing it again changes nothing.
public enum Sanitizer {
    /// `text` made safe for a single line (newlines become `^J`).
    public static func sanitize(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        // Escaping can regroup what is left into new grapheme clusters (a joiner kept beside
        // an emoji may now join something else): go again until nothing needs escaping.
        var current = text
        for _ in 0..<4 {
            var result = ""
            result.reserveCapacity(current.utf8.count)
            var changed = false
            for character in current {
                if needsEscaping(character) {
                    appendEscaped(character, to: &result)
                    changed = true
                } else {
                    result.append(character)
                }
            }
            if !changed { return current }
            current = result
        }
        return strictlySanitized(current)
    }

    /// Every unsafe scalar in its visible form, joiners included: what is left when the
    /// gentle pass doesn't settle.
    private static func strictlySanitized(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result.append(contentsOf: visibleForm(of: scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        var settled = ""
        for character in String(result) {
            if let first = character.unicodeScalars.first, isCombining(first) { settled.append("\u{25CC}") }
            settled.append(character)
        }
        return settled
    }

    /// `text` split at line breaks (`\n`, `\r\n`, `\r`, U+2028, U+2029), each line
    /// made safe.
    public static func sanitizeLines(_ text: String) -> [String] {
        // Text of simple scalars (`DisplayWidth.isSimple`: drawn as they are, nothing to
        // escape) and line feeds is only split, at its bytes (a table's footer is wrapped
        // on every frame).
        if text.unicodeScalars.allSatisfy({ $0 == "\n" || DisplayWidth.isSimple($0.value) }) {
            var lines: [String] = []
            var start = text.utf8.startIndex
            for index in text.utf8.indices where text.utf8[index] == 0x0A {
                lines.append(String(text[start..<index]))
                start = text.utf8.index(after: index)
            }
            lines.append(String(text[start...]))
            return lines
        }
        var lines: [String] = []
        var current = ""
        for character in text {
            switch character {
            case "\n", "\r\n", "\r", "\u{2028}", "\u{2029}":
                lines.append(sanitize(current))
                current = ""
            default:
                current.append(character)
            }
        }
        lines.append(sanitize(current))
        return lines
    }

    /// Whether `character` must be shown in another form to be safe.
    public static func needsEscaping(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F }
        var iterator = character.unicodeScalars.makeIterator()
        guard let first = iterator.next() else { return false }
        if iterator.next() == nil { return isCombining(first) || isUnsafe(first) }
        let scalars = Array(character.unicodeScalars)
        guard let base = scalars.first else { return false }
        if isCombining(base) || isUnsafe(base) { return true }
        for index in scalars.indices.dropFirst() where isUnsafe(scalars[index]) {
            if !isAllowedJoiner(at: index, in: scalars) { return true }
        }
        return false
    }

    /// The visible form of a scalar that is not safe to draw: `^[`, `^?`, `<U+202E>`.
    public static func visibleForm(of scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        if value < 0x20, let shown = Unicode.Scalar(value + 0x40) {
            return "^" + String(Character(shown))
        }
        if value == 0x7F { return "^?" }
        var hex = String(value, radix: 16, uppercase: true)
        if hex.count < 4 { hex = String(repeating: "0", count: 4 - hex.count) + hex }
        return "<U+" + hex + ">"
    }

    private static func appendEscaped(_ character: Character, to result: inout String) {
        let scalars = Array(character.unicodeScalars)
        var kept = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if isUnsafe(scalar) && (index == 0 || !isAllowedJoiner(at: index, in: scalars)) {
                result.append(String(kept))
                kept = String.UnicodeScalarView()
                result.append(visibleForm(of: scalar))
            } else {
                if index == 0 && isCombining(scalar) { kept.append("\u{25CC}") }
                kept.append(scalar)
            }
        }
        result.append(String(kept))
    }

    /// Controls, format characters and separators: never drawn as themselves
    /// (with the joiner exceptions of `isAllowedJoiner`).
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        if value < 0xA0 { return false }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .control:
            return true
        default:
            return false
        }
    }

    /// A combining mark, which draws on the character before it.
    static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark:
            return true
        default:
            return false
        }
    }

    /// ZWJ inside an emoji sequence (between two pictographic emoji), and tag
    /// characters after a black flag.
    private static func isAllowedJoiner(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        let value = scalars[index].value
        if value == 0x200D {
            return index + 1 < scalars.count && DisplayWidth.isPictographic(scalars[0])
                && DisplayWidth.isPictographic(scalars[index + 1])
        }
        if (0xE0020...0xE007F).contains(value) {
            return scalars[0].value == 0x1F3F4
        }
        return false
    }
}
