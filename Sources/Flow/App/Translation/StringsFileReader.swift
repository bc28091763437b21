/// Reads a `.strings` file: `"key" = "value";` entries with C comments, in UTF-8 or in
/// UTF-16 with a byte-order mark (Xcode wrote UTF-16 for years, and many projects still
/// hold both).
///
/// The syntax is the old property list format Foundation reads: quoted strings with the
/// escapes `\n \t \r \" \\ \' \a \b \f \v`, `\Uxxxx` (and `\uxxxx`) for a UTF-16 unit,
/// octal `\ooo`; unquoted keys and values of letters, digits and `_$+/:.-`; and `"key";`
/// alone, which means the key is its own value. A file that breaks the syntax is refused as
/// a whole with the line and column of the problem; a key given twice is a warning, and the
/// later value wins, as Foundation's reading has it.
enum StringsFileReader {
    /// The outcome: the table and its warnings, or the error that refused the file.
    enum Outcome {
        case table(TranslationTable, warnings: [Diagnostic])
        case failure(Diagnostic)
    }

    static func read(_ bytes: [UInt8], file: String, language: String) -> Outcome {
        let text: [Unicode.Scalar]
        switch decode(bytes) {
        case .success(let scalars): text = scalars
        case .failure(let problem): return .failure(Diagnostic(.error, file: file, location: problem.location, problem.message))
        }
        var parser = Parser(text: text, file: file)
        do {
            let table = try parser.parse(language: language)
            return .table(table, warnings: parser.warnings)
        } catch {
            return .failure(Diagnostic(.error, file: file, location: error.location, error.message))
        }
    }

