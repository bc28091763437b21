/// Byte-level checks made before the XML parser sees a file.
///
/// The parser is libxml2, which expands entities and decodes whatever encoding a file declares.
/// A storyboard needs neither, so anything that would switch those on is refused up front:
/// a DOCTYPE (the only place entities can be declared), bytes that are not UTF-8, and an
/// encoding declaration other than UTF-8 (which could smuggle a DOCTYPE past the byte scan).
/// Processing instructions are refused too: storyboards have none, and one shape of them
/// crashed the XML parser this project used before libxml2 itself.
///
/// The checks share one pass over the bytes, eight at a time where they are plain ASCII
/// without a `<` or a NUL (most of a storyboard), so the scan costs a fraction of the parse.
enum XMLPreflight {
    /// Problems found, each fatal; empty when the parser may run.
    static func problems(in bytes: UnsafeBufferPointer<UInt8>) -> [(SourceLocation, String)] {
        if let encoding = utf16Encoding(of: bytes) {
            // Every other byte is a NUL and nothing after this would say anything useful.
            return [(SourceLocation(line: 1, column: 1), "the file is \(encoding) text: save it as UTF-8")]
        }
        let found = scan(bytes)
        var problems: [(SourceLocation, String)] = []
        func report(_ offset: Int, _ message: String) {
            problems.append((SourcePositionTracker.location(ofByteOffset: offset, in: bytes), message))
        }
        if let offset = found.invalidUTF8 {
            report(offset, "the file is not UTF-8 text (invalid byte 0x\(hexByte(bytes[offset])))")
        }
        // XML forbids NUL, and NUL bytes are how libxml2 recognises UTF-16 and UCS-4 text
        // that has no byte order mark, in which a DOCTYPE would not look like ASCII.
        if let offset = found.nul {
            report(offset, "the file contains a NUL byte")
        }
        if let offset = found.doctype {
            report(offset, "DOCTYPE declarations are not allowed in a storyboard (they can define entities)")
        }
        if let offset = found.processingInstruction {
            report(offset, "processing instructions (<?…?>) are not allowed in a storyboard")
        }
        if let (offset, name) = declaredEncoding(in: bytes), !isUTF8Name(name) {
            report(offset, "the file declares encoding \(DiagnosticText.quoted(name)); storyboards must be UTF-8")
        }
        return problems
    }

