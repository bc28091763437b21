/// Reads Apple's XML property list form (`<plist><dict><key>…</key><string>…</string>…`).
///
/// A reader of its own rather than the storyboard parser: every plist begins with a DOCTYPE,
/// which storyboards refuse, and the form is small (eleven element names, text, five named
/// entities). The DOCTYPE is skipped unread; one with an internal subset, the only place
/// entities could be declared, is refused. Nesting is limited, so no file can exhaust the stack.
struct XMLPropertyListReader {
    private let bytes: [UInt8]
    private var offset = 0
    private static let maximumDepth = 256

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    mutating func read() throws(PropertyListError) -> PropertyList {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw PropertyListError("the file is UTF-16; property lists in a project are UTF-8 XML")
        }
        try skipProlog()
        guard offset < bytes.count else { throw failure("the file is empty: no property list in it") }
        var tag = try readTag()
        var insidePlist = false
        if tag.name == "plist", !tag.isClosing {
            insidePlist = true
            if tag.isEmpty { return .dictionary([:]) }
            try skipMiscellany()
            tag = try readTag()
        }
        let value = try readValue(startingWith: tag, depth: 0)
        if insidePlist {
            try skipMiscellany()
            let end = try readTag()
            guard end.isClosing, end.name == "plist" else {
                throw failure("expected </plist> after the value, found <\(end.shownName)>", at: end.start)
            }
        }
        try skipMiscellany()
        if offset < bytes.count { throw failure("text after the end of the property list") }
        return value
    }

    // MARK: Values

    private mutating func readValue(startingWith tag: Tag, depth: Int) throws(PropertyListError) -> PropertyList {
        guard depth < Self.maximumDepth else { throw failure("values are nested more than \(Self.maximumDepth) levels deep", at: tag.start) }
        guard !tag.isClosing else { throw failure("expected a value, found </\(tag.shownName)>", at: tag.start) }
        switch tag.name {
        case "dict":
            var entries: [String: PropertyList] = [:]
            if tag.isEmpty { return .dictionary(entries) }
            while true {
                try skipMiscellany()
                let next = try readTag()
                if next.isClosing, next.name == "dict" { return .dictionary(entries) }
                guard next.name == "key", !next.isClosing else {
                    throw failure("expected <key> in a <dict>, found <\(next.shownName)>", at: next.start)
                }
                let key = try readText(of: next)
                try skipMiscellany()
                let valueTag = try readTag()
                if valueTag.isClosing, valueTag.name == "dict" {
                    throw failure("key \(DiagnosticText.quoted(key)) has no value", at: valueTag.start)
                }
                entries[key] = try readValue(startingWith: valueTag, depth: depth + 1)
            }
        case "array":
            var elements: [PropertyList] = []
            if tag.isEmpty { return .array(elements) }
            while true {
                try skipMiscellany()
                let next = try readTag()
                if next.isClosing, next.name == "array" { return .array(elements) }
                elements.append(try readValue(startingWith: next, depth: depth + 1))
            }
        case "string": return .string(try readText(of: tag))
        case "key": throw failure("a <key> outside a <dict>", at: tag.start)
        case "true", "false":
            if !tag.isEmpty {
                let text = try readText(of: tag)
                guard text.allSatisfy(\.isWhitespace) else { throw failure("<\(tag.name)> holds text", at: tag.start) }
            }
            return .boolean(tag.name == "true")
        case "integer":
            let text = try readText(of: tag).filter { !$0.isWhitespace }
            guard let number = Self.integer(text) else {
                throw failure("<integer> holds \(DiagnosticText.quoted(text)), which is not a whole number", at: tag.start)
            }
            return .integer(number)
        case "real":
            let text = try readText(of: tag).filter { !$0.isWhitespace }
            guard let number = Double(text) else {
                throw failure("<real> holds \(DiagnosticText.quoted(text)), which is not a number", at: tag.start)
            }
            return .real(number)
        case "date": return .date(try readText(of: tag))
        case "data": return .data(Array(try readText(of: tag).utf8))
        default:
            throw failure("<\(tag.shownName)> is not a property list element", at: tag.start)
        }
    }

    private static func integer(_ text: String) -> Int64? {
        if text.hasPrefix("0x") || text.hasPrefix("0X") { return Int64(text.dropFirst(2), radix: 16) }
        if text.hasPrefix("-0x") || text.hasPrefix("-0X") { return Int64(text.dropFirst(3), radix: 16).map { -$0 } }
        return Int64(text)
    }

    // MARK: Tags and text

    private struct Tag {
        var name: String
        var isClosing: Bool
        var isEmpty: Bool
        var start: Int
        var shownName: String { DiagnosticText.escaped(name) }
    }

    /// The tag at the current offset (after whitespace), with its attributes skipped.
    private mutating func readTag() throws(PropertyListError) -> Tag {
        skipWhitespace()
        let start = offset
        guard offset < bytes.count else { throw failure("the file ends inside the property list (is it truncated?)") }
        guard bytes[offset] == UInt8(ascii: "<") else { throw failure("expected an element, found text") }
        offset += 1
        var isClosing = false
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "/") {
            isClosing = true
            offset += 1
        }
        let nameStart = offset
        while offset < bytes.count, Self.isNameByte(bytes[offset]) { offset += 1 }
        guard offset > nameStart else { throw failure("a \"<\" that starts no element", at: start) }
        let name = String(decoding: bytes[nameStart..<offset], as: UTF8.self)
        var quote: UInt8?
        while offset < bytes.count {
            let byte = bytes[offset]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                let isEmpty = offset > 0 && bytes[offset - 1] == UInt8(ascii: "/")
                offset += 1
                return Tag(name: name, isClosing: isClosing, isEmpty: isEmpty, start: start)
            } else if byte == UInt8(ascii: "<") {
                break
            }
            offset += 1
        }
        throw failure("the tag <\(DiagnosticText.escaped(name))> is never closed with \">\"", at: start)
    }

    /// The text of an element up to its closing tag, entities and CDATA decoded.
    private mutating func readText(of tag: Tag) throws(PropertyListError) -> String {
        if tag.isEmpty { return "" }
        var text: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "<") {
                if matches("<![CDATA[") {
                    offset += 9
                    guard let end = find("]]>") else { throw failure("a CDATA section is never closed") }
                    text += bytes[offset..<end]
                    offset = end + 3
                    continue
                }
                if matches("<!--") {
                    try skipComment()
                    continue
                }
                let closing = try readTag()
                guard closing.isClosing, closing.name == tag.name else {
                    throw failure("<\(tag.shownName)> holds an element (<\(closing.shownName)>); it holds only text", at: closing.start)
                }
                return String(decoding: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "&") {
                text += try readEntity()
                continue
            }
            text.append(byte)
            offset += 1
        }
        throw failure("the file ends inside <\(tag.shownName)> (is it truncated?)", at: tag.start)
    }

    /// `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#N;`, `&#xN;` as UTF-8.
    private mutating func readEntity() throws(PropertyListError) -> [UInt8] {
        let start = offset
        guard let semicolon = bytes[offset...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw failure("an \"&\" that starts no entity (write &amp;)", at: start)
        }
        let name = String(decoding: bytes[(offset + 1)..<semicolon], as: UTF8.self)
        offset = semicolon + 1
        switch name {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            var value: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                value = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                value = UInt32(name.dropFirst())
            }
            guard let value, let scalar = Unicode.Scalar(value), value != 0 else {
                throw failure("unknown entity \(DiagnosticText.quoted("&" + name + ";"))", at: start)
            }
            return Array(String(Character(scalar)).utf8)
        }
    }

    // MARK: What lies between values

    /// The XML declaration, comments and the DOCTYPE before the root element.
    private mutating func skipProlog() throws(PropertyListError) {
        while true {
            skipWhitespace()
            if matches("<?") {
                guard let end = find("?>") else { throw failure("the XML declaration is never closed") }
                offset = end + 2
            } else if matches("<!--") {
                try skipComment()
            } else if matches("<!DOCTYPE") || matches("<!doctype") {
                let start = offset
                while offset < bytes.count, bytes[offset] != UInt8(ascii: ">") {
                    if bytes[offset] == UInt8(ascii: "[") {
                        throw failure("a DOCTYPE with declarations of its own is not read (it can define entities)", at: start)
                    }
                    offset += 1
                }
                guard offset < bytes.count else { throw failure("the DOCTYPE is never closed", at: start) }
                offset += 1
            } else {
                return
            }
        }
    }

    private mutating func skipMiscellany() throws(PropertyListError) {
        while true {
            skipWhitespace()
            guard matches("<!--") else { return }
            try skipComment()
        }
    }

    private mutating func skipComment() throws(PropertyListError) {
        let start = offset
        offset += 4
        guard let end = find("-->") else { throw failure("a comment is never closed", at: start) }
        offset = end + 3
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
    }

    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { pattern in
            for index in 0..<count where bytes[offset + index] != pattern[index] { return false }
            return true
        }
    }

    private func find(_ literal: StaticString) -> Int? {
        let count = literal.utf8CodeUnitCount
        return literal.withUTF8Buffer { pattern -> Int? in
            var index = offset
            while index + count <= bytes.count {
                if bytes[index] == pattern[0], (0..<count).allSatisfy({ bytes[index + $0] == pattern[$0] }) { return index }
                index += 1
            }
            return nil
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".")
            || byte >= 0x80
    }

    // MARK: Errors

    private func failure(_ message: String, at position: Int? = nil) -> PropertyListError {
        PropertyListError(message, at: Self.location(of: min(position ?? offset, bytes.count), in: bytes))
    }

    /// Line and column (in characters) of a byte offset, both from 1.
    static func location(of offset: Int, in bytes: [UInt8]) -> SourceLocation {
        var line = 1
        var column = 1
        for byte in bytes[0..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourceLocation(line: line, column: column)
    }
}
