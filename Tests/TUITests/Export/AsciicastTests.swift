import Foundation
import Testing
@testable import TUI

/// The asciicast v2 lines: JSON a player reads, for any text.
@Suite struct AsciicastTests {
    @Test func theHeaderIsJSONWithTheSizeAndOnlyWhatWasGiven() throws {
        let plain = Asciicast.headerLine(Asciicast.Header(width: 80, height: 24))
        #expect(plain == "{\"version\": 2, \"width\": 80, \"height\": 24}\n")
        let full = Asciicast.headerLine(Asciicast.Header(
            width: 120, height: 40, timestamp: 1_795_000_000, title: "Daily \"Buzz\"\n", terminalType: "xterm-256color"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(full.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 2 && object["width"] as? Int == 120 && object["height"] as? Int == 40)
        #expect(object["timestamp"] as? Int == 1_795_000_000)
        #expect(object["title"] as? String == "Daily \"Buzz\"\n")
        #expect((object["env"] as? [String: String]) == ["TERM": "xterm-256color"])
        #expect(full.hasSuffix("}\n") && !full.dropLast().contains("\n"))
    }

    @Test func anyTextRoundTripsThroughAnEventLineOnOneLine() throws {
        var random = SystemRandomNumberGenerator()
        let pieces = ["\u{1B}[1;2H", "\"", "\\", "\n", "\r", "\t", "\u{00}", "\u{7F}", "é", "🧑‍🌾", "\u{2028}", "a", " ", "\u{9B}"]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 0...20, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let line = Asciicast.eventLine(microseconds: 1_234_567, .output, text)
            // Nothing a terminal acts on is left raw: the recording's JSON is escaped as the
            // diff's is (one function for both).
            #expect(line.hasSuffix("]\n") && !line.dropLast().contains("\n") && !line.contains("\u{1B}"))
            #expect(!line.contains("\u{2028}") && !line.contains("\u{9B}"), "\(line.debugDescription)")
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            #expect(event.count == 3)
            #expect((event[0] as? NSNumber)?.doubleValue == 1.234567)
            #expect(event[1] as? String == "o")
            #expect(event[2] as? String == text, "\(text.debugDescription)")
        }
    }

    @Test(arguments: [(0, "0.0"), (1, "0.000001"), (248_848, "0.248848"), (1_500_000, "1.5"), (2_000_000, "2.0"), (61_000_010, "61.00001")])
    func timesAreExactDecimalSeconds(microseconds: Int, text: String) {
        #expect(Asciicast.seconds(microseconds) == text)
    }

    @Test func aResizeEventSaysColumnsByRows() {
        #expect(Asciicast.eventLine(microseconds: 0, .resize, Asciicast.resizeData(Size(width: 100, height: 30)))
            == "[0.0, \"r\", \"100x30\"]\n")
    }

    @Test func textCutAnywhereIsDecodedWhole() {
        let bytes = Array("a é ─ 🧑‍🌾 \u{1B}[0m ok".utf8) + [0xFF] + Array("end".utf8)
        let whole = String(decoding: bytes, as: UTF8.self)
        for first in 0...bytes.count {
            for second in first...bytes.count where second == first || second == bytes.count || (second - first) % 3 == 0 {
                var chunks = UTF8Chunks()
                let text = chunks.decode(bytes[..<first]) + chunks.decode(bytes[first..<second]) + chunks.decode(bytes[second...])
                    + chunks.finish()
                #expect(text == whole, "cut at \(first), \(second)")
            }
        }
        var unfinished = UTF8Chunks()
        #expect(unfinished.decode([0x61, 0xE2, 0x94]) == "a")
        #expect(unfinished.finish() == "\u{FFFD}")
    }
}
