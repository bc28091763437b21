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

        static let question = "\u{1B}[48;2;1;2;3m\u{1B}P$qm\u{1B}\\\u{1B}[m\u{1B}[c"

        /// Colorboard on a pseudo-terminal with TERM=xterm-256color and no COLORTERM; the test
        /// answers the question with `answer` (nil: never answers) and returns the terminal and
        /// the output from the first frame on.
        func colorboard(answering answer: String?) throws -> (PseudoTerminalProcess, String) {
            let pty = try app.launchOnPseudoTerminal(["run", "colorboard", "--fresh"])
            try pty.waitForOutput("the question about colour") { $0.contains(Self.question) }
            let asked = pty.output.count
            if let answer { try pty.type(answer) }
            try pty.waitForOutput("the palette", after: asked) { $0.contains("Midnight") && $0.contains("quit") }
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

        @Test func aTerminalThatOnlyAnswersDeviceAttributesStaysAt256ColoursWithoutWaiting() throws {
            let start = Date()
            let (pty, frame) = try colorboard(answering: "\u{1B}[?1;2c")
            #expect(frame.contains("48;5;17m"), "Midnight as the nearest of 256: \(frame.debugDescription)")
            #expect(!frame.contains("48:2::"))
            print("drill: colour query answered with DA1 only: palette after \(String(format: "%.3f", Date().timeIntervalSince(start))) s")
            try pty.type("q")
            #expect(try pty.waitForExit(timeout: 10).status == 0)
        }

        @Test func aTerminalThatNeverAnswersStillGetsItsFrameAndALateAnswerTypesNothing() throws {
            let (pty, frame) = try colorboard(answering: nil)
            #expect(frame.contains("48;5;17m"), "\(frame.debugDescription)")
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
    }
}
