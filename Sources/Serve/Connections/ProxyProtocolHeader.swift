import Glibc
import NIOCore

/// The PROXY protocol header a proxy (HAProxy, nginx's stream module, a cloud load balancer)
/// sends before anything else on a connection it passes on, naming the client it came from:
/// version 1 (a line of text) or version 2 (binary), as haproxy.org's `proxy-protocol.txt`
/// describes them.
///
/// Read strictly: anything that is not a whole, well-formed header is refused, and nothing
/// more than a header is ever read as one, so a client reaching the port directly cannot get
/// its bytes taken for a header or a header for SSH.
struct ProxyProtocolHeader: Equatable {
    /// Bytes the header takes at the start of the stream.
    var length: Int
    /// The client's address and port, or nil when the proxy gives none (a health check's
    /// `LOCAL`, version 1's `UNKNOWN`, an unspecified family): then the connection is the
    /// proxy's own, and its peer address stands.
    var client: SocketAddress?

    /// Version 2's twelve-byte signature.
    static let signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]
    /// Version 1's longest line, CRLF included.
    static let maxVersion1Length = 107
    /// The longest version 2 header taken (addresses and TLVs); the length field allows 64 KiB.
    static let maxVersion2Length = 4096

    /// The header at the start of `bytes`, or nil when more bytes are needed to tell.
    static func parse(_ bytes: some Collection<UInt8>) throws(ProxyProtocolError) -> ProxyProtocolHeader? {
        let bytes = Array(bytes.prefix(maxVersion2Length))
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "P") { return try parseVersion1(bytes) }
        if first == signature[0] { return try parseVersion2(bytes) }
        throw .notAHeader
    }

    // MARK: Version 1

    /// `PROXY TCP4 SRC DST SRCPORT DSTPORT\r\n`, `PROXY TCP6 …`, or `PROXY UNKNOWN…\r\n`.
    private static func parseVersion1(_ bytes: [UInt8]) throws(ProxyProtocolError) -> ProxyProtocolHeader? {
        let prefix = Array("PROXY ".utf8)
        guard bytes.prefix(prefix.count).elementsEqual(prefix.prefix(bytes.count)) else { throw .notAHeader }
        let window = bytes.prefix(maxVersion1Length)
        guard let lineFeed = window.firstIndex(of: 0x0A) else {
            if bytes.count >= maxVersion1Length { throw .malformed("version 1 line longer than 107 bytes") }
            return nil
        }
        guard lineFeed > 0, bytes[lineFeed - 1] == 0x0D else { throw .malformed("version 1 line not ended by CRLF") }
        let line = bytes[..<(lineFeed - 1)]
        guard line.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { throw .malformed("version 1 line with a byte that is not printable ASCII") }
        let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard fields.count >= 2, fields[0] == "PROXY" else { throw .malformed("version 1 line without a protocol") }
        if fields[1] == "UNKNOWN" {
            // The proxy does not know (or say) the client: whatever follows is to be ignored.
            return ProxyProtocolHeader(length: lineFeed + 1, client: nil)
        }
        let family: Int32
        switch fields[1] {
        case "TCP4": family = AF_INET
        case "TCP6": family = AF_INET6
        default: throw .malformed("version 1 protocol is not TCP4, TCP6 or UNKNOWN")
        }
        guard fields.count == 6 else { throw .malformed("version 1 line needs two addresses and two ports") }
        guard isAddress(fields[2], family: family), isAddress(fields[3], family: family) else {
            throw .malformed("version 1 address is not an \(family == AF_INET ? "IPv4" : "IPv6") address")
        }
        guard let port = port(fields[4]), self.port(fields[5]) != nil else { throw .malformed("version 1 port is not a number from 0 to 65535") }
        guard let client = try? SocketAddress(ipAddress: fields[2], port: port) else { throw .malformed("version 1 address is not usable") }
        return ProxyProtocolHeader(length: lineFeed + 1, client: client)
    }

    private static func isAddress(_ text: String, family: Int32) -> Bool {
        var storage = in6_addr()
        return inet_pton(family, text, &storage) == 1
    }

    /// A port in decimal, without sign or leading zeros.
    private static func port(_ text: String) -> Int? {
        guard (1...5).contains(text.count), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            text == "0" || !text.hasPrefix("0"), let value = Int(text), value <= 65535
        else { return nil }
        return value
    }

    // MARK: Version 2

    /// The signature, version and command, family and protocol, length, then the addresses
    /// and TLVs (which are skipped).
    private static func parseVersion2(_ bytes: [UInt8]) throws(ProxyProtocolError) -> ProxyProtocolHeader? {
        guard bytes.prefix(signature.count).elementsEqual(signature.prefix(bytes.count)) else { throw .notAHeader }
        guard bytes.count >= 16 else { return nil }
        let versionAndCommand = bytes[12]
        guard versionAndCommand >> 4 == 2 else { throw .malformed("version 2 header of version \(versionAndCommand >> 4)") }
        let isLocal: Bool
        switch versionAndCommand & 0x0F {
        case 0: isLocal = true
        case 1: isLocal = false
        default: throw .malformed("version 2 command \(versionAndCommand & 0x0F) is neither LOCAL nor PROXY")
        }
        let family = bytes[13] >> 4
        let transport = bytes[13] & 0x0F
        let declared = Int(bytes[14]) << 8 | Int(bytes[15])
        let length = 16 + declared
        guard length <= maxVersion2Length else { throw .malformed("version 2 header of \(length) bytes (\(maxVersion2Length) at most)") }
        guard family <= 3, transport <= 2 else { throw .malformed("version 2 address family \(family) or protocol \(transport) unknown") }
        let addressLength = [0, 12, 36, 216][Int(family)]
        guard declared >= addressLength else { throw .malformed("version 2 header shorter than its addresses") }
        guard bytes.count >= length else { return nil }
        // A health check from the proxy itself, or a client the proxy does not name.
        if isLocal || family == 0 { return ProxyProtocolHeader(length: length, client: nil) }
        guard transport == 1 else { throw .malformed("version 2 protocol is not a stream (TCP)") }
        let addresses = Array(bytes[16..<(16 + addressLength)])
        switch family {
        case 1:
            let host = addresses[0..<4].map(String.init).joined(separator: ".")
            let port = Int(addresses[8]) << 8 | Int(addresses[9])
            guard let client = try? SocketAddress(ipAddress: host, port: port) else { throw .malformed("version 2 IPv4 address not usable") }
            return ProxyProtocolHeader(length: length, client: client)
        case 2:
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: addresses[0..<16]) }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { throw .malformed("version 2 IPv6 address not usable") }
            let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let port = Int(addresses[32]) << 8 | Int(addresses[33])
            guard let client = try? SocketAddress(ipAddress: host, port: port) else { throw .malformed("version 2 IPv6 address not usable") }
            return ProxyProtocolHeader(length: length, client: client)
        default:
            // A client on the proxy's Unix socket: no network address to count it by.
            return ProxyProtocolHeader(length: length, client: nil)
        }
    }
}

/// Why the bytes at the start of a connection are not a PROXY protocol header.
enum ProxyProtocolError: Error, Equatable, CustomStringConvertible {
    /// They start as neither version does (an SSH client reaching the port directly, noise).
    case notAHeader
    /// They start as a header but break its rules.
    case malformed(String)

    var description: String {
        switch self {
        case .notAHeader: "no PROXY protocol header"
        case .malformed(let reason): "bad PROXY protocol header: \(reason)"
        }
    }
}
