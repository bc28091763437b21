import Foundation
import Testing
@testable import Serve

/// The page's protocol, the origin rule, the token and the browser's language: pure rules.
@Suite struct WebProtocolTests {
    @Test func messagesFromThePageAreRead() throws {
        #expect(try WebProtocol.decode(Array("0abc".utf8)) == .input(Array("abc".utf8)))
        #expect(try WebProtocol.decode(WebProtocol.resize(columns: 132, rows: 43)) == .resize(columns: 132, rows: 43))
        #expect(try WebProtocol.decode(Array("2".utf8)) == .pause)
        #expect(try WebProtocol.decode(Array("3".utf8)) == .resume)
        #expect(try WebProtocol.decode(Array("4".utf8)) == .keepalive)
        let hello = WebProtocol.Hello(columns: 100, rows: 30, token: "abc", path: "colorboard", screenReader: true)
        #expect(try WebProtocol.decode(WebProtocol.encode(hello)) == .hello(hello))
    }

    @Test func sizesAreClampedToWhatAPageMayAskFor() throws {
        #expect(try WebProtocol.decode(WebProtocol.resize(columns: 60000, rows: 9000)) == .resize(columns: 500, rows: 200))
        #expect(try WebProtocol.decode(WebProtocol.resize(columns: 0, rows: 0)) == .resize(columns: 80, rows: 24))
        #expect(try WebProtocol.decode(WebProtocol.resize(columns: 1, rows: 1)) == .resize(columns: 2, rows: 2))
        let huge = try WebProtocol.decode(Array(#"{"columns":1e300,"rows":-5}"#.utf8))
        #expect(huge == .hello(WebProtocol.Hello(columns: 500, rows: 24)))
    }

    @Test(arguments: [
        ([UInt8](), WebProtocol.DecodeError.empty),
        (Array("x".utf8), .unknownType(UInt8(ascii: "x"))),
        (Array("1ab".utf8), .malformed("resize")),
        (Array("2z".utf8), .malformed("pause")),
        (Array("{not json".utf8), .malformed("hello")),
        (Array(#"{"token":5}"#.utf8), .malformed("hello")),
        (Array("[1]".utf8), .unknownType(UInt8(ascii: "["))),
    ])
    func badMessagesAreRefusedWithAReason(bytes: [UInt8], error: WebProtocol.DecodeError) {
        #expect(throws: error) { try WebProtocol.decode(bytes) }
    }

    @Test func aMessageLargerThanAPasteIsRefused() {
        let big = [UInt8(ascii: "0")] + [UInt8](repeating: 0x61, count: WebProtocol.maximumMessageSize)
        #expect(throws: WebProtocol.DecodeError.tooLarge(big.count)) { try WebProtocol.decode(big) }
        let long = Array((#"{"token":""# + String(repeating: "a", count: 300) + #""}"#).utf8)
        #expect(throws: WebProtocol.DecodeError.malformed("hello")) { try WebProtocol.decode(long) }
    }

    @Test func theEndNoticeIsJSONWithAReasonAndASentence() throws {
        let bytes = WebProtocol.end(.idle, message: "Closed after 5 s \"without\" input.")
        #expect(bytes.first == UInt8(ascii: "9"))
        let object = try JSONSerialization.jsonObject(with: Data(bytes.dropFirst())) as? [String: String]
        #expect(object == ["reason": "idle", "message": "Closed after 5 s \"without\" input."])
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080", "127.0.0.1:8080", true),
        ("http://LOCALHOST:8080", "localhost:8080", true),
        ("http://example.org", "example.org:80", true),
        ("https://example.org", "example.org", true),
        ("https://example.org", "example.org:443", true),
        ("http://[::1]:8080", "[::1]:8080", true),
        ("http://evil.example", "127.0.0.1:8080", false),
        ("http://127.0.0.1:8081", "127.0.0.1:8080", false),
        ("https://127.0.0.1:8080", "127.0.0.1:8080", true),
        ("null", "127.0.0.1:8080", false),
        ("file://", "127.0.0.1:8080", false),
        ("http://127.0.0.1:8080/path", "127.0.0.1:8080", false),
        ("http://user@127.0.0.1:8080", "127.0.0.1:8080", false),
    ])
    func aSocketMayComeOnlyFromTheServersOwnPage(origin: String, host: String, allowed: Bool) {
        #expect(OriginPolicy.allows(origin: origin, host: host) == allowed)
    }

    @Test func missingOriginsAreRefusedAndAllowedOnesLetIn() {
        #expect(!OriginPolicy.allows(origin: nil, host: "127.0.0.1:8080"))
        #expect(!OriginPolicy.allows(origin: "http://127.0.0.1:8080", host: nil))
        #expect(OriginPolicy.allows(origin: "https://demo.example.org", host: "10.0.0.5:8080", allowed: ["https://demo.example.org:443"]))
        #expect(!OriginPolicy.allows(origin: "http://demo.example.org", host: "10.0.0.5:8080", allowed: ["https://demo.example.org"]))
    }

    @Test func tokensAreComparedWhole() {
        #expect(WebToken.matches("abcdef", "abcdef"))
        #expect(!WebToken.matches("abcdeg", "abcdef"))
        #expect(!WebToken.matches("abcde", "abcdef"))
        #expect(!WebToken.matches("abcdefg", "abcdef"))
        #expect(!WebToken.matches("", "abcdef"))
    }

    @Test func theTokenIsKeptUntilANewOneIsAskedFor() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("web-token-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try WebToken.loadOrCreate(in: directory, renew: false)
        #expect(first.count == 43 && WebToken.isPlausible(first))
        #expect(try WebToken.loadOrCreate(in: directory, renew: false) == first)
        let renewed = try WebToken.loadOrCreate(in: directory, renew: true)
        #expect(renewed != first)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("token").path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test(arguments: [
        ("de-CH,de;q=0.9,en;q=0.8", "de_CH.UTF-8"),
        ("pt-BR", "pt_BR.UTF-8"),
        ("fr", "fr.UTF-8"),
        ("*", nil),
        ("en-US\u{1B}[31m", "en.UTF-8"),
        ("x-evil;rm -rf", nil),
        ("", nil),
    ] as [(String, String?)])
    func theBrowsersFirstLanguageBecomesTheSessionsLocale(header: String, lang: String?) {
        #expect(BrowserLanguage.lang(acceptLanguage: header) == lang)
    }
}
