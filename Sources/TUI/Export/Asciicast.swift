import Flow

/// asciicast v2, the recording format of asciinema, which `asciinema play` replays and its
/// web player embeds: one line of JSON for the header, then one line per event,
/// `[seconds, "o", text]` for output and `[seconds, "r", "COLSxROWS"]` for a resize.
///
/// The format is the written bytes themselves, so a replay is exactly what the terminal
/// showed. Text in JSON must be Unicode: output is decoded as UTF-8 (`UTF8Chunks` keeps a
/// character cut between two writes whole), and every control character, ESC first, is
/// written as a `\u` escape, so a recording is plain, one-event-a-line text.
public enum Asciicast {
    /// The header: the terminal's size, and optionally when, what and on which terminal.
    public struct Header: Equatable, Sendable {
        /// Columns at the start.
        public var width: Int
        /// Rows at the start.
        public var height: Int
        /// When the recording began, in seconds since 1970; nil leaves it out, so the same
        /// session always gives the same file.
        public var timestamp: Int?
        /// What the recording shows (the player's title).
        public var title: String?
        /// The terminal type it was drawn for (`TERM`), kept in the header's `env`.
        public var terminalType: String?

        /// A header for a `width`×`height` terminal.
        public init(width: Int, height: Int, timestamp: Int? = nil, title: String? = nil, terminalType: String? = nil) {
            self.width = width
            self.height = height
            self.timestamp = timestamp
            self.title = title
            self.terminalType = terminalType
        }
    }

    /// The kinds of event this program writes.
    public enum EventKind: String, Sendable {
        /// Bytes written to the terminal.
        case output = "o"
        /// The terminal took a new size.
        case resize = "r"
    }

    /// The header line, newline included.
    public static func headerLine(_ header: Header) -> String {
        var fields = ["\"version\": 2", "\"width\": \(max(1, header.width))", "\"height\": \(max(1, header.height))"]
        if let timestamp = header.timestamp { fields.append("\"timestamp\": \(timestamp)") }
        if let title = header.title { fields.append("\"title\": " + jsonString(title)) }
        if let terminalType = header.terminalType {
            fields.append("\"env\": {\"TERM\": " + jsonString(terminalType) + "}")
        }
        return "{" + fields.joined(separator: ", ") + "}\n"
    }

    /// An event line, newline included; `microseconds` since the recording began.
    public static func eventLine(microseconds: Int, _ kind: EventKind, _ data: String) -> String {
        "[" + seconds(microseconds) + ", \"" + kind.rawValue + "\", " + jsonString(data) + "]\n"
    }

    /// The data of a resize event: `COLSxROWS`.
    public static func resizeData(_ size: Size) -> String {
        "\(size.width)x\(size.height)"
    }

    /// `1500000` → `1.5`, `248848` → `0.248848`, `2000000` → `2.0`: exact decimal seconds,
    /// so the same times always give the same text.
    static func seconds(_ microseconds: Int) -> String {
        let value = max(0, microseconds)
        var fraction = String(value % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(value / 1_000_000).\(fraction)"
    }

    /// `text` as a JSON string, escaped as all the programs' JSON is.
    static func jsonString(_ text: String) -> String {
        DiagnosticText.jsonQuoted(text)
    }
}

/// Turns a stream of bytes, cut anywhere, into text: a UTF-8 character split between two
/// pieces is held until its rest comes; bytes that are not UTF-8 become U+FFFD.
struct UTF8Chunks {
    private var held: [UInt8] = []

    /// The text of `bytes` after what was held, keeping back an unfinished character.
    mutating func decode(_ bytes: some Collection<UInt8>) -> String {
        var data = held
        data += bytes
        held = []
        let complete = Self.completeLength(of: data)
        if complete < data.count {
            held = Array(data[complete...])
        }
        return String(decoding: data[..<complete], as: UTF8.self)
    }

    /// Whatever is still held, as replacement characters (the stream ended mid-character).
    mutating func finish() -> String {
        defer { held = [] }
        return String(decoding: held, as: UTF8.self)
    }

    /// How many of `data`'s bytes end on a character boundary (an unfinished sequence of up
    /// to three bytes at the end is left out; anything malformed is decoded as it is).
    static func completeLength(of data: [UInt8]) -> Int {
        var start = data.count - 1
        var continuations = 0
        while start >= 0, continuations < 3, data[start] & 0xC0 == 0x80 {
            start -= 1
            continuations += 1
        }
        guard start >= 0 else { return data.count }
        let lead = data[start]
        let expected: Int
        switch lead {
        case 0xC2...0xDF: expected = 2
        case 0xE0...0xEF: expected = 3
        case 0xF0...0xF4: expected = 4
        default: return data.count
        }
        return continuations + 1 < expected ? start : data.count
    }
}
