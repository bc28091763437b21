import Testing
@testable import TUI

/// Unknown terminal types, and finding out whether a terminal takes 24-bit colour.
@Suite struct TerminalCapabilitiesTests {
    // MARK: Fallback

    @Test func theFallbackOrderIsXtermWith256ColoursFirst() {
        #expect(TerminalTypeFallback.candidates == ["xterm-256color", "xterm", "ansi", "vt100"])
    }

    @Test func theNoticeNamesBothTypesAndEscapesTheRequestedOne() {
        #expect(TerminalTypeFallback.notice(requested: "xterm-kitty", used: "xterm-256color")
            == "TERM xterm-kitty has no terminfo entry here: drawing as xterm-256color")
        let hostile = TerminalTypeFallback.notice(requested: "evil\u{1B}]0;title\u{07}", used: "xterm")
        #expect(!hostile.contains("\u{1B}") && !hostile.contains("\u{07}"), "\(hostile.debugDescription)")
    }

    // MARK: What says 24-bit colour without asking

    @Test(arguments: [
        (["COLORTERM": "truecolor"], true), (["COLORTERM": "24bit"], true), (["COLORTERM": "yes"], false),
        (["TERM": "xterm-256color"], false), (["TERM": "xterm-kitty"], true), (["TERM": "xterm-ghostty"], true),
        (["TERM": "wezterm"], true), (["TERM": "alacritty"], true), (["TERM": "foot"], true),
        (["TERM": "xterm-direct"], true), (["TERM": "tmux-256color"], false), (["TERM": "screen"], false),
        (["TERM": "xterm-256color", "VTE_VERSION": "7200"], true), (["TERM": "xterm-256color", "VTE_VERSION": "3405"], false),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], true),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "Apple_Terminal"], false),
    ])
    func theEnvironmentAloneCanSay(environment: [String: String], expected: Bool) {
        #expect(TrueColorSupport.impliedByEnvironment(environment) == expected)
    }

    @Test func directEntriesFollowTheFamilyThenXterm() {
        #expect(TrueColorSupport.directEntries(requested: "xterm-256color", drawingWith: "xterm-256color") == ["xterm-direct"])
        #expect(TrueColorSupport.directEntries(requested: "tmux-256color", drawingWith: "tmux-256color") == ["tmux-direct"])
        #expect(TrueColorSupport.directEntries(requested: "xterm-kitty", drawingWith: "xterm-256color")
            == ["kitty-direct", "xterm-direct"])
        #expect(TrueColorSupport.directEntries(requested: "screen", drawingWith: "screen") == ["screen-direct"])
    }

    // MARK: Asking the terminal

    @Test func theRequestSetsTheProbeColourAsksForItAndEndsWithDeviceAttributes() {
        let text = String(decoding: TerminalQuery(asksTrueColor: true, asksSynchronizedOutput: false).request, as: UTF8.self)
        #expect(text == "\u{1B}[48;2;1;2;3m\u{1B}P$qm\u{1B}\\\u{1B}[m\u{1B}[c")
    }

    @Test func bothQuestionsGoInOneRoundTripAndSynchronizedOutputAloneStillEndsWithDeviceAttributes() {
        let both = String(decoding: TerminalQuery(asksTrueColor: true, asksSynchronizedOutput: true).request, as: UTF8.self)
        #expect(both == "\u{1B}[48;2;1;2;3m\u{1B}P$qm\u{1B}\\\u{1B}[m\u{1B}[?2026$p\u{1B}[c")
        let alone = String(decoding: TerminalQuery(asksTrueColor: false, asksSynchronizedOutput: true).request, as: UTF8.self)
        #expect(alone == "\u{1B}[?2026$p\u{1B}[c")
    }

    @Test(arguments: [
        "\u{1B}P1$r0;48:2::1:2:3m\u{1B}\\\u{1B}[?62;22c",  // xterm's colon form
        "\u{1B}P1$r48;2;1;2;3m\u{1B}\\\u{1B}[?1;2c",  // the semicolon form
        "\u{1B}P1$r0;48:2:1:2:3m\u{07}\u{1B}[?64c",  // no colour-space field, BEL ending
    ])
    func aTerminalThatReportsTheColourBackTakesIt(answer: String) {
        #expect(TerminalQuery.interpret(Array(answer.utf8)) == .answered(.init(trueColor: true), leftover: []))
    }

    @Test(arguments: [
        "\u{1B}[?1;2c",  // DA1 only: DECRQSS unknown (tmux, many others)
        "\u{1B}P0$r\u{1B}\\\u{1B}[?62c",  // "invalid request"
        "\u{1B}P1$r0;48;5;16m\u{1B}\\\u{1B}[?62c",  // mapped to the 256 palette
        "\u{1B}P1$r0;48:2::9:9:9m\u{1B}\\\u{1B}[?62c",  // some other colour
    ])
    func aTerminalThatDoesNotReportItDoesNot(answer: String) {
        #expect(TerminalQuery.interpret(Array(answer.utf8)) == .answered(.init(trueColor: false), leftover: []))
    }

    @Test func theAnswerIsAwaitedUntilDeviceAttributesComeWhateverTheSplit() {
        let answer = Array("\u{1B}P1$r0;48:2::1:2:3m\u{1B}\\\u{1B}[?62;22c".utf8)
        for cut in 0..<answer.count {
            #expect(TerminalQuery.interpret(Array(answer[..<cut])) == .waiting, "cut at \(cut)")
        }
        #expect(TerminalQuery.interpret(answer) == .answered(.init(trueColor: true), leftover: []))
    }

    @Test func keysTypedAroundTheAnswerAreHandedBack() {
        let input = Array("a\u{1B}[A\u{1B}P1$r48;2;1;2;3m\u{1B}\\b\u{1B}[?62cq".utf8)
        #expect(TerminalQuery.interpret(input) == .answered(.init(trueColor: true), leftover: Array("a\u{1B}[Abq".utf8)))
    }

    @Test func lateAnswersAreFilteredOutOfTheKeysWhateverTheSplit() {
        let stream = Array("x\u{1B}P1$r0;48:2::1:2:3m\u{1B}\\\u{1B}[?62;22cy\u{1B}[?1c".utf8)
        for cut in 0...stream.count {
            var filter = TerminalQuery.LateAnswerFilter()
            let passed = filter.filter(stream[..<cut]) + filter.filter(stream[cut...])
            // After the DA1 answer nothing is filtered any more, not even another DA1-like sequence.
            #expect(passed == Array("xy\u{1B}[?1c".utf8), "cut at \(cut): \(String(decoding: passed, as: UTF8.self).debugDescription)")
            #expect(filter.isDone)
        }
    }

    @Test func otherSequencesPassTheFilterAtOnceAndALoneEscapeWhenNothingFollows() {
        var filter = TerminalQuery.LateAnswerFilter()
        #expect(filter.filter(Array("\u{1B}[B\u{1B}OA".utf8)) == Array("\u{1B}[B\u{1B}OA".utf8))
        #expect(filter.filter([0x1B]) == [])
        #expect(filter.isHolding)
        #expect(filter.flushHeld() == [0x1B])
        #expect(!filter.isHolding && !filter.isDone)
        // A held start of an answer is dropped, never typed.
        #expect(filter.filter(Array("\u{1B}P1$r0;48".utf8)) == [])
        #expect(filter.flushHeld() == [])
    }

    // MARK: Synchronized output

    @Test(arguments: [
        ("\u{1B}[?2026;2$y\u{1B}[?62;22c", true),  // known, reset: frames can be wrapped
        ("\u{1B}[?2026;1$y\u{1B}[?62c", true),  // known, set
        ("\u{1B}[?2026;0$y\u{1B}[?62c", false),  // not recognized
        ("\u{1B}[?2026;4$y\u{1B}[?62c", false),  // permanently reset
    ] as [(String, Bool)])
    func aModeReportSaysWhetherFramesCanBeWrapped(answer: String, supported: Bool) {
        #expect(TerminalQuery.interpret(Array(answer.utf8)) == .answered(.init(synchronizedOutput: supported), leftover: []))
    }

    @Test func noModeReportMeansNoWordAndTheColourAnswerStillCounts() {
        #expect(TerminalQuery.interpret(Array("\u{1B}[?1;2c".utf8)) == .answered(.init(), leftover: []))
        let both = "\u{1B}P1$r48;2;1;2;3m\u{1B}\\x\u{1B}[?2026;2$y\u{1B}[?62c"
        #expect(TerminalQuery.interpret(Array(both.utf8))
            == .answered(.init(trueColor: true, synchronizedOutput: true), leftover: Array("x".utf8)))
    }

    @Test func aLateModeReportIsTakenOutOfTheKeysAndRememberedWhateverTheSplit() {
        let stream = Array("a\u{1B}[?2026;2$y\u{1B}[Bb\u{1B}[?64;1c\u{1B}[?2026;2$y".utf8)
        for cut in 0...stream.count {
            var filter = TerminalQuery.LateAnswerFilter()
            let passed = filter.filter(stream[..<cut]) + filter.filter(stream[cut...])
            // After DA1 nothing is filtered: the same report typed later would reach the keys.
            #expect(passed == Array("a\u{1B}[Bb\u{1B}[?2026;2$y".utf8), "cut at \(cut): \(String(decoding: passed, as: UTF8.self).debugDescription)")
            #expect(filter.synchronizedOutput == true && filter.isDone, "cut at \(cut)")
        }
    }

    @Test(arguments: [
        ("xterm-256color", true), ("tmux-256color", true), ("screen", true), ("xterm-kitty", true), ("foot", true),
        ("linux", false), ("linux-16color", false), ("vt100", false), ("vt220", false), ("ansi", false), ("cons25", false),
        ("dumb", false), ("", false),
    ] as [(String, Bool)])
    func consolesAreNotAsked(term: String, asked: Bool) {
        #expect(SynchronizedOutput.isWorthAsking(term: term) == asked)
    }
}
