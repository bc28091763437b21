import Glibc
import NIOCore

/// Where a connection comes from, as admission control counts it: an IPv4 address, an IPv6
/// address's /64 network, or this machine's own socket.
///
/// An IPv6 host is usually given a whole /64 (SLAAC, privacy addresses), so one client can
/// change its address inside it at will: counting single IPv6 addresses would give it 2^64
/// fresh buckets. Counting the /64 gives it one, as an IPv4 address does. An IPv4 address
/// written as IPv6 (`::ffff:203.0.113.7`, what a dual-stack listener sees) is the IPv4
/// address.
public struct AdmissionSource: Hashable, Sendable, CustomStringConvertible {
    private enum Storage: Hashable {
        case v4(UInt32)
        case v6Network(UInt64)
        case local
    }

    private let storage: Storage

    /// A connection over a Unix domain socket (a proxy on this machine): one source for all.
    public static let local = AdmissionSource(storage: .local)

    private init(storage: Storage) {
        self.storage = storage
    }

    /// The source of a peer's socket address; a Unix domain socket is `local`.
    public init(_ address: SocketAddress) {
        switch address {
        case .v4(let v4):
            self.init(storage: .v4(UInt32(bigEndian: v4.address.sin_addr.s_addr)))
        case .v6(let v6):
            var bytes = v6.address.sin6_addr
            self = withUnsafeBytes(of: &bytes) { Self(ipv6: Array($0)) }
        case .unixDomainSocket:
            self = .local
        }
    }

    /// The source of an address written as text (`203.0.113.7`, `2001:db8::1`), as a PROXY
    /// protocol header or a proxy's forwarded-for header gives it; nil when it is not an IP
    /// address in the standard notation (no names, no ports, no zone).
    public init?(ipAddress text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self.init(storage: .v4(UInt32(bigEndian: v4.s_addr)))
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        self = withUnsafeBytes(of: &v6) { Self(ipv6: Array($0)) }
    }

    /// The source of an IPv4 address's four bytes, in network order.
    public init(ipv4 bytes: (UInt8, UInt8, UInt8, UInt8)) {
        self.init(storage: .v4(UInt32(bytes.0) << 24 | UInt32(bytes.1) << 16 | UInt32(bytes.2) << 8 | UInt32(bytes.3)))
    }

    /// The source of an IPv6 address's sixteen bytes, in network order (fewer are read as
    /// zeros; more are ignored).
    public init(ipv6 bytes: [UInt8]) {
        let padded = bytes + [UInt8](repeating: 0, count: max(0, 16 - bytes.count))
        // ::ffff:a.b.c.d is an IPv4 address.
        if padded[0..<10].allSatisfy({ $0 == 0 }) && padded[10] == 0xFF && padded[11] == 0xFF {
            self.init(ipv4: (padded[12], padded[13], padded[14], padded[15]))
            return
        }
        let network = padded[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        self.init(storage: .v6Network(network))
    }

    /// `203.0.113.7`, `2001:db8:1:2::/64`, or `local`: for the logs.
    public var description: String {
        switch storage {
        case .v4(let address):
            return "\(address >> 24).\(address >> 16 & 0xFF).\(address >> 8 & 0xFF).\(address & 0xFF)"
        case .v6Network(let network):
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { bytes in
                for index in 0..<8 { bytes[index] = UInt8(truncatingIfNeeded: network >> (56 - 8 * UInt64(index))) }
            }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return "?/64" }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/64"
        case .local:
            return "local"
        }
    }
}
