import NIOCore
import NIOEmbedded
import Testing
@testable import Serve

/// The PROXY protocol header (`--proxy-protocol`): versions 1 and 2 as HAProxy sends them,
/// read strictly, and the handler that reads it before SSH.
@Suite struct ProxyProtocolTests {
    static func v2(command: UInt8 = 0x21, family: UInt8 = 0x11, body: [UInt8]) -> [UInt8] {
        ProxyProtocolHeader.signature + [command, family, UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + body
    }

    static let v2IPv4Body: [UInt8] = [203, 0, 113, 7, 192, 0, 2, 1, 0xCA, 0x12, 0x08, 0xAE]  // 203.0.113.7:51730 → 192.0.2.1:2222

    @Test func version1NamesTheClient() throws {
        let line = Array("PROXY TCP4 203.0.113.7 192.0.2.1 51634 2222\r\nSSH-2.0-OpenSSH_9.2\r\n".utf8)
        let header = try #require(try ProxyProtocolHeader.parse(line))
        #expect(header.length == 45)
        #expect(header.client == (try SocketAddress(ipAddress: "203.0.113.7", port: 51634)))
        let six = try #require(try ProxyProtocolHeader.parse(Array("PROXY TCP6 2001:db8::7 2001:db8::1 40000 22\r\n".utf8)))
        #expect(six.client == (try SocketAddress(ipAddress: "2001:db8::7", port: 40000)))
        let unknown = try #require(try ProxyProtocolHeader.parse(Array("PROXY UNKNOWN ffff::1 ffff::2 1 2\r\n".utf8)))
        #expect(unknown.client == nil && unknown.length == 35)
    }

    @Test func aHeaderArrivingInPiecesWaitsForTheRest() throws {
        let line = Array("PROXY TCP4 203.0.113.7 192.0.2.1 51634 2222\r\n".utf8)
        for cut in 1..<line.count { #expect(try ProxyProtocolHeader.parse(line.prefix(cut)) == nil, "\(cut) bytes") }
        let binary = Self.v2(body: Self.v2IPv4Body)
        for cut in 1..<binary.count { #expect(try ProxyProtocolHeader.parse(binary.prefix(cut)) == nil, "\(cut) bytes") }
        #expect(try ProxyProtocolHeader.parse([UInt8]()) == nil)
    }

    @Test func version2NamesTheClientAndSkipsItsTLVs() throws {
        let header = try #require(try ProxyProtocolHeader.parse(Self.v2(body: Self.v2IPv4Body) + Array("SSH-2.0-x\r\n".utf8)))
        #expect(header.length == 28)
        #expect(header.client == (try SocketAddress(ipAddress: "203.0.113.7", port: 51730)))
        // A TLV (PP2_TYPE_UNIQUE_ID, 4 bytes) after the addresses.
        let withTLV = try #require(try ProxyProtocolHeader.parse(Self.v2(body: Self.v2IPv4Body + [0x05, 0x00, 0x04, 1, 2, 3, 4])))
        #expect(withTLV.length == 35 && withTLV.client == header.client)
        var six: [UInt8] = [0x20, 0x01, 0x0D, 0xB8] + [UInt8](repeating: 0, count: 11) + [7]
        six += [0x20, 0x01, 0x0D, 0xB8] + [UInt8](repeating: 0, count: 11) + [1] + [0x9C, 0x40, 0x00, 0x16]
        let v6 = try #require(try ProxyProtocolHeader.parse(Self.v2(family: 0x21, body: six)))
        #expect(v6.client == (try SocketAddress(ipAddress: "2001:db8::7", port: 40000)))
        // LOCAL (the proxy's health check) and an unspecified family name no client.
        let local = try #require(try ProxyProtocolHeader.parse(Self.v2(command: 0x20, family: 0x00, body: [])))
        #expect(local.client == nil && local.length == 16)
        let localWithAddresses = try #require(try ProxyProtocolHeader.parse(Self.v2(command: 0x20, body: Self.v2IPv4Body)))
        #expect(localWithAddresses.client == nil)
    }

    @Test(arguments: [
        ("SSH-2.0-OpenSSH_9.2\r\n", ProxyProtocolError.notAHeader),
        ("GET / HTTP/1.1\r\n", .notAHeader),
        ("PROXX TCP4", .notAHeader),
        ("PROXY TCP4 203.0.113.7 192.0.2.1 51634 2222\n", .malformed("version 1 line not ended by CRLF")),
        ("PROXY TCP5 203.0.113.7 192.0.2.1 51634 2222\r\n", .malformed("version 1 protocol is not TCP4, TCP6 or UNKNOWN")),
        ("PROXY TCP4 203.0.113.7 192.0.2.1 51634\r\n", .malformed("version 1 line needs two addresses and two ports")),
        ("PROXY TCP4  203.0.113.7 192.0.2.1 51634 2222\r\n", .malformed("version 1 line needs two addresses and two ports")),
        ("PROXY TCP4 203.0.113.7 192.0.2.1 51634 2222 \r\n", .malformed("version 1 line needs two addresses and two ports")),
        ("PROXY TCP4 2001:db8::7 192.0.2.1 51634 2222\r\n", .malformed("version 1 address is not an IPv4 address")),
        ("PROXY TCP6 203.0.113.7 2001:db8::1 51634 2222\r\n", .malformed("version 1 address is not an IPv6 address")),
        ("PROXY TCP4 203.0.113.256 192.0.2.1 51634 2222\r\n", .malformed("version 1 address is not an IPv4 address")),
        ("PROXY TCP4 example.com 192.0.2.1 51634 2222\r\n", .malformed("version 1 address is not an IPv4 address")),
        ("PROXY TCP4 203.0.113.7 192.0.2.1 65536 2222\r\n", .malformed("version 1 port is not a number from 0 to 65535")),
        ("PROXY TCP4 203.0.113.7 192.0.2.1 051634 2222\r\n", .malformed("version 1 port is not a number from 0 to 65535")),
        ("PROXY TCP4 203.0.113.7 192.0.2.1 -1 2222\r\n", .malformed("version 1 port is not a number from 0 to 65535")),
        ("PROXY TCP4 203.0.113.7 192.0.2.1 +22 2222\r\n", .malformed("version 1 port is not a number from 0 to 65535")),
        ("PROXY TCP4 203.0.113.7\u{1B}[2J 192.0.2.1 1 2\r\n", .malformed("version 1 line with a byte that is not printable ASCII")),
        ("PROXY " + String(repeating: "A", count: 120), .malformed("version 1 line longer than 107 bytes")),
    ])
    func version1ThatBreaksARuleIsRefused(text: String, error: ProxyProtocolError) {
        #expect(throws: error) { try ProxyProtocolHeader.parse(Array(text.utf8)) }
    }

    @Test func version2ThatBreaksARuleIsRefused() {
        let cases: [([UInt8], String)] = [
            (Self.v2(command: 0x11, body: Self.v2IPv4Body), "version 2 header of version 1"),
            (Self.v2(command: 0x22, body: Self.v2IPv4Body), "version 2 command 2 is neither LOCAL nor PROXY"),
            (Self.v2(family: 0x41, body: Self.v2IPv4Body), "version 2 address family 4 or protocol 1 unknown"),
            (Self.v2(family: 0x13, body: Self.v2IPv4Body), "version 2 address family 1 or protocol 3 unknown"),
            (Self.v2(family: 0x12, body: Self.v2IPv4Body), "version 2 protocol is not a stream (TCP)"),
            (Self.v2(family: 0x21, body: Self.v2IPv4Body), "version 2 header shorter than its addresses"),
            (Self.v2(body: Array(Self.v2IPv4Body.prefix(8))), "version 2 header shorter than its addresses"),
            (Self.v2(body: [UInt8](repeating: 1, count: 5000)), "version 2 header of 5016 bytes (4096 at most)"),
        ]
        for (bytes, reason) in cases {
            #expect(throws: ProxyProtocolError.malformed(reason)) { try ProxyProtocolHeader.parse(bytes) }
        }
        var wrongSignature = Self.v2(body: Self.v2IPv4Body)
        wrongSignature[5] = 0x0C
        #expect(throws: ProxyProtocolError.notAHeader) { try ProxyProtocolHeader.parse(wrongSignature) }
    }

    @Test func noInputCrashesTheReader() {
        var random = SystemRandomNumberGenerator()
        for round in 0..<5000 {
            var bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            // Half start as a header would, to reach past the first checks.
            if round.isMultiple(of: 2) { bytes = (round.isMultiple(of: 4) ? Array("PROXY TCP4 ".utf8) : ProxyProtocolHeader.signature) + bytes }
            if let header = try? ProxyProtocolHeader.parse(bytes) { #expect(header.length <= bytes.count) }
        }
    }

    // MARK: The handler

    @Test func theHandlerPassesOnWhatFollowsTheHeaderAndLeaves() throws {
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40000)).wait()
        var client: SocketAddress?
        var outcomes: [String] = []
        let handler = ProxyProtocolHandler(
            timeout: .seconds(5),
            accepted: { channel, address in
                client = address
                try channel.pipeline.syncOperations.addHandler(Collector())
                return true
            },
            finished: { outcome in
                if case .failed(let reason) = outcome { outcomes.append(reason) } else { outcomes.append("header") }
            })
        try channel.pipeline.syncOperations.addHandler(handler)
        try channel.writeInbound(ByteBuffer(string: "PROXY TCP4 203.0.113.7 192.0.2.1 51634 2222\r\nSSH-2.0-"))
        try channel.writeInbound(ByteBuffer(string: "client\r\n"))
        #expect(client == (try SocketAddress(ipAddress: "203.0.113.7", port: 51634)))
        #expect(outcomes == ["header"])
        let collector = try channel.pipeline.syncOperations.handler(type: Collector.self)
        #expect(collector.received == "SSH-2.0-client\r\n")
        #expect((try? channel.pipeline.syncOperations.handler(type: ProxyProtocolHandler.self)) == nil, "the reader left the pipeline")
        #expect(channel.isActive)
    }

    @Test func theHandlerClosesOnGarbageAndOnSilence() throws {
        let garbage = EmbeddedChannel()
        try garbage.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40000)).wait()
        var reasons: [String] = []
        var accepted = 0
        let make = {
            ProxyProtocolHandler(
                timeout: .seconds(5), accepted: { _, _ in accepted += 1; return true },
                finished: { if case .failed(let reason) = $0 { reasons.append(reason) } })
        }
        try garbage.pipeline.syncOperations.addHandler(make())
        try garbage.writeInbound(ByteBuffer(string: "SSH-2.0-OpenSSH_9.2\r\n"))
        #expect(!garbage.isActive)
        #expect(reasons == ["no PROXY protocol header"])

        let silent = EmbeddedChannel()
        try silent.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40000)).wait()
        try silent.pipeline.syncOperations.addHandler(make())
        try silent.writeInbound(ByteBuffer(string: "PROXY TCP4 203.0"))
        silent.embeddedEventLoop.advanceTime(by: .seconds(4))
        #expect(silent.isActive)
        silent.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!silent.isActive)
        #expect(reasons.last == "no PROXY protocol header within 5 s")
        #expect(accepted == 0)
    }

    /// Keeps what reaches the end of the pipeline.
    final class Collector: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        var received = ""
        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            received += String(buffer: unwrapInboundIn(data))
        }
    }
}
