/// A JSON value with where each object key was written, for the diagnostics that name a
/// string catalog's keys by line.
indirect enum JSONValue {
    case object([(key: String, location: SourceLocation, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case boolean(Bool)
    case null

    /// The value of `key` in an object (the last, if written twice).
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }
}

/// Reads JSON (RFC 8259) strictly, with line and column in its errors. Nesting is limited,
/// so no file can exhaust the stack.
struct JSONReader {
    private let text: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private static let maximumDepth = 256

    static func read(_ bytes: [UInt8]) throws(PropertyListError) -> JSONValue {
        var reader = JSONReader(text: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == reader.text.count else { throw reader.failure("text after the end of the JSON value") }
        return value
    }

    private init(text: [UInt8]) {
        self.text = text
    }

    private var location: SourceLocation { SourceLocation(line: line, column: index - lineStart + 1) }

    private func failure(_ message: String) -> PropertyListError {
        PropertyListError(message, at: location)
    }

    private mutating func skipSpace() {
        while index < text.count {
            switch text[index] {
            case 0x0A:
                line += 1
                index += 1
                lineStart = index
            case 0x20, 0x09, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(PropertyListError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw failure("values are nested more than \(Self.maximumDepth) levels deep") }
        guard index < text.count else { throw failure("the file ends where a value should be (is it truncated?)") }
        switch text[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [(key: String, location: SourceLocation, value: JSONValue)] = []
            skipSpace()
            if index < text.count, text[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipSpace()
                let keyLocation = location
                guard index < text.count, text[index] == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
                let key = try string()
                skipSpace()
                guard index < text.count, text[index] == UInt8(ascii: ":") else { throw failure("expected \":\" after a key") }
                index += 1
                skipSpace()
                members.append((key, keyLocation, try value(depth: depth + 1)))
                skipSpace()
                guard index < text.count else { throw failure("the file ends inside an object (is it truncated?)") }
                if text[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard text[index] == UInt8(ascii: "}") else { throw failure("expected \",\" or \"}\" in an object") }
                index += 1
                return .object(members)
            }
        case UInt8(ascii: "["):
            index += 1
            var elements: [JSONValue] = []
            skipSpace()
            if index < text.count, text[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                skipSpace()
                elements.append(try value(depth: depth + 1))
                skipSpace()
                guard index < text.count else { throw failure("the file ends inside an array (is it truncated?)") }
                if text[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                guard text[index] == UInt8(ascii: "]") else { throw failure("expected \",\" or \"]\" in an array") }
                index += 1
                return .array(elements)
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .boolean(true))
        case UInt8(ascii: "f"): return try literal("false", .boolean(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default:
            let start = index
            while index < text.count, "+-0123456789.eE".utf8.contains(text[index]) { index += 1 }
            guard index > start, let number = Double(String(decoding: text[start..<index], as: UTF8.self)) else {
                index = start
                throw failure("expected a value")
            }
            return .number(number)
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(PropertyListError) -> JSONValue {
        let bytes = Array(word.utf8)
        guard index + bytes.count <= text.count, Array(text[index..<index + bytes.count]) == bytes else {
            throw failure("expected a value")
        }
        index += bytes.count
        return value
    }

    private mutating func string() throws(PropertyListError) -> String {
        let start = location
        index += 1
        var bytes: [UInt8] = []
        var pendingHigh: UInt16?
        while index < text.count {
            let byte = text[index]
            if pendingHigh != nil, byte != UInt8(ascii: "\\") {
                // A high surrogate with no low one after it: the replacement character.
                pendingHigh = nil
                bytes += [0xEF, 0xBF, 0xBD]
            }
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let decoded = String(validating: bytes, as: UTF8.self) else {
                    throw PropertyListError("a string that is not UTF-8", at: start)
                }
                return decoded
            }
            if byte < 0x20 { throw failure("a control character inside a string (write it as \\n or \\u…)") }
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                index += 1
                continue
            }
            guard index + 1 < text.count else { break }
            let escape = text[index + 1]
            index += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escape)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "u"):
                guard index + 4 <= text.count, let unit = UInt16(String(decoding: text[index..<index + 4], as: UTF8.self), radix: 16) else {
                    throw failure("\\u must be followed by four hexadecimal digits")
                }
                index += 4
                if let high = pendingHigh, (0xDC00...0xDFFF).contains(unit) {
                    pendingHigh = nil
                    let value = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00)
                    bytes += Array(String(Character(Unicode.Scalar(value)!)).utf8)
                } else if (0xD800...0xDBFF).contains(unit) {
                    pendingHigh = unit
                } else {
                    bytes += Array(String(Character(Unicode.Scalar(unit) ?? "\u{FFFD}")).utf8)
                }
            default: throw failure("unknown escape \\\(Character(Unicode.Scalar(escape)))")
            }
        }
        throw PropertyListError("a string is never closed", at: start)
    }
}
