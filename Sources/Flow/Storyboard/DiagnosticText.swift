/// Makes text taken from a file safe to print on one line of a terminal.
///
/// Ids, titles and element names in diagnostics come straight from the file, so they may hold
/// escape sequences, line breaks or bidirectional overrides. Those are shown as visible
/// escapes instead of reaching the terminal.
public enum DiagnosticText {
    /// Longest quoted value before it is shortened with an ellipsis.
    static let maximumQuotedLength = 80

    /// `text` with control, bidirectional and invisible format characters written as `\u{…}`
    /// (`\n`, `\r` and `\t` in their short forms). Other text is unchanged.
    public static func escaped(_ text: String) -> String {
        guard mayNeedEscape(text), text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// `"text"`, escaped, and cut short with `…` when longer than ``maximumQuotedLength``.
    static func quoted(_ text: String) -> String {
        let scalars = text.unicodeScalars
        // No more scalars than bytes: short text need not be counted.
        if text.utf8.count <= maximumQuotedLength || scalars.count <= maximumQuotedLength {
            return "\"" + escaped(text) + "\""
        }
        var short = String.UnicodeScalarView()
        short.append(contentsOf: scalars.prefix(maximumQuotedLength))
        return "\"" + escaped(String(short)) + "…\""
    }

    /// Whether `text` may hold a character ``needsEscape(_:)`` picks, judged from its UTF-8
    /// alone: a control byte, or the encoding of one of the others. Most text is let through
    /// by this one look at its bytes, without decoding it.
    private static func mayNeedEscape(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 || byte == 0x7F { return true }
                if byte >= 0xC2 {
                    let second = index + 1 < bytes.count ? bytes[index + 1] : 0
                    let third = index + 2 < bytes.count ? bytes[index + 2] : 0
                    switch (byte, second) {
                    case (0xC2, 0x80...0x9F), (0xD8, 0x9C): return true  // C1, U+061C
                    case (0xE2, 0x80) where (0x8B...0x8F).contains(third) || (0xA8...0xAE).contains(third):
                        return true  // U+200B…U+200F, U+2028…U+202E
                    case (0xE2, 0x81) where (0xA0...0xA9).contains(third): return true  // U+2060…U+2069
                    case (0xEF, 0xBB) where third == 0xBF: return true  // U+FEFF
                    default: break
                    }
                }
                index += 1
            }
            return false
        }
    }

    /// Whether a character must not reach a terminal (or a graph label) as it is.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi controls
        case 0x200B...0x200D, 0x2060...0x2064, 0xFEFF: true  // zero-width and invisible
        case 0x2028, 0x2029: true  // line and paragraph separators
        default: false
        }
    }
}

extension DiagnosticText {
    /// `text` as a JSON string, for every JSON the programs write (the diff's, recordings'):
    /// quotes, backslashes and control characters escaped, and the characters a terminal
    /// would act on (C1 controls, bidirectional overrides, line separators, invisible
    /// characters; ``needsEscape(_:)``) as `\u` escapes too, where JSON would allow them raw,
    /// so the file is safe to print and reads the same to any JSON parser.
    public static func jsonQuoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if needsEscape(scalar) {
                    for unit in String(scalar).utf16 {
                        let hex = String(unit, radix: 16)
                        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    }
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
