import Foundation
import Glibc
import Testing
import TestSupport
@testable import TUI

extension NcursesTerminalTests {
    /// The real back end on a pseudo-terminal this test holds as the terminal emulator: the
    /// start-up questions and synchronized frames, the clipboard, and recording. One terminal at
    /// a time (curses has one screen): serialized with the rest of `NcursesTerminalTests`.
    @Suite struct OnAPseudoTerminal {
        /// The environment of a terminal known to take 24-bit colour, so only mode 2026 is asked.
        static let trueColorTerminal = ["TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8"]
        static let question = "\u{1B}[?2026$p\u{1B}[c"

        static func frame(_ text: String, size: Size = Size(width: 80, height: 24)) -> CellBuffer {
            var buffer = CellBuffer(size: size)
            buffer.put(text, at: Point(x: 2, y: 3), style: Style(foreground: .green, attributes: [.bold]))
            return buffer
        }

        @Test func aTerminalThatKnowsModeTwentyTwentySixGetsEveryFrameWrapped() throws {
            let pty = try PseudoTerminalPair()
            let terminal = try NcursesTerminal(environment: Self.trueColorTerminal, input: pty.slave, output: pty.slave)
            defer { terminal.shutdown() }
            // The screen is set up when the mouse and paste modes are on; the first frame clears it.
            let start = try pty.waitForOutput("the question and the screen set up") {
                $0.contains(Self.question) && $0.contains("\u{1B}[?2004h")
            }
            // Asked once, while the screen was set up, and nothing waited for the answer.
            #expect(start.components(separatedBy: Self.question).count == 2, "\(start.debugDescription)")
            #expect(!terminal.synchronizesFrames)

            try pty.type("\u{1B}[?2026;2$y\u{1B}[?62;22cx")
            #expect(terminal.readKey() == .char("x"), "the answer is no key; x is")
            #expect(terminal.synchronizesFrames)
            let mark = pty.output.count
            terminal.draw(Self.frame("Kenya AA"))
            let written = try pty.waitForOutput("the frame", from: mark) { $0.contains("\u{1B}[?2026l") }
            let begin = try #require(written.range(of: SynchronizedOutput.begin))
            let clear = try #require(written.range(of: "\u{1B}[H\u{1B}[2J") ?? written.range(of: "\u{1B}[H\u{1B}[J"), "the first frame clears the screen")
            #expect(begin.upperBound <= clear.lowerBound)
            let text = try #require(written.range(of: "Kenya AA"))
            let end = try #require(written.range(of: SynchronizedOutput.end))
            #expect(written.hasPrefix(SynchronizedOutput.begin) && begin.upperBound <= text.lowerBound && text.upperBound <= end.lowerBound)
            #expect(written.hasSuffix(SynchronizedOutput.end), "nothing of the frame after the end: \(written.debugDescription)")
        }

        @Test func aTerminalThatDoesNotAnswerDrawsAtOnceAndUnwrapped() throws {
            let pty = try PseudoTerminalPair()
            let terminal = try NcursesTerminal(environment: Self.trueColorTerminal, input: pty.slave, output: pty.slave)
            defer { terminal.shutdown() }
            // The frame is drawn with no answer at all: the question holds nothing back.
            terminal.draw(Self.frame("House Blend"))
            let written = try pty.waitForOutput("the frame") { $0.contains("House Blend") }
            #expect(written.contains(Self.question))
            #expect(!written.contains(SynchronizedOutput.begin), "\(written.debugDescription)")
            // An answer of DA1 alone says nothing of the mode: still unwrapped.
            try pty.type("\u{1B}[?1;2cy")
            #expect(terminal.readKey() == .char("y"))
            let mark = pty.output.count
            terminal.draw(Self.frame("Kenya AA"))
            let next = try pty.waitForOutput("the next frame", from: mark) { $0.contains("Kenya AA") }
            #expect(!terminal.synchronizesFrames && !next.contains("2026"), "\(next.debugDescription)")
        }

