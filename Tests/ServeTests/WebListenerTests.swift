import Crypto
import Foundation
import Logging
import NIOCore
import NIOEmbedded
import NIOSSH
import Testing
@testable import Serve

/// The web listener's pipeline on NIO's embedded channel: the page and its files, refusals,
/// the WebSocket upgrade and the first messages, with no socket and no process.
@Suite struct WebListenerTests {
    /// A context whose sessions would run `/bin/false`, serving `colorboard` by name.
    static func context(token: String? = "secret-token-0123456789", allowed: [String] = [], firstScreens: FirstScreenCache? = nil) -> WebContext {
        var configuration = ServerConfiguration(
            dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("web-unit-\(UUID().uuidString)"),
            executable: "/bin/false", defaultTarget: SessionTarget(argument: "launcher", label: "launcher"),
            execNames: ["colorboard"],
            execTarget: { $0 == "colorboard" ? SessionTarget(argument: "colorboard", label: "colorboard") : nil })
        configuration.loginGraceTime = 5
        let state = ServerState(
            configuration: configuration, logger: Logger(label: "test"),
            hostKey: NIOSSHPrivateKey(ed25519Key: Curve25519.Signing.PrivateKey()), authorizedKeys: nil)
        guard case .success(let assets) = WebAssets.load() else { fatalError("the page's files are missing") }
        return WebContext(
            server: state, assets: assets, token: token, allowedOrigins: allowed, trustsProxy: true, headTimeout: .seconds(10),
            firstScreens: firstScreens)
    }

