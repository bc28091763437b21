import Foundation

/// Reading and writing the SSH wire encoding (RFC 4251 §5): big-endian `uint32`s and
/// length-prefixed strings, the building blocks of public key blobs and OpenSSH key files.
struct SSHWireWriter {
    private(set) var bytes: [UInt8] = []

    mutating func write(_ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    mutating func write(string: some Collection<UInt8>) {
        write(UInt32(string.count))
        bytes += string
    }

    mutating func write(string: String) {
        write(string: Array(string.utf8))
    }

    mutating func write(raw: some Collection<UInt8>) {
        bytes += raw
    }
}

/// Reads the SSH wire encoding; every read fails, rather than trapping, on short input.
struct SSHWireReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }
    var remaining: Int { bytes.count - offset }

    mutating func readUInt32() throws(KeyFormatError) -> UInt32 {
        guard remaining >= 4 else { throw .truncated }
        let value = bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        offset += 4
        return value
    }

    mutating func readString() throws(KeyFormatError) -> [UInt8] {
        let length = Int(try readUInt32())
        guard length <= remaining else { throw .truncated }
        defer { offset += length }
        return Array(bytes[offset..<offset + length])
    }

    mutating func readRaw(count: Int) throws(KeyFormatError) -> [UInt8] {
        guard count >= 0, count <= remaining else { throw .truncated }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func readRest() -> [UInt8] {
        defer { offset = bytes.count }
        return Array(bytes[offset...])
    }
}

/// Why a key file or key line could not be read. The descriptions are one line each, for
/// messages that name the file.
public enum KeyFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data ends inside a field.
    case truncated
    /// Not the PEM armour or magic of an OpenSSH private key.
    case notOpenSSHPrivateKey
    /// A passphrase-protected key (the server cannot ask for the passphrase).
    case encrypted
    /// A key type other than Ed25519 where Ed25519 is required.
    case unsupportedType(String)
    /// The file holds more than one key, or the check values or public half disagree.
    case inconsistent(String)

    /// A few words for a message that names the file.
    public var description: String {
        switch self {
        case .truncated: "the key data is cut short"
        case .notOpenSSHPrivateKey: "not an OpenSSH private key (-----BEGIN OPENSSH PRIVATE KEY-----)"
        case .encrypted: "the key is protected by a passphrase; the server needs one without"
        case .unsupportedType(let type): "key type \(type) is not supported here (Ed25519 is)"
        case .inconsistent(let what): "the key is damaged: \(what)"
        }
    }
}
