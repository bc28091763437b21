import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Over ssh `COLORTERM` does not arrive, so the app asks the terminal whether it takes
    /// 24-bit colour. Here the test is the terminal: it reads the question and answers it (or
    /// not), and looks at how Colorboard's swatches are then drawn.
    @Suite(.enabled(if: Terminfo.has("xterm-direct"), "no xterm-direct terminfo entry (apt-get install ncurses-term)"))
    struct TrueColorQueryEndToEndTests {
        let app: TerminalApp

        init() throws {
            app = try TerminalApp()
        }

        /// The colour question and the one about synchronized output, in one round trip.
        static let question = "\u{1B}[48;2;1;2;3m\u{1B}P$qm\u{1B}\\\u{1B}[m\u{1B}[?2026$p\u{1B}[c"

        /// Colorboard on a pseudo-terminal with TERM=xterm-256color and no COLORTERM; the test
        /// answers the question with `answer` (nil: never answers) and returns the terminal and
        /// the output from the first frame on.
        /// `frameEnd`: the text that ends the first frame's output (the footer's last key, or
        /// the end of a synchronized frame, which can arrive in a later read than the footer).
        func colorboard(answering answer: String?, frameEnd: String = "quit") throws -> (PseudoTerminalProcess, String) {
            let pty = try app.launchOnPseudoTerminal(["run", "colorboard", "--fresh"])
            try pty.waitForOutput("the question about colour") { $0.contains(Self.question) }
            let asked = pty.output.count
            if let answer { try pty.type(answer) }
            try pty.waitForOutput("the palette", after: asked) { text in
                guard let quit = text.range(of: "quit"), text.contains("Midnight") else { return false }
                return text[quit.lowerBound...].contains(frameEnd)
            }
            return (pty, String(decoding: pty.output[asked...], as: UTF8.self))
        }

        @Test(arguments: ["\u{1B}P1$r0;48:2::1:2:3m\u{1B}\\\u{1B}[?62;22c", "\u{1B}P1$r48;2;1;2;3m\u{1B}\\\u{1B}[?1;2c"])
        func aTerminalThatReportsTheColourGetsTwentyFourBitColour(answer: String) throws {
            let (pty, frame) = try colorboard(answering: answer)
            // Midnight (26, 26, 112) drawn exactly, not as the nearest of 256.
            #expect(frame.contains("48:2::26:26:112m"), "\(frame.debugDescription)")
            #expect(!frame.contains("48;5;"))
            // The answer never reached the app as keys: the palette is still the first screen.
            try pty.type("q")
            #expect(try pty.waitForExit(timeout: 10).status == 0)
        }

        /// The browser page's terminal, named by the server: its answers are known, so the app
        /// asks nothing and draws at once, in 256 colours, frames unwrapped.
        @Test func theBrowserPagesTerminalIsAskedNothing() throws {
            let pty = try app.launchOnPseudoTerminal(
                ["run", "colorboard", "--fresh"], environment: ["TERM_PROGRAM": "xterm.js", "TERM_PROGRAM_VERSION": "3.8.1"])
            try pty.waitForOutput("the palette") { $0.contains("Midnight") && $0.contains("quit") }
            let output = String(decoding: pty.output, as: UTF8.self)
            #expect(!output.contains("\u{1B}[c") && !output.contains("\u{1B}P$q") && !output.contains("2026$p"), "\(output.prefix(200).debugDescription)")
            #expect(output.contains("48;5;17m"), "Midnight as the nearest of 256")
            #expect(!output.contains("\u{1B}[?2026h"))
            try pty.type("q")
            #expect(try pty.waitForExit(timeout: 10).status == 0)
        }

        @Test func aTerminalThatOnlyAnswersDeviceAttributesStaysAt256ColoursWithoutWaiting() throws {
            let start = Date()
            let (pty, frame) = try colorboard(answering: "\u{1B}[?1;2c")
            #expect(frame.contains("48;5;17m"), "Midnight as the nearest of 256: \(frame.debugDescription)")
            #expect(!frame.contains("48:2::"))
            #expect(!frame.contains("\u{1B}[?2026h"), "no word on mode 2026: frames are not wrapped")
            print("drill: colour query answered with DA1 only: palette after \(String(format: "%.3f", Date().timeIntervalSince(start))) s")
            try pty.type("q")
            #expect(try pty.waitForExit(timeout: 10).status == 0)
        }

        @Test func aTerminalThatNeverAnswersStillGetsItsFrameAndALateAnswerTypesNothing() throws {
            let (pty, frame) = try colorboard(answering: nil)
            #expect(frame.contains("48;5;17m"), "\(frame.debugDescription)")
            #expect(!frame.contains("\u{1B}[?2026h"))
            // Red's editor, its name field taking text: an answer read as keys would be typed there.
            var mark = pty.output.count
            try pty.type("\r")
            try pty.waitForOutput("Red's editor", after: mark) { $0.contains("#FF0000") }
            mark = pty.output.count
            try pty.type("\u{1B}P1$r0;48:2::1:2:3m\u{1B}\\\u{1B}[?62;22c")
            try pty.type("Z")
            try pty.waitForOutput("the Z typed after the late answer", after: mark) { $0.contains("Z") }
            let typed = String(decoding: pty.output[mark...], as: UTF8.self)
            #expect(!typed.contains("$r") && !typed.contains("48:2"), "\(typed.debugDescription)")
            pty.send(signal: SIGTERM)
            #expect(try pty.waitForExit(timeout: 10).status == 128 + SIGTERM)
        }

        @Test func aTerminalThatKnowsModeTwentyTwentySixGetsEveryFrameInOnePiece() throws {
            let (pty, frame) = try colorboard(
                answering: "\u{1B}P1$r48;2;1;2;3m\u{1B}\\\u{1B}[?2026;2$y\u{1B}[?62;22c", frameEnd: SynchronizedFrames.end)
            #expect(frame.contains("48:2::26:26:112m"))
            // The first frame is wrapped: its text between a begin and the end after it.
            let text = try #require(frame.range(of: "Midnight"))
            let begin = try #require(frame.range(of: SynchronizedFrames.begin, options: .backwards, range: frame.startIndex..<text.lowerBound))
            let end = try #require(frame.range(of: SynchronizedFrames.end, range: text.upperBound..<frame.endIndex))
            #expect(!frame[begin.upperBound..<end.lowerBound].contains(SynchronizedFrames.end), "\(frame.debugDescription)")
            // Every frame after: the next key's is wrapped too, and nothing is written outside a frame.
            let mark = pty.output.count
            try pty.type("\u{1B}[B")
            try pty.waitForOutput("the next frame", after: mark) { $0.contains(SynchronizedFrames.end) }
            let next = String(decoding: pty.output[mark...], as: UTF8.self)
            #expect(next.hasPrefix(SynchronizedFrames.begin) && next.contains(SynchronizedFrames.end), "\(next.debugDescription)")
            try pty.type("q")
            #expect(try pty.waitForExit(timeout: 10).status == 0)
        }
    }
}

/// The sequences that wrap a frame (DECSET and DECRST 2026).
enum SynchronizedFrames {
    static let begin = "\u{1B}[?2026h"
    static let end = "\u{1B}[?2026l"
}
