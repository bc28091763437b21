/// Terminal column widths of text, measured per grapheme cluster (user-perceived character).
///
/// Widths are those of the text *as drawn*: characters the `Sanitizer` shows in a
/// visible form (`^[`, `<U+202E>`) count with the width of that form, so layout
/// computed from these numbers matches what `CellBuffer.put` draws.
///
/// A cluster is 2 columns when its base is East Asian Wide or Fullwidth, or when it
/// is an emoji shown as a picture: emoji presentation, a variation selector 16, a
/// skin-tone modifier, a ZWJ sequence (🧑‍🌾 is 2, as terminals draw it, not the 4
/// of summing code points) or a flag. Combining marks add nothing to their base.
public enum DisplayWidth {
    /// Columns taken by `text` when drawn.
    public static func of(_ text: String) -> Int {
        // Most text on screen is printable ASCII: one column a byte, nothing to escape.
        if isPrintableASCII(text) { return text.utf8.count }
        if let columns = simpleWidth(text) { return columns }
        return sum(text)
    }

    /// Columns `text` takes when drawn.
    public static func of<Text: StringProtocol>(_ text: Text) -> Int { sum(text) }

    private static func sum<Text: StringProtocol>(_ text: Text) -> Int {
        var total = 0
        for character in text {
            total += of(character)
        }
        return total
    }

    /// Columns taken by one character when drawn (0, 1 or 2, or more for the
    /// visible form of a control character).
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue, ascii >= 0x20, ascii < 0x7F {
            return 1
        }
        if Sanitizer.needsEscaping(character) {
            var total = 0
            for safe in Sanitizer.sanitize(String(character)) {
                total += clusterWidth(safe)
            }
            return total
        }
        return clusterWidth(character)
    }

    /// Columns of a single code point on its own: 0 for controls, combining and
    /// format characters, 2 for wide ones, otherwise 1.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        if value < 0x7F { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        if WidthTables.contains(WidthTables.wide, value) { return 2 }
        if scalar.properties.isEmojiPresentation && !isRegionalIndicator(scalar) { return 2 }
        return 1
    }

    /// The width of a cluster that needs no escaping.
    static func clusterWidth(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let base = scalars.first else { return 0 }
        var rest = scalars.dropFirst().makeIterator()
        guard let second = rest.next() else { return of(base) }

        if isRegionalIndicator(base) && isRegionalIndicator(second) { return 2 }
        let baseIsEmoji = base.properties.isEmoji
        if baseIsEmoji {
            var previous = base
            var next: Unicode.Scalar? = second
            while let scalar = next {
                if scalar.value == 0xFE0F { return 2 }
                if scalar.properties.isEmojiModifier && previous.properties.isEmojiModifierBase {
                    return 2
                }
                if previous.value == 0x200D && isPictographic(scalar) { return 2 }
                previous = scalar
                next = rest.next()
            }
        }
        return of(base)
    }

    /// An emoji that is a picture (the ASCII digits, `#` and `*` are emoji only as keycaps).
    static func isPictographic(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isASCII && scalar.properties.isEmoji
    }

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// `text` cut to at most `width` columns, ending in `ellipsis` when something
    /// was cut (spaces before the ellipsis are dropped). Never splits a character
    /// and never exceeds `width`; when even the ellipsis does not fit, the text is
    /// cut without it.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let ellipsisWidth = of(ellipsis)
        let fitsEllipsis = ellipsisWidth <= width
        let budget = fitsEllipsis ? width - ellipsisWidth : width
        var kept = prefix(text, fitting: budget).text
        guard fitsEllipsis else { return kept }
        while kept.last == " " { kept.removeLast() }
        return kept + ellipsis
    }

    /// The longest prefix of `text` whose width is at most `width`, and that width.
    public static func prefix(_ text: String, fitting width: Int) -> (text: String, width: Int) {
        if isPrintableASCII(text) {
            let count = min(max(0, width), text.utf8.count)
            return (String(decoding: text.utf8.prefix(count), as: UTF8.self), count)
        }
        if let columns = simpleWidth(text) {
            let count = min(max(0, width), columns)
            return (String(String.UnicodeScalarView(text.unicodeScalars.prefix(count))), count)
        }
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width { break }
            result.append(character)
            used += columns
        }
        return (result, used)
    }

    /// Whether `value` is a code point that is always a character of its own, one column
    /// wide, and drawn as it is: printable Latin, Greek and Cyrillic letters and symbols,
    /// general punctuation (dashes, quotes, bullets, `…`, `‹ ›`), arrows, box drawing and
    /// blocks. Text made only of these (`203°F`, `‹ Back`, `A – B`) is measured and drawn
    /// a scalar at a time, without finding grapheme clusters or looking up properties;
    /// `DisplayWidthTests` checks the set against the general rules.
    @inline(__always)
    static func isSimple(_ value: UInt32) -> Bool {
        switch value {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x391...0x3A1, 0x3A3...0x3C9, 0x400...0x45F,
            0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0, 0x2190...0x21FF, 0x2500...0x259F:
            return true
        default:
            return false
        }
    }

    /// The width of `text` when every scalar in it `isSimple` (one column each), else nil.
    static func simpleWidth(_ text: String) -> Int? {
        var count = 0
        for scalar in text.unicodeScalars {
            guard isSimple(scalar.value) else { return nil }
            count += 1
        }
        return count
    }

    /// Whether every byte is a printable ASCII character (space to tilde).
    static func isPrintableASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
            return true
        }
    }

    /// `text` cut (without ellipsis) or padded with spaces to exactly `width` columns.
    public static func fit(_ text: String, to width: Int) -> String {
        let kept = prefix(text, fitting: max(0, width))
        return kept.text + String(repeating: " ", count: max(0, width - kept.width))
    }
}