    /// The file's characters: UTF-16 after a byte-order mark (either order), else UTF-8 (a
    /// UTF-8 mark is skipped).
    static func decode(_ bytes: [UInt8]) -> Result<[Unicode.Scalar], PropertyListError> {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else {
                return .failure(PropertyListError("the file is UTF-16 but has an odd number of bytes (is it truncated?)"))
            }
            let units = stride(from: 2, to: bytes.count, by: 2).map { index in
                littleEndian
                    ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                    : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
            }
            var scalars: [Unicode.Scalar] = []
            var iterator = units.makeIterator()
            var decoder = UTF16()
            var line = 1
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    if scalar == "\n" { line += 1 }
                    scalars.append(scalar)
                case .emptyInput: break loop
                case .error:
                    return .failure(PropertyListError("the file is UTF-16 but holds a broken surrogate pair", at: SourceLocation(line: line, column: 0)))
                }
            }
            return .success(scalars)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        var scalars: [Unicode.Scalar] = []
        var iterator = body.makeIterator()
        var decoder = UTF8()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1 }
                scalars.append(scalar)
            case .emptyInput:
                return .success(scalars)
            case .error:
                let hint = body.count > 1 && body.count % 2 == 0 && body.contains(0) ? " (UTF-16 needs a byte-order mark)" : ""
                return .failure(
                    PropertyListError("the file is neither UTF-8 nor UTF-16 with a byte-order mark\(hint)", at: SourceLocation(line: line, column: 0)))
            }
        }
    }

    private struct Parser {
        let text: [Unicode.Scalar]
        let file: String
        var index = 0
        var line = 1
        var lineStart = 0
        var warnings: [Diagnostic] = []

        init(text: [Unicode.Scalar], file: String) {
            self.text = text
            self.file = file
        }

        mutating func parse(language: String) throws(PropertyListError) -> TranslationTable {
            var table = TranslationTable(file: file, language: language)
            while true {
                try skipBlanks()
                guard index < text.count else { return table }
                let keyLocation = location
                let key = try readString(what: "a key")
                try skipBlanks()
                var value = key
                if peek == "=" {
                    index += 1
                    try skipBlanks()
                    value = try readString(what: "a value")
                    try skipBlanks()
                }
                guard peek == ";" else {
                    throw failure(peek == nil ? "the file ends after \(DiagnosticText.quoted(key)) without \";\"" : "expected \";\" after the entry for \(DiagnosticText.quoted(key))")
                }
                index += 1
                if let first = table.locations[key] {
                    warnings.append(
                        Diagnostic(.warning, file: file, location: keyLocation, "key \(DiagnosticText.quoted(key)) is given twice (first at \(first)); the later value is used"))
                } else {
                    table.locations[key] = keyLocation
                }
                table.texts[key] = value
            }
        }

        private var peek: Unicode.Scalar? { index < text.count ? text[index] : nil }

        private var location: SourceLocation { SourceLocation(line: line, column: index - lineStart + 1) }

        private mutating func advance() {
            if text[index] == "\n" {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }

        private mutating func skipBlanks() throws(PropertyListError) {
            while let scalar = peek {
                if scalar.properties.isWhitespace {
                    advance()
                } else if scalar == "/", index + 1 < text.count, text[index + 1] == "*" {
                    let start = location
                    index += 2
                    while index + 1 < text.count, !(text[index] == "*" && text[index + 1] == "/") { advance() }
                    guard index + 1 < text.count else { throw PropertyListError("a comment is never closed", at: start) }
                    index += 2
                } else if scalar == "/", index + 1 < text.count, text[index + 1] == "/" {
                    while let next = peek, next != "\n" { advance() }
                } else {
                    return
                }
            }
        }

        private static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
                || "_$+/:.-".unicodeScalars.contains(scalar)
        }

        private mutating func readString(what: String) throws(PropertyListError) -> String {
            guard let first = peek else { throw failure("the file ends where \(what) should be") }
            if first == "\"" || first == "'" { return try readQuoted(closing: first) }
            guard Self.isUnquoted(first) else {
                throw failure("expected \(what), found \(DiagnosticText.quoted(String(Character(first))))")
            }
            var result = String.UnicodeScalarView()
            while let scalar = peek, Self.isUnquoted(scalar) {
                result.append(scalar)
                index += 1
            }
            return String(result)
        }

        private mutating func readQuoted(closing: Unicode.Scalar) throws(PropertyListError) -> String {
            let start = location
            index += 1
            var units: [UInt16] = []
            func append(_ scalar: Unicode.Scalar) { units.append(contentsOf: String(Character(scalar)).utf16) }
            while true {
                guard let scalar = peek else { throw PropertyListError("a string is never closed", at: start) }
                if scalar == closing {
                    index += 1
                    return String(decoding: units, as: UTF16.self)
                }
                guard scalar == "\\" else {
                    append(scalar)
                    advance()
                    continue
                }
                index += 1
                guard let escaped = peek else { throw PropertyListError("a string is never closed", at: start) }
                advance()
                switch escaped {
                case "n": append("\n")
                case "t": append("\t")
                case "r": append("\r")
                case "a": append("\u{7}")
                case "b": append("\u{8}")
                case "f": append("\u{C}")
                case "v": append("\u{B}")
                case "U", "u":
                    var value: UInt16 = 0
                    var digits = 0
                    while digits < 4, let next = peek, next.isASCII, let digit = UInt16(String(next), radix: 16) {
                        value = value << 4 | digit
                        digits += 1
                        index += 1
                    }
                    guard digits > 0 else { throw failure("\\\(escaped) must be followed by hexadecimal digits") }
                    units.append(value)
                case "0"..."7":
                    var value = UInt16(escaped.value - 48)
                    var digits = 1
                    while digits < 3, let next = peek, ("0"..."7").contains(next) {
                        value = value << 3 | UInt16(next.value - 48)
                        digits += 1
                        index += 1
                    }
                    units.append(value)
                default: append(escaped)
                }
            }
        }

        private func failure(_ message: String) -> PropertyListError {
            PropertyListError(message, at: location)
        }
    }
}
