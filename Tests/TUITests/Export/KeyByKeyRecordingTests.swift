import Foundation
import Testing
import TestSupport
@testable import TUI

/// Headless recordings: a frame per key at the pace asked, the same file for the same frames.
@Suite struct KeyByKeyRecordingTests {
    static func frame(_ text: String) -> CellBuffer {
        var buffer = CellBuffer(size: Size(width: 20, height: 3))
        buffer.put(text, at: Point(x: 0, y: 1))
        return buffer
    }

    /// The events of `text` after its header: time, kind and data.
    static func events(_ text: String) throws -> [(time: Double, kind: String, data: String)] {
        try text.split(separator: "\n").dropFirst().map { line in
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            return (try #require((event[0] as? NSNumber)?.doubleValue), try #require(event[1] as? String), try #require(event[2] as? String))
        }
    }

    @Test func framesComeAPaceApartTypingFasterAndTheLastStaysOneMorePace() throws {
        var recording = KeyByKeyRecording(size: Size(width: 20, height: 3), pace: 800_000, title: "Demo")
        let keys: [(Key?, String)] = [(nil, ""), (.char("+"), "+"), (.char("2"), "2"), (.char("0"), "0"), (.down, "v"), (.enter, "e"), (.char("q"), "q")]
        var shown = ""
        for (key, mark) in keys {
            shown += mark
            recording.add(Self.frame(shown), cursor: nil, after: key)
        }
        let events = try Self.events(recording.text)
        #expect(events.map(\.time) == [0, 0.8, 0.88, 0.96, 1.76, 2.56, 3.36, 4.16])
        #expect(events.allSatisfy { $0.kind == "o" })
        #expect(events.last?.data == "")
        var screen = ANSIScreen(width: 20, height: 3)
        for event in events { screen.feed(event.data) }
        #expect(screen.lines[1].hasPrefix(shown))
        #expect(recording.text.hasPrefix("{\"version\": 2, \"width\": 20, \"height\": 3, \"title\": \"Demo\"}\n"))
    }

    @Test func theSameFramesGiveTheSameBytesAndADateOnlyWhenGiven() {
        func make(_ timestamp: Int?) -> String {
            var recording = KeyByKeyRecording(size: Size(width: 20, height: 3), pace: 1_000_000, title: nil, timestamp: timestamp)
            recording.add(Self.frame("a"), cursor: nil, after: nil)
            recording.add(Self.frame("ab"), cursor: Point(x: 2, y: 1), after: .char("b"))
            return recording.text
        }
        #expect(make(nil) == make(nil))
        #expect(!make(nil).contains("timestamp"))
        #expect(make(1_795_000_000).contains("\"timestamp\": 1795000000"))
    }
}
