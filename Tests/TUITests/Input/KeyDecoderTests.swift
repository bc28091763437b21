import Flow
import Testing
import TestSupport
@testable import TUI

@Suite struct KeyDecoderTests {
    private func decode(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    private func decode(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    /// Feeds one byte at a time (every possible split point).
    private func decodeBytewise(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in bytes { keys += decoder.feed([byte]) }
        return keys + decoder.flush()
    }

    @Test func printableText() {
        #expect(decode("ab 中") == [.char("a"), .char("b"), .char(" "), .char("中")])
        #expect(decode("e\u{301}") == [.char("e\u{301}")])
    }

    @Test func controlBytes() {
        #expect(decode([0x01, 0x13, 0x0D, 0x0A, 0x09, 0x7F, 0x08, 0x00, 0x1C, 0x1F]) == [
            .ctrl("a"), .ctrl("s"), .enter, .enter, .tab, .backspace, .backspace, .ctrl("@"),
            .ctrl("\\"), .ctrl("_"),
        ])
    }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OD", .left), ("\u{1B}[1;5C", .right),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
        ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}OP", .function(1)), ("\u{1B}OS", .function(4)), ("\u{1B}[11~", .function(1)),
        ("\u{1B}[15~", .function(5)), ("\u{1B}[17~", .function(6)), ("\u{1B}[21~", .function(10)),
        ("\u{1B}[23~", .function(11)), ("\u{1B}[24~", .function(12)), ("\u{1B}[1;2P", .function(1)),
        ("\u{1B}[Z", .backTab), ("\u{1B}OM", .enter),
    ])
    func escapeSequences(text: String, key: Key) {
        #expect(decode(text) == [key])
        #expect(decodeBytewise(Array(text.utf8)) == [key])
    }

    @Test func loneEscapeWaitsForFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.pending == .sequence)
        #expect(decoder.flush() == [.escape])
        #expect(decoder.pending == .none)
    }

    @Test func sequenceSplitAcrossReadsNeverTypesText() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(Array("[".utf8)) == [])
        #expect(decoder.feed(Array("A".utf8)) == [.up])
        #expect(decoder.pending == .none)
    }

    @Test func restOfATimedOutSequenceIsStillTheKey() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.flush() == [.unknown])
        #expect(decoder.feed(Array("A".utf8)) == [.up])

        var lone = KeyDecoder()
        #expect(lone.feed([0x1B]) == [])
        #expect(lone.flush() == [.escape])
        #expect(lone.feed(Array("[Bx".utf8)) == [.down, .char("x")])
    }

    @Test func textAfterAFlushedEscapeIsText() {
        var decoder = KeyDecoder()
        _ = decoder.feed([0x1B])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.feed(Array("[".utf8)) == [.char("[")])
        _ = decoder.feed([0x1B])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.feed(Array("ok".utf8)) == [.char("o"), .char("k")])
    }

    @Test func escapeWithALetterIsAltAndBeforeOtherKeysIsEscape() {
        #expect(decode("\u{1B}x") == [.alt("x")])
        #expect(decode("\u{1B}7") == [.alt("7")])
        #expect(decode("\u{1B}!") == [.escape, .char("!")])
        #expect(decode("\u{1B}\u{1B}[A") == [.escape, .up])
    }

    @Test func sgrMouse() {
        #expect(decode("\u{1B}[<0;10;5M") == [.mouse(.click(Point(x: 9, y: 4)))])
        #expect(decode("\u{1B}[<0;10;5m") == [])  // release
        #expect(decode("\u{1B}[<64;3;4M") == [.mouse(.wheelUp(Point(x: 2, y: 3)))])
        #expect(decode("\u{1B}[<65;3;4M") == [.mouse(.wheelDown(Point(x: 2, y: 3)))])
        #expect(decode("\u{1B}[<32;3;4M") == [.mouse(.drag(Point(x: 2, y: 3)))])  // motion, primary button held
        #expect(decode("\u{1B}[<35;3;4M") == [])  // motion, no button
        #expect(decode("\u{1B}[<34;3;4M") == [])  // motion, right button held
        #expect(decode("\u{1B}[<2;3;4M") == [])  // right button
        #expect(decode("\u{1B}[<0;1;1M") == [.mouse(.click(.zero))])
        #expect(decode("\u{1B}[<0;99999999999999999999;1M") == [.unknown])
        #expect(decodeBytewise(Array("\u{1B}[<0;120;40M".utf8)) == [.mouse(.click(Point(x: 119, y: 39)))])
    }

    @Test func x10Mouse() {
        #expect(decode([0x1B, 0x5B, 0x4D, 32, 33 + 5, 33 + 2]) == [.mouse(.click(Point(x: 5, y: 2)))])
        #expect(decode([0x1B, 0x5B, 0x4D, 32 + 64, 33, 33]) == [.mouse(.wheelUp(.zero))])
        #expect(decode([0x1B, 0x5B, 0x4D, 32 + 3, 33, 33]) == [])
    }

    @Test func bracketedPaste() {
        let bytes = Array("\u{1B}[200~hello\u{1B}[31m\r\nworld\rend\u{1B}[201~x".utf8)
        let expected: [Key] = [.paste("hello\u{1B}[31m\nworld\nend"), .char("x")]
        #expect(decode(bytes) == expected)
        #expect(decodeBytewise(bytes) == expected)
    }

    @Test func pasteEndMarkerSplitAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~ab\u{1B}[20".utf8)) == [])
        #expect(decoder.pending == .paste)
        #expect(decoder.feed(Array("1~".utf8)) == [.paste("ab")])
        #expect(decoder.pending == .none)
    }

    @Test func pasteKeepsEscapeLookalikes() {
        #expect(decode("\u{1B}[200~\u{1B}[20x\u{1B}[201~") == [.paste("\u{1B}[20x")])
    }

    @Test func unfinishedPasteIsDeliveredOnFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~partial\u{1B}[2".utf8)) == [])
        #expect(decoder.flush() == [.paste("partial\u{1B}[2")])
    }

    @Test func utf8SplitAcrossReads() {
        for text in ["é", "中", "🧑‍🌾", "a😀b"] {
            let keys = decodeBytewise(Array(text.utf8))
            let typed = keys.map { key -> String in
                if case .char(let character) = key { return String(character) }
                return "?"
            }.joined()
            #expect(typed == text)
        }
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xE4, 0xB8]) == [])
        #expect(decoder.pending == .sequence)
        #expect(decoder.feed([0xAD]) == [.char("中")])
    }

    @Test func invalidUTF8IsNeverText() {
        #expect(decode([0xFF]) == [.unknown])
        #expect(decode([0xC3, 0x41]) == [.unknown, .char("A")])
        #expect(decode([0xC0, 0x80]) == [.unknown, .unknown])  // overlong
        #expect(decode([0xED, 0xA0, 0x80]) == [.unknown, .unknown, .unknown])  // surrogate
        #expect(decode([0xC2, 0x85]) == [.unknown])  // C1 NEL
        #expect(decode([0xE4, 0xB8]) == [.unknown])  // truncated at the end
    }

    @Test func unknownSequencesAreSwallowed() {
        #expect(decode("\u{1B}[99~") == [.unknown])
        #expect(decode("\u{1B}[?1;2c") == [.unknown])
        #expect(decode("\u{1B}[I\u{1B}[O") == [])  // focus reports
        let long = "\u{1B}[" + String(repeating: "1", count: 100) + "~z"
        #expect(decode(long) == [.unknown, .char("z")])
    }

    @Test func randomBytesNeverTypeControls() {
        var generator = SeededRandomGenerator(seed: 7)
        let alphabet: [UInt8] = Array("\u{1B}[O<;~0123456789AMmPZ~abc".utf8) + [0x00, 0x7F, 0x9B, 0xC3, 0xA9, 0xE4, 0xB8, 0xAD, 0xF0, 0x9F, 0xFF]
        for round in 0..<300 {
            let bytes = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            }
            var decoder = KeyDecoder()
            var keys: [Key] = []
            var index = 0
            while index < bytes.count {
                let end = min(bytes.count, index + Int.random(in: 1...5, using: &generator))
                keys += decoder.feed(bytes[index..<end])
                if Bool.random(using: &generator) && decoder.pending != .none { keys += decoder.flush() }
                index = end
            }
            keys += decoder.flush()
            #expect(decoder.pending == .none)
            for key in keys {
                if case .char(let character) = key {
                    #expect(!Sanitizer.needsEscaping(character) || character.unicodeScalars.first!.properties.generalCategory == .nonspacingMark,
                            "round \(round): \(bytes)")
                }
            }
        }
    }

    @Test func chunkingDoesNotChangeTheResult() {
        var generator = SeededRandomGenerator(seed: 99)
        let pieces = [
            "\u{1B}[A", "\u{1B}OB", "x", "中", "\u{1B}[<0;5;6M", "\u{1B}[200~p\u{1B}[201~", "\u{1B}[3~",
            "\u{1B}[15~", "é", "\r", "\u{1B}[Z",
        ]
        for round in 0..<200 {
            let text = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let bytes = Array(text.utf8)
            #expect(decode(bytes) == decodeBytewise(bytes), "round \(round): \(text.debugDescription)")
        }
    }
}
