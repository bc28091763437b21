/// Byte-level checks made before the XML parser sees a file.
///
/// The parser is libxml2, which expands entities and decodes whatever encoding a file declares.
/// A storyboard needs neither, so anything that would switch those on is refused up front:
/// a DOCTYPE (the only place entities can be declared), bytes that are not UTF-8, and an
/// encoding declaration other than UTF-8 (which could smuggle a DOCTYPE past the byte scan).
/// Processing instructions are refused too: one shape of them crashes FoundationXML.
enum XMLPreflight {
    /// Problems found, each fatal; empty when the parser may run.
    static func problems(in bytes: UnsafeBufferPointer<UInt8>) -> [(SourceLocation, String)] {
        var problems: [(SourceLocation, String)] = []
        func report(_ offset: Int, _ message: String) {
            problems.append((SourcePositionTracker.location(ofByteOffset: offset, in: bytes), message))
        }
        if let offset = firstInvalidUTF8(in: bytes) {
            report(offset, "the file is not UTF-8 text (invalid byte 0x\(hexByte(bytes[offset])))")
        }
        // XML forbids NUL, and NUL bytes are how libxml2 recognises UTF-16 and UCS-4 text
        // that has no byte order mark, in which a DOCTYPE would not look like ASCII.
        if let offset = bytes.firstIndex(of: 0) {
            report(offset, "the file contains a NUL byte")
        }
        if let offset = firstDoctype(in: bytes) {
            report(offset, "DOCTYPE declarations are not allowed in a storyboard (they can define entities)")
        }
        if let offset = firstProcessingInstruction(in: bytes) {
            report(offset, "processing instructions (<?…?>) are not allowed in a storyboard")
        }
        if let (offset, name) = declaredEncoding(in: bytes), !isUTF8Name(name) {
            report(offset, "the file declares encoding \(DiagnosticText.quoted(name)); storyboards must be UTF-8")
        }
        return problems
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// The offset of the first byte that does not belong to well-formed UTF-8.
    static func firstInvalidUTF8(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
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
            default: return index
            }
            guard index + length <= count else { return index }
            for next in 1..<length {
                let byte = bytes[index + next]
                guard byte & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            // Overlong forms, UTF-16 surrogates and values past U+10FFFF are not UTF-8.
            if scalar < minimum || (0xD800...0xDFFF).contains(scalar) || scalar > 0x10FFFF {
                return index
            }
            index += length
        }
        return nil
    }

    /// The offset of the first `<!DOCTYPE`, in any letter case.
    static func firstDoctype(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let word = Array("DOCTYPE".utf8)
        let count = bytes.count
        var index = 0
        while index + 1 < count {
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "!"),
                index + 2 + word.count <= count
            {
                var matches = true
                for (position, letter) in word.enumerated() {
                    // ASCII upper-casing: clearing bit 5 maps a–z onto A–Z.
                    let byte = bytes[index + 2 + position]
                    let upper = (byte >= 0x61 && byte <= 0x7A) ? byte & 0xDF : byte
                    if upper != letter {
                        matches = false
                        break
                    }
                }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }

    /// The offset of the first `<?` that is not the XML declaration at the very start.
    ///
    /// Storyboards have none, and FoundationXML on Linux dereferences a null pointer when a
    /// processing instruction has no data (`<?pi?>`): the process dies. So all are refused.
    static func firstProcessingInstruction(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let declaration = Array("<?xml".utf8)
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "?") {
                // The declaration is `<?xml` then a space; `<?xml-stylesheet` and the like are
                // processing instructions.
                let isDeclaration =
                    index == start && bytes.count > start + declaration.count
                    && Array(bytes[start..<start + declaration.count]) == declaration
                    && isSpace(bytes[start + declaration.count])
                if !isDeclaration { return index }
            }
            index += 1
        }
        return nil
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