    /// A channel with the listener's handlers.
    static func channel(_ web: WebContext = context()) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        let connection = WebConnection(number: 1, remote: "127.0.0.1:5000", logger: Logger(label: "test"))
        try WebListener.initialize(channel, connection: connection, web: web)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 5000)).wait()
        return channel
    }

    /// Sends `text` and returns everything the channel wrote back, as text.
    static func exchange(_ channel: EmbeddedChannel, _ text: String) throws -> String {
        try channel.writeInbound(ByteBuffer(string: text))
        (channel.eventLoop as! EmbeddedEventLoop).run()
        return try output(channel)
    }

    static func output(_ channel: EmbeddedChannel) throws -> String {
        String(decoding: try outputBytes(channel), as: UTF8.self)
    }

    static func outputBytes(_ channel: EmbeddedChannel) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { bytes += buffer.readableBytesView }
        return bytes
    }

    static func get(_ path: String, method: String = "GET", headers: [String] = []) -> String {
        ([ "\(method) \(path) HTTP/1.1", "Host: 127.0.0.1:8080"] + headers).joined(separator: "\r\n") + "\r\n\r\n"
    }

    @Test func thePageAndItsFilesAreServedWithTheSecurityHeaders() throws {
        let channel = try Self.channel()
        let page = try Self.exchange(channel, Self.get("/"))
        #expect(page.hasPrefix("HTTP/1.1 200 OK"), "\(page.prefix(200))")
        #expect(page.contains("content-security-policy: default-src 'none'; script-src 'self'") || page.contains("Content-Security-Policy: default-src 'none'; script-src 'self'"))
        #expect(page.contains("nosniff") && page.contains("no-referrer") && page.contains("frame-ancestors 'none'"))
        #expect(page.contains("Cache-Control: no-store"))
        #expect(page.contains("<script src=\"static/app.js\" defer></script>") && !page.contains("<script>"), "no inline script")
        let script = try Self.exchange(channel, Self.get("/static/xterm.js"))
        #expect(script.hasPrefix("HTTP/1.1 200 OK") && script.contains("text/javascript") && script.contains("window.Terminal = Terminal"))
        // The version the app is told (so that it asks the page nothing) is the one served.
        #expect(script.contains("/* xterm.js \(WebAssets.terminalVersion) (MIT"), "xterm.js's header names another version")
        let named = try Self.exchange(channel, Self.get("/colorboard"))
        #expect(named.hasPrefix("HTTP/1.1 200 OK") && named.contains("static/app.js"), "a served name gets the page")
        let health = try Self.exchange(channel, Self.get("/healthz"))
        #expect(health.hasPrefix("HTTP/1.1 200 OK") && health.hasSuffix("\r\n\r\nok\n"))
    }

    @Test func headGetsTheHeadersWithoutTheBody() throws {
        let channel = try Self.channel()
        let head = try Self.exchange(channel, Self.get("/static/app.css", method: "HEAD"))
        #expect(head.hasPrefix("HTTP/1.1 200 OK"))
        #expect(head.contains("Content-Length: ") && head.hasSuffix("\r\n\r\n"), "\(head)")
        let etag = head.split(separator: "\r\n").first { $0.hasPrefix("ETag:") }.map { String($0.dropFirst(6)) } ?? ""
        let again = try Self.exchange(channel, Self.get("/static/app.css", headers: ["If-None-Match: \(etag)"]))
        #expect(again.hasPrefix("HTTP/1.1 304"), "\(again)")
    }

    @Test(arguments: [
        "/nothing", "/static/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/static/%2e%2e/index.html",
        "/..", "/static/", "/launcher/../../etc", "//etc/passwd", "/static/xterm.js/..", "/Colorboard2",
    ])
    func unknownPathsAndTraversalsAreNotFound(path: String) throws {
        let channel = try Self.channel()
        let answer = try Self.exchange(channel, Self.get(path))
        #expect(answer.hasPrefix("HTTP/1.1 404 Not Found"), "\(path): \(answer.prefix(80))")
        #expect(!answer.contains("root:") && answer.hasSuffix("not found\n"))
    }

    @Test func otherMethodsAreNotAllowed() throws {
        for method in ["POST", "PUT", "DELETE", "OPTIONS"] {
            let channel = try Self.channel()
            let answer = try Self.exchange(channel, Self.get("/", method: method, headers: ["Content-Length: 0"]))
            #expect(answer.hasPrefix("HTTP/1.1 405"), "\(method): \(answer.prefix(80))")
            #expect(answer.contains("Allow: GET, HEAD"))
        }
    }

    @Test func garbageGetsABadRequestAndTheConnectionCloses() throws {
        let channel = try Self.channel()
        let answer = try Self.exchange(channel, "\u{0}\u{1}garbage \u{FF}\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
        #expect(!channel.isActive)
    }

    @Test func anOversizeHeadIsRefused() throws {
        let channel = try Self.channel()
        let answer = try Self.exchange(channel, Self.get("/", headers: ["X-Big: " + String(repeating: "a", count: 20_000)]))
        #expect(answer.hasPrefix("HTTP/1.1 431") || answer.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(80))")
    }

    @Test func aSlowHeadIsCutOffAtTheHeadTimeout() throws {
        let channel = try Self.channel()
        try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\nHost: 127"))
        (channel.eventLoop as! EmbeddedEventLoop).advanceTime(by: .seconds(9))
        #expect(channel.isActive)
        (channel.eventLoop as! EmbeddedEventLoop).advanceTime(by: .seconds(2))
        #expect(!channel.isActive)
    }

    static func upgradeRequest(origin: String?) -> String {
        var lines = [
            "GET /ws HTTP/1.1", "Host: 127.0.0.1:8080", "Upgrade: websocket", "Connection: Upgrade",
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
        ]
        if let origin { lines.append("Origin: \(origin)") }
        return lines.joined(separator: "\r\n") + "\r\n\r\n"
    }

    /// A client's frame: masked, one piece.
    static func frame(_ payload: [UInt8], opcode: UInt8 = 2) -> ByteBuffer {
        var bytes: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            bytes.append(0x80 | UInt8(payload.count))
        } else {
            bytes += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        let mask: [UInt8] = [1, 2, 3, 4]
        bytes += mask
        bytes += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return ByteBuffer(bytes: bytes)
    }

    /// The server's frames in `bytes` (unmasked), as opcode and payload.
    static func frames(_ bytes: [UInt8]) -> [(opcode: UInt8, payload: [UInt8])] {
        var result: [(UInt8, [UInt8])] = []
        var index = 0
        while index + 2 <= bytes.count {
            var length = Int(bytes[index + 1] & 0x7F)
            var offset = index + 2
            if length == 126 {
                length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
                offset += 2
            }
            guard offset + length <= bytes.count else { break }
            result.append((bytes[index] & 0x0F, Array(bytes[offset..<(offset + length)])))
            index = offset + length
        }
        return result
    }

    static func upgraded(_ web: WebContext = context()) throws -> EmbeddedChannel {
        let channel = try Self.channel(web)
        let answer = try Self.exchange(channel, upgradeRequest(origin: "http://127.0.0.1:8080"))
        #expect(answer.hasPrefix("HTTP/1.1 101"), "\(answer)")
        return channel
    }

    @Test func theUpgradeAnswersRFC6455sSampleKey() throws {
        let channel = try Self.channel()
        let answer = try Self.exchange(channel, Self.upgradeRequest(origin: "http://127.0.0.1:8080"))
        #expect(answer.hasPrefix("HTTP/1.1 101 Switching Protocols"), "\(answer)")
        #expect(answer.lowercased().contains("sec-websocket-accept: s3pplmbitxaq9kygzzhzrbk+xoo="), "\(answer)")
        #expect(try channel.pipeline.syncOperations.handler(type: WebSessionHandler.self) != nil)
    }

    @Test func aForeignOrMissingOriginGets403() throws {
        for origin in ["http://evil.example", "null", nil] as [String?] {
            let channel = try Self.channel()
            let answer = try Self.exchange(channel, Self.upgradeRequest(origin: origin))
            #expect(answer.hasPrefix("HTTP/1.1 403 Forbidden"), "\(origin ?? "none"): \(answer.prefix(80))")
            #expect((try? channel.pipeline.syncOperations.handler(type: WebSessionHandler.self)) == nil)
        }
        let allowed = try Self.channel(Self.context(allowed: ["http://evil.example"]))
        #expect(try Self.exchange(allowed, Self.upgradeRequest(origin: "http://evil.example")).hasPrefix("HTTP/1.1 101"))
    }

    @Test func aPlainGetOfTheSocketPathIsABadRequest() throws {
        let channel = try Self.channel()
        let answer = try Self.exchange(channel, Self.get("/ws", headers: ["Origin: http://127.0.0.1:8080"]))
        #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer.prefix(80))")
    }

    @Test func aMissingOrWrongTokenEndsWithTheNoticeAnd1008() throws {
        for token in ["", "wrong-token-0123456789"] {
            let channel = try Self.upgraded()
            try channel.writeInbound(Self.frame(WebProtocol.encode(WebProtocol.Hello(columns: 80, rows: 24, token: token))))
            let frames = Self.frames(try Self.outputBytes(channel))
            let notice = frames.first { $0.opcode == 2 && $0.payload.first == UInt8(ascii: "9") }
            let text = notice.map { String(decoding: $0.payload.dropFirst(), as: UTF8.self) } ?? ""
            #expect(text.contains(#""reason":"token""#), "\(frames)")
            #expect(frames.last?.opcode == 8 && frames.last?.payload.prefix(2) == [0x03, 0xF0], "close 1008: \(frames)")
            #expect(!channel.isActive)
        }
    }

    @Test func aTextFrameIsClosedWith1003AndGarbageWith1002() throws {
        let text = try Self.upgraded()
        try text.writeInbound(Self.frame(Array("hello".utf8), opcode: 1))
        let closing = Self.frames(try Self.outputBytes(text)).last
        #expect(closing?.opcode == 8 && closing?.payload.prefix(2) == [0x03, 0xEB], "1003: \(String(describing: closing))")
        let garbage = try Self.upgraded()
        try garbage.writeInbound(Self.frame([0xFF, 0x00, 0x13]))
        let closed = Self.frames(try Self.outputBytes(garbage)).last
        #expect(closed?.opcode == 8 && closed?.payload.prefix(2) == [0x03, 0xEA], "1002: \(String(describing: closed))")
    }

    @Test func anOversizeFrameIsClosedWith1009() throws {
        let channel = try Self.upgraded()
        var header: [UInt8] = [0x82, 0x80 | 127]
        for shift in stride(from: 56, through: 0, by: -8) { header.append(UInt8((UInt64(1 << 20) >> UInt64(shift)) & 0xFF)) }
        header += [1, 2, 3, 4]
        try? channel.writeInbound(ByteBuffer(bytes: header))
        let closing = Self.frames(try Self.outputBytes(channel)).last
        #expect(closing?.opcode == 8 && closing?.payload.prefix(2) == [0x03, 0xF1], "1009: \(String(describing: closing))")
    }

    @Test func pingsArePongedAndKeepalivesAnswered() throws {
        let channel = try Self.upgraded()
        try channel.writeInbound(Self.frame([7, 7], opcode: 9))
        try channel.writeInbound(Self.frame(Array("4".utf8)))
        let frames = Self.frames(try Self.outputBytes(channel))
        try #require(frames.count == 2, "\(frames)")
        #expect(frames[0].opcode == 10 && frames[0].payload == [7, 7], "\(frames)")
        #expect(frames[1].opcode == 2 && frames[1].payload == Array("4".utf8))
    }

    @Test func pauseAndResumeHoldTheProgramsOutput() throws {
        let channel = try Self.upgraded()
        let handler = try channel.pipeline.syncOperations.handler(type: WebSessionHandler.self)
        #expect(handler.canTakeOutput)
        try channel.writeInbound(Self.frame(Array("2".utf8)))
        #expect(!handler.canTakeOutput)
        try channel.writeInbound(Self.frame(Array("3".utf8)))
        #expect(handler.canTakeOutput)
    }

    @Test func outputWaitsForBothThePageAndTheSocket() throws {
        let channel = try Self.upgraded()
        let handler = try channel.pipeline.syncOperations.handler(type: WebSessionHandler.self)
        try channel.writeInbound(Self.frame(Array("2".utf8)))
        channel.setWritable(false)
        try channel.writeInbound(Self.frame(Array("3".utf8)))
        #expect(!handler.canTakeOutput, "the page resumed, the socket is still full")
        channel.setWritable(true)
        #expect(handler.canTakeOutput)
        try channel.writeInbound(Self.frame(Array("2".utf8)))
        channel.setWritable(false)
        channel.setWritable(true)
        #expect(!handler.canTakeOutput, "the socket drained, the page is still paused")
    }

    @Test func noHelloWithinTheLoginGraceEndsTheSocket() throws {
        let channel = try Self.upgraded()
        (channel.eventLoop as! EmbeddedEventLoop).advanceTime(by: .seconds(4))
        #expect(channel.isActive)
        (channel.eventLoop as! EmbeddedEventLoop).advanceTime(by: .seconds(2))
        let frames = Self.frames(try Self.outputBytes(channel))
        #expect(frames.contains { $0.payload.starts(with: Array(#"9{"message""#.utf8)) && String(decoding: $0.payload, as: UTF8.self).contains("protocol") })
        #expect(!channel.isActive)
    }

    @Test func aForwardedAddressIsTakenOnlyFromAProxyOnThisMachine() throws {
        let web = Self.context()
        let local = try SocketAddress(ipAddress: "127.0.0.1", port: 4000)
        let remote = try SocketAddress(ipAddress: "192.0.2.7", port: 4000)
        #expect(web.clientAddress(peer: local, forwardedFor: "203.0.113.9, 198.51.100.2") == "198.51.100.2")
        #expect(web.clientAddress(peer: remote, forwardedFor: "203.0.113.9") == "192.0.2.7:4000")
        #expect(web.clientAddress(peer: local, forwardedFor: "\u{1B}[31mevil") == "127.0.0.1:4000")
    }
}
