/// A property list value, as an `Info.plist` holds them: read from Apple's XML form or its
/// binary form (`bplist00`).
///
/// Only what reading an app's settings needs: the value types and lookups by key. Dates and
/// data are kept as they were written, since nothing here computes with them.
public indirect enum PropertyList: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case boolean(Bool)
    /// A date as the file wrote it (ISO 8601 in XML; seconds since 2001 in binary, as text).
    case date(String)
    case data([UInt8])
    case array([PropertyList])
    case dictionary([String: PropertyList])

    /// The value for `key` of a dictionary; `nil` for a missing key or another type.
    public subscript(key: String) -> PropertyList? {
        guard case .dictionary(let entries) = self else { return nil }
        return entries[key]
    }

    /// The text of a string value.
    public var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    /// The elements of an array value.
    public var array: [PropertyList]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    /// The truth of a boolean value (`<true/>`, and the strings `YES`/`true` some tools write).
    public var isTrue: Bool {
        switch self {
        case .boolean(let value): value
        case .string(let text): ["yes", "true", "1"].contains(text.lowercased())
        case .integer(let number): number != 0
        default: false
        }
    }

    /// Reads a property list in either form; the error says where and what is wrong.
    public static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
        if bytes.starts(with: Array("bplist".utf8)) {
            var reader = BinaryPropertyListReader(bytes: bytes)
            return try reader.read()
        }
        var reader = XMLPropertyListReader(bytes: bytes)
        return try reader.read()
    }
}

/// A property list that could not be read: where (line and column; 0:0 when the form has no
/// lines, as in a binary file) and why.
public struct PropertyListError: Error, Sendable, Equatable {
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong, in a sentence.
    public var message: String

    /// A problem `message` at `location`.
    public init(_ message: String, at location: SourceLocation = .unknown) {
        self.location = location
        self.message = message
    }
}