        @Test(.enabled(if: Terminfo.has("xterm-direct"), "no xterm-direct terminfo entry (apt-get install ncurses-term)"))
        func withTheColourQuestionBothAreAskedInOneRoundTrip() throws {
            let pty = try PseudoTerminalPair()
            let master = pty.master
            // The terminal answers from another thread while the app waits for it.
            let answerer = Thread {
                var seen: [UInt8] = []
                let deadline = Date().addingTimeInterval(10)
                while Date() < deadline, !String(decoding: seen, as: UTF8.self).contains("\u{1B}[c") {
                    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                    guard poll(&descriptor, 1, 20) > 0 else { continue }
                    var buffer = [UInt8](repeating: 0, count: 4096)
                    let count = Glibc.read(master, &buffer, buffer.count)
                    if count > 0 { seen += buffer[0..<count] }
                }
                let asked = String(decoding: seen, as: UTF8.self)
                guard asked.contains("\u{1B}P$qm") && asked.contains("\u{1B}[?2026$p\u{1B}[c") else { return }
                let answer = Array("\u{1B}P1$r0;48:2::1:2:3m\u{1B}\\\u{1B}[?2026;1$y\u{1B}[?62;22c".utf8)
                _ = answer.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            }
            answerer.start()
            let terminal = try NcursesTerminal(
                environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"], input: pty.slave, output: pty.slave)
            defer { terminal.shutdown() }
            #expect(terminal.colorDepth == .trueColor && terminal.terminalType == "xterm-direct")
            #expect(terminal.synchronizesFrames)
            let mark = pty.read(waiting: 50).utf8.count
            terminal.draw(Self.frame("Midnight"))
            let written = try pty.waitForOutput("the frame", from: mark) { $0.contains("\u{1B}[?2026l") }
            #expect(written.hasPrefix(SynchronizedOutput.begin), "\(written.debugDescription)")
            // Asked once (the answering thread read that), not again after the screen was set up.
            #expect(!pty.read().contains("?2026$p"))
        }

        @Test func aCopyGoesToTheClipboardAsOSCFiftyTwo() throws {
            let pty = try PseudoTerminalPair()
            let terminal = try NcursesTerminal(environment: Self.trueColorTerminal, input: pty.slave, output: pty.slave)
            defer { terminal.shutdown() }
            let mark = pty.read(waiting: 50).utf8.count
            let text = "Kenya AA\n205 °F 🧑‍🌾"
            #expect(terminal.copyToClipboard(text))
            let written = try pty.waitForOutput("the copy", from: mark) { $0.contains("\u{1B}\\") }
            let expected = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{1B}\\"
            #expect(written == expected, "\(written.debugDescription)")
            #expect(!terminal.copyToClipboard(String(repeating: "a", count: ClipboardSequence.maximumBytes + 1)))
        }

        @Test func aRecordingHoldsWhatWasWrittenFromTheFirstFrameToTheLastWithTheResize() throws {
            let directory = try ScratchDirectory()
            let path = directory.url.appendingPathComponent("session.cast").path
            let pty = try PseudoTerminalPair()
            let recorder = try AsciicastRecorder(path: path, title: "Test")
            let terminal = try NcursesTerminal(
                environment: Self.trueColorTerminal, recorder: recorder, input: pty.slave, output: pty.slave)
            terminal.draw(Self.frame("House Blend"))
            try pty.waitForOutput("the first frame") { $0.contains("House Blend") }
            try pty.resize(width: 100, height: 30)
            // Some thread of the process takes the signal and its handler tells the terminal's
            // pipe; the terminal waits on it (bounded, so a lost signal fails rather than hangs).
            kill(getpid(), SIGWINCH)
            #expect(terminal.hasKey(within: .seconds(10)))
            #expect(terminal.readKey() == .resize && terminal.size == Size(width: 100, height: 30))
            terminal.draw(Self.frame("Kenya AA", size: Size(width: 100, height: 30)))
            try pty.waitForOutput("the second frame") { $0.contains("Kenya AA") }
            terminal.shutdown()
            let everything = pty.read(waiting: 50)

            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
            #expect(header["version"] as? Int == 2 && header["width"] as? Int == 80 && header["height"] as? Int == 24)
            #expect(header["title"] as? String == "Test" && (header["env"] as? [String: String])?["TERM"] == "xterm-256color")
            #expect(header["timestamp"] is Int)
            var times: [Double] = []
            var output = ""
            var screen = ANSIScreen(width: 80, height: 24)
            var resizes: [String] = []
            for line in lines.dropFirst() {
                let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
                times.append(try #require((event[0] as? NSNumber)?.doubleValue))
                let data = try #require(event[2] as? String)
                switch event[1] as? String {
                case "o":
                    output += data
                    screen.feed(data)
                case "r":
                    resizes.append(data)
                    #expect(output.contains("House Blend") && !output.contains("Kenya AA"), "the resize comes between the frames")
                    screen.resize(width: 100, height: 30)
                default: Issue.record("unknown event \(line)")
                }
            }
            #expect(times == times.sorted() && times.first.map { $0 >= 0 } == true)
            #expect(resizes == ["100x30"])
            // Exactly what reached the terminal, from the first frame to the last one.
            #expect(everything.contains(output), "the recording is a piece of what was written")
            #expect(output.contains("House Blend") && output.contains("Kenya AA"))
            #expect(!output.contains("\u{1B}[?1049l"), "the way out of the screen is not recorded")
            #expect(output.contains("\u{1B}[?1000l\u{1B}") && output.hasSuffix("\u{1B}[?25h"), "the modes are given back: \(output.suffix(60).debugDescription)")
            #expect(!output.contains("2026$p") && !output.contains("\u{1B}[c"), "nor the questions, which a replay would ask the viewer's terminal")
            #expect(everything.contains("\u{1B}[?1049l"), "but it reached the terminal")
            // Played back, it ends on the last frame.
            #expect(screen.lines == Self.frame("Kenya AA", size: Size(width: 100, height: 30)).lines)
            #expect(recorder.failure == nil && !recorder.isRecording)
        }

        @Test func aRecordingFileThatCannotBeMadeIsOneClearErrorAndAnAbandonedOneIsRemoved() throws {
            let directory = try ScratchDirectory()
            #expect(throws: RecordingError.self) { try AsciicastRecorder(path: directory.url.path, title: nil) }
            do {
                _ = try AsciicastRecorder(path: directory.url.appendingPathComponent("no/such/dir.cast").path, title: nil)
                Issue.record("a file in a missing directory was made")
            } catch {
                #expect(error.description.contains("No such file or directory"), "\(error)")
            }
            let fresh = directory.url.appendingPathComponent("fresh.cast").path
            try AsciicastRecorder(path: fresh, title: nil).abandon()
            #expect(!FileManager.default.fileExists(atPath: fresh))
            let kept = directory.url.appendingPathComponent("kept.cast")
            try Data("earlier".utf8).write(to: kept)
            try AsciicastRecorder(path: kept.path, title: nil).abandon()
            #expect(try String(contentsOf: kept, encoding: .utf8) == "earlier", "an existing file is left as it was")
        }
    }
}

/// A directory of its own under the temporary directory, removed at the end.
final class ScratchDirectory {
    let url: URL

    init() throws {
        url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("tui-test-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
