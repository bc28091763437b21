#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The bytes of the store's request protocol, between a session's `RemoteStore` and the
/// server that holds the shared store's connections.
///
/// A message is a frame: its length (4 bytes, big-endian) and then that many bytes. Inside,
/// integers are 8 bytes big-endian, numbers IEEE 754 bits, text and bytes a 4-byte length and
/// their bytes, an optional a 0 or 1 byte before its value. One request, then one reply:
/// a session waits for each answer, so frames never interleave.
public enum StoreWire {
    /// The largest frame either side accepts; a saved screen is a few kilobytes.
    public static let maximumFrame = 16 * 1024 * 1024

    /// What a frame could not be read as.
    public struct Malformed: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// Builds a message's bytes.
    public struct Writer: Sendable {
        public private(set) var bytes: [UInt8] = []

        public init() {}

        public mutating func byte(_ value: UInt8) { bytes.append(value) }

        public mutating func integer(_ value: Int64) {
            withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
        }

        public mutating func integer(_ value: Int) { integer(Int64(value)) }

        public mutating func number(_ value: Double) { integer(Int64(bitPattern: value.bitPattern)) }

        public mutating func length(_ value: Int) {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian) { bytes.append(contentsOf: $0) }
        }

        public mutating func text(_ value: String) {
            length(value.utf8.count)
            bytes.append(contentsOf: value.utf8)
        }

        public mutating func data(_ value: Data) {
            length(value.count)
            bytes.append(contentsOf: value)
        }

        public mutating func optional<T>(_ value: T?, _ write: (inout Writer, T) -> Void) {
            guard let value else { return byte(0) }
            byte(1)
            write(&self, value)
        }

        /// The message as a frame: its length, then its bytes.
        public var frame: [UInt8] {
            var framed = Writer()
            framed.length(bytes.count)
            return framed.bytes + bytes
        }
    }

    /// Reads a message's bytes in the order they were written; anything short or out of
    /// range is `Malformed`, never a crash.
    public struct Reader {
        private let bytes: [UInt8]
        private var offset = 0

        public init(_ bytes: [UInt8]) { self.bytes = bytes }

        public var isAtEnd: Bool { offset == bytes.count }

        private mutating func take(_ count: Int) throws(Malformed) -> ArraySlice<UInt8> {
            guard count >= 0, bytes.count - offset >= count else { throw Malformed("the message ends too soon") }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        public mutating func byte() throws(Malformed) -> UInt8 { try take(1).first! }

        public mutating func integer() throws(Malformed) -> Int64 {
            try take(8).reduce(0) { $0 << 8 | Int64($1) }
        }

        public mutating func int() throws(Malformed) -> Int {
            let value = try integer()
            guard let int = Int(exactly: value) else { throw Malformed("a number out of range") }
            return int
        }

        public mutating func number() throws(Malformed) -> Double {
            Double(bitPattern: UInt64(bitPattern: try integer()))
        }

        public mutating func length() throws(Malformed) -> Int {
            try take(4).reduce(0) { $0 << 8 | Int($1) }
        }

        public mutating func text() throws(Malformed) -> String {
            String(decoding: try take(try length()), as: UTF8.self)
        }

        public mutating func data() throws(Malformed) -> Data {
            Data(try take(try length()))
        }

        public mutating func optional<T>(_ read: (inout Reader) throws(Malformed) -> T) throws(Malformed) -> T? {
            switch try byte() {
            case 0: return nil
            case 1: return try read(&self)
            default: throw Malformed("an optional's flag is neither 0 nor 1")
            }
        }

        /// The message's end: bytes left over mean the two sides disagree.
        public func finish() throws(Malformed) {
            guard isAtEnd else { throw Malformed("\(bytes.count - offset) bytes more than the message holds") }
        }
    }
}
