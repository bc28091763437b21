import Testing
@testable import TUI

/// The pure parts of the ncurses back end.
@Suite struct BackEndTests {
    /// A stand-in for the C library's `wcwidth`, with glibc's answers for these code points.
    private static func libraryWidth(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x200D, 0xFE0F, 0x0300...0x036F, 0xE0020...0xE007F: return 0
        case 0x4E2D, 0x1F9D1, 0x1F33E, 0x1F600, 0x1F44D, 0x1F3FD, 0x1F3F4: return 2
        case 0x10FFFD: return -1
        default: return 1
        }
    }

    private func columns(_ character: Character, utf8: Bool = true, maximum: Int = 5) -> [[Unicode.Scalar]] {
        CursesGlyph.columns(
            for: character, width: DisplayWidth.of(character), isUTF8: utf8, maximumScalars: maximum,
            wcwidth: Self.libraryWidth)
    }

    @Test func simpleCharactersPassThrough() {
        #expect(columns("a") == [["a"]])
        #expect(columns("中") == [["中"]])
        #expect(columns("e\u{301}") == [["e", "\u{301}"]])
    }

    @Test func emojiSequencesAreReducedToWhatCursesCounts() {
        #expect(columns("🧑‍🌾") == [["🧑"]])
        #expect(columns("👍🏽") == [["👍"]])
        #expect(columns("🏴󠁧󠁢󠁳󠁣󠁴󠁿") == [["🏴"]])
        #expect(columns("❤️") == [["❤"], [" "]])
        #expect(columns("🇫🇷") == [["\u{1F1EB}"], ["\u{1F1F7}"]])
    }

    @Test func unmeasurableCharactersAreReplaced() {
        #expect(columns("\u{10FFFD}") == [["\u{FFFD}"]])
        #expect(CursesGlyph.columns(for: "x", width: 2, isUTF8: true, maximumScalars: 5, wcwidth: { _ in 3 })
            == [["\u{FFFD}"], [" "]])
    }

    @Test func combiningMarksAreCapped() {
        let heavy: Character = "e\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}"
        #expect(columns(heavy, maximum: 3) == [["e", "\u{300}", "\u{301}"]])
    }

    @Test func asciiModeUsesTheFallback() {
        #expect(columns("中", utf8: false) == [["?"], ["?"]])
        #expect(columns("─", utf8: false) == [["-"]])
        #expect(columns("x", utf8: false) == [["x"]])
    }

    @Test func colourPairsAreHandedOutAndReset() {
        var cache = ColorPairCache(pairCount: 3)
        var defined: [[Int32]] = []
        let define: (Int32, Int32, Int32) -> Bool = { defined.append([$0, $1, $2]); return true }
        #expect(cache.capacity == 2)
        #expect(cache.pair(for: .init(foreground: -1, background: -1), define: define) == 0)
        #expect(cache.pair(for: .init(foreground: 1, background: -1), define: define) == 1)
        #expect(cache.pair(for: .init(foreground: 2, background: 3), define: define) == 2)
        #expect(cache.pair(for: .init(foreground: 1, background: -1), define: define) == 1)
        #expect(cache.pair(for: .init(foreground: 4, background: 4), define: define) == nil)
        #expect(defined == [[1, 1, -1], [2, 2, 3]])
        cache.reset()
        #expect(cache.pair(for: .init(foreground: 4, background: 4), define: define) == 1)
        #expect(cache.pair(for: .init(foreground: 5, background: 5), define: { _, _, _ in false }) == 0)
        #expect(ColorPairCache(pairCount: 0).capacity == 0)
    }

    @Test func terminfoDelaysAreRemoved() {
        let bytes = Array("\u{1B}[?1049l$<5>x$5$<2*/>".utf8)
        #expect(TerminfoString.removingDelays(bytes) == Array("\u{1B}[?1049lx$5".utf8))
        #expect(TerminfoString.removingDelays(Array("$<open".utf8)) == Array("$<open".utf8))
    }

    @Test func escapeDelayFromTheEnvironment() {
        #expect(NcursesTerminal.escapeDelay(from: [:]) == 25)
        #expect(NcursesTerminal.escapeDelay(from: ["ESCDELAY": "10"]) == 10)
        #expect(NcursesTerminal.escapeDelay(from: ["ESCDELAY": "0"]) == 0)
        #expect(NcursesTerminal.escapeDelay(from: ["ESCDELAY": "-5"]) == 25)
        #expect(NcursesTerminal.escapeDelay(from: ["ESCDELAY": "soon"]) == 25)
        #expect(NcursesTerminal.escapeDelay(from: ["ESCDELAY": "99999"]) == 1000)
    }

    @Test func errorMessagesAreOneSafeLine() {
        let hostile = TerminalError.unknownTerminalType("\u{1B}]0;owned\u{7}")
        #expect(hostile.description == "unknown terminal type \"^[]0;owned^G\" (no terminfo entry); try TERM=xterm-256color")
        #expect(TerminalError.notATerminal.description == "standard input and output must be a terminal")
        for error in [TerminalError.terminalTypeUnset, .dumbTerminal, .noTerminfoDatabase, .alreadyActive,
                      .missingCapability(terminalType: "x", capability: "cup"), .setupFailed("pipe")] {
            #expect(!error.description.contains("\n"))
        }
    }
}
