import Foundation

/// The page's WebSocket protocol: binary messages whose first byte says what the rest is,
/// in the manner of ttyd's. Pure: bytes in, messages out, so every rule is tested (and
/// fuzzed) without a socket. docs/serving.md describes it for anyone writing a client.
///
/// From the page:
/// - `{` hello, a JSON object: `columns`, `rows`, `token` (the link's), `path` (what to open),
///   `screenReader` (true for the screen-reader mode). First, and only once.
/// - `0` input: the bytes typed or pasted, as the terminal sends them.
/// - `1` resize: columns and rows, two big-endian 16-bit numbers.
/// - `2` pause and `3` resume: the page stops and restarts the program's output while its
///   terminal catches up.
/// - `4` keepalive: answered with a keepalive, so both sides notice a dropped connection.
///
/// To the page:
/// - `0` output: the program's bytes, as the terminal should get them.
/// - `4` keepalive.
/// - `9` end: a JSON object, `reason` (a word, below) and `message` (a sentence for people),
///   sent once, before the server closes the socket.
public enum WebProtocol {
    /// The largest message either side sends: room for a long paste.
    public static let maximumMessageSize = 64 * 1024
    /// The largest terminal a page may ask for; bigger is clamped.
    public static let maximumColumns = 500
    public static let maximumRows = 200

    /// A message from the page.
    public enum ClientMessage: Equatable, Sendable {
        case hello(Hello)
        case input([UInt8])
        case resize(columns: Int, rows: Int)
        case pause
        case resume
        case keepalive
    }

    /// What the page asks for when it connects.
    public struct Hello: Equatable, Sendable {
        public var columns: Int
        public var rows: Int
        /// The token from the link's fragment; empty when the link had none.
        public var token: String
        /// The last part of the page's path: what to open (empty for TARGET, `colorboard`).
        public var path: String
        public var screenReader: Bool

        public init(columns: Int, rows: Int, token: String = "", path: String = "", screenReader: Bool = false) {
            self.columns = columns
            self.rows = rows
            self.token = token
            self.path = path
            self.screenReader = screenReader
        }
    }

    /// Why a message cannot be read.
    public enum DecodeError: Error, Equatable, CustomStringConvertible {
        case empty
        case tooLarge(Int)
        case unknownType(UInt8)
        case malformed(String)

        public var description: String {
            switch self {
            case .empty: "an empty message"
            case .tooLarge(let size): "a message of \(size) bytes (at most \(WebProtocol.maximumMessageSize))"
            case .unknownType(let byte): "a message of unknown type \(byte)"
            case .malformed(let what): "a malformed \(what) message"
            }
        }
    }

    /// Why a session ended, as the page is told.
    public enum EndReason: String, Sendable, CaseIterable {
        /// The program ended (q, or the app closed).
        case exited
        /// No input for the idle timeout.
        case idle
        /// The server is stopping.
        case shutdown
        /// Every place is taken.
        case full
        /// The client's address holds or starts too many sessions.
        case limited
        /// The link's token is missing or wrong.
        case token
        /// The page said nothing in time, or broke the protocol.
        case protocolError = "protocol"
        /// The path names nothing served.
        case notFound = "not-found"
        /// The session could not start or ended abnormally.
        case failed
    }

    /// Reads one binary message from the page.
    public static func decode(_ bytes: some Collection<UInt8>) throws(DecodeError) -> ClientMessage {
        guard let first = bytes.first else { throw .empty }
        guard bytes.count <= maximumMessageSize else { throw .tooLarge(bytes.count) }
        let body = bytes.dropFirst()
        switch first {
        case UInt8(ascii: "{"):
            return .hello(try decodeHello(Array(bytes)))
        case UInt8(ascii: "0"):
            return .input(Array(body))
        case UInt8(ascii: "1"):
            guard body.count == 4 else { throw .malformed("resize") }
            let values = Array(body)
            let columns = Int(values[0]) << 8 | Int(values[1])
            let rows = Int(values[2]) << 8 | Int(values[3])
            let (c, r) = clamp(columns: columns, rows: rows)
            return .resize(columns: c, rows: r)
        case UInt8(ascii: "2"):
            guard body.isEmpty else { throw .malformed("pause") }
            return .pause
        case UInt8(ascii: "3"):
            guard body.isEmpty else { throw .malformed("resume") }
            return .resume
        case UInt8(ascii: "4"):
            return .keepalive
        default:
            throw .unknownType(first)
        }
    }

    /// A size the server takes: at least 2×2 (0 meaning the usual 80×24), at most 500×200.
    public static func clamp(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        let c = columns <= 0 ? 80 : min(max(columns, 2), maximumColumns)
        let r = rows <= 0 ? 24 : min(max(rows, 2), maximumRows)
        return (c, r)
    }

    private static func decodeHello(_ bytes: [UInt8]) throws(DecodeError) -> Hello {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw .malformed("hello")
        }
        func number(_ key: String) -> Int {
            guard let value = object[key] as? NSNumber else { return 0 }
            let double = value.doubleValue
            guard double.isFinite, double > 0 else { return 0 }
            return Int(min(double, 65535))
        }
        func text(_ key: String, limit: Int) throws(DecodeError) -> String {
            guard let value = object[key] else { return "" }
            guard let string = value as? String, string.utf8.count <= limit else { throw .malformed("hello") }
            return string
        }
        let (columns, rows) = clamp(columns: number("columns"), rows: number("rows"))
        let screenReader = (object["screenReader"] as? Bool) ?? false
        return Hello(
            columns: columns, rows: rows, token: try text("token", limit: 256), path: try text("path", limit: 256),
            screenReader: screenReader)
    }

    // MARK: - To the page

    /// An output message: `0` and the bytes.
    public static func output(_ bytes: some Collection<UInt8>) -> [UInt8] {
        [UInt8(ascii: "0")] + bytes
    }

    /// The keepalive message.
    public static let keepalive: [UInt8] = [UInt8(ascii: "4")]

    /// The end message: `9` and `{"reason":…,"message":…}`.
    public static func end(_ reason: EndReason, message: String) -> [UInt8] {
        let object: [String: String] = ["reason": reason.rawValue, "message": message]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return [UInt8(ascii: "9")] + Array(data)
    }

    /// A hello message, as the page makes it (for tests and the benchmark's clients).
    public static func encode(_ hello: Hello) -> [UInt8] {
        var object: [String: Any] = ["columns": hello.columns, "rows": hello.rows, "path": hello.path]
        if !hello.token.isEmpty { object["token"] = hello.token }
        if hello.screenReader { object["screenReader"] = true }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Array(data)
    }

    /// A resize message.
    public static func resize(columns: Int, rows: Int) -> [UInt8] {
        let c = UInt16(clamping: columns)
        let r = UInt16(clamping: rows)
        return [UInt8(ascii: "1"), UInt8(c >> 8), UInt8(c & 0xFF), UInt8(r >> 8), UInt8(r & 0xFF)]
    }
}