    /// `UTF-16` (with its byte order) when the file starts with a UTF-16 byte order mark, or
    /// with `<` as UTF-16 would write it; nil otherwise.
    static func utf16Encoding(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.count >= 2 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE): return "UTF-16 (little-endian)"
        case (0xFE, 0xFF): return "UTF-16 (big-endian)"
        case (0x3C, 0x00): return "UTF-16 (little-endian)"
        case (0x00, 0x3C): return "UTF-16 (big-endian)"
        default: return nil
        }
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// The first offset of each kind of problem, `nil` where there is none.
    struct Findings {
        /// The first byte that does not belong to well-formed UTF-8.
        var invalidUTF8: Int?
        var nul: Int?
        /// The first `<!DOCTYPE`, in any letter case.
        var doctype: Int?
        /// The first `<?` that is not the XML declaration at the very start.
        var processingInstruction: Int?
    }

    /// One pass over the bytes for every check but the encoding declaration's.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Findings {
        var found = Findings()
        guard let base = bytes.baseAddress else { return found }
        let count = bytes.count
        let textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var index = 0
        while index < count {
            // Eight plain bytes at a time: no high bit, no NUL, no `<`.
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & highBits != 0 || hasZeroByte(word) || hasZeroByte(word ^ openBytes) { break }
                index += 8
            }
            guard index < count else { break }
            let lead = base[index]
            if lead >= 0x80 {
                if let length = utf8SequenceLength(base, at: index, count: count) {
                    index += length
                } else {
                    if found.invalidUTF8 == nil { found.invalidUTF8 = index }
                    index += 1
                }
                continue
            }
            if lead == 0 {
                if found.nul == nil { found.nul = index }
            } else if lead == UInt8(ascii: "<"), index + 1 < count {
                let next = base[index + 1]
                if next == UInt8(ascii: "!"), found.doctype == nil, isDoctype(base, at: index, count: count) {
                    found.doctype = index
                } else if next == UInt8(ascii: "?"), found.processingInstruction == nil,
                    !(index == textStart && isDeclaration(base, at: index, count: count))
                {
                    found.processingInstruction = index
                }
            }
            index += 1
        }
        return found
    }

    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x0101_0101_0101_0101
    /// `<` in every byte.
    private static let openBytes: UInt64 = lowBits &* UInt64(UInt8(ascii: "<"))

    /// Whether any byte of `word` is zero (the classic bit trick: only a zero byte borrows
    /// into its own high bit without having had it set).
    private static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- lowBits) & ~word & highBits != 0
    }

    /// The length of the well-formed UTF-8 sequence that starts at `index` with a byte of
    /// 0x80 or more, or `nil` when it is not one.
    private static func utf8SequenceLength(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Int? {
        let lead = base[index]
        let length: Int
        let minimum: UInt32
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            minimum = 0x80
            scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            minimum = 0x800
            scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            minimum = 0x10000
            scalar = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= count else { return nil }
        for next in 1..<length {
            let byte = base[index + next]
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        // Overlong forms, UTF-16 surrogates and values past U+10FFFF are not UTF-8.
        if scalar < minimum || (0xD800...0xDFFF).contains(scalar) || scalar > 0x10FFFF {
            return nil
        }
        return length
    }

    /// Whether `<!DOCTYPE`, in any letter case, starts at `index`.
    private static func isDoctype(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Bool {
        let word = "DOCTYPE".utf8
        guard index + 2 + word.count <= count else { return false }
        for (position, letter) in word.enumerated() {
            // ASCII upper-casing: clearing bit 5 maps a–z onto A–Z.
            let byte = base[index + 2 + position]
            let upper = (byte >= 0x61 && byte <= 0x7A) ? byte & 0xDF : byte
            if upper != letter { return false }
        }
        return true
    }

    /// Whether the XML declaration (`<?xml` then a space) starts at `index`; `<?xml-stylesheet`
    /// and the like are processing instructions.
    private static func isDeclaration(_ base: UnsafePointer<UInt8>, at index: Int, count: Int) -> Bool {
        let opening = "<?xml".utf8
        guard index + opening.count < count else { return false }
        for (position, byte) in opening.enumerated() where base[index + position] != byte { return false }
        return isSpace(base[index + opening.count])
    }

    /// The `encoding` pseudo-attribute of a leading `<?xml …?>` declaration, with its offset.
    static func declaredEncoding(in bytes: UnsafeBufferPointer<UInt8>) -> (Int, String)? {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        let opening = Array("<?xml".utf8)
        guard bytes.count >= start + opening.count,
            Array(bytes[start..<start + opening.count]) == opening
        else { return nil }
        // The declaration is short; looking further would only find document content.
        let limit = min(bytes.count, start + 1024)
        var end = start
        while end + 1 < limit, !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: ">")) {
            end += 1
        }
        let declaration = Array(bytes[start..<end])
        let name = Array("encoding".utf8)
        var index = 0
        while index + name.count <= declaration.count {
            if Array(declaration[index..<index + name.count]) == name {
                var cursor = index + name.count
                while cursor < declaration.count, isSpace(declaration[cursor]) { cursor += 1 }
                guard cursor < declaration.count, declaration[cursor] == UInt8(ascii: "=") else { return nil }
                cursor += 1
                while cursor < declaration.count, isSpace(declaration[cursor]) { cursor += 1 }
                guard cursor < declaration.count else { return nil }
                let quote = declaration[cursor]
                guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { return nil }
                let valueStart = cursor + 1
                var valueEnd = valueStart
                while valueEnd < declaration.count, declaration[valueEnd] != quote { valueEnd += 1 }
                let value = String(decoding: declaration[valueStart..<valueEnd], as: UTF8.self)
                return (start + index, value)
            }
            index += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isUTF8Name(_ name: String) -> Bool {
        ["utf-8", "utf8", "us-ascii", "ascii"].contains(name.lowercased())
    }
}
