import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The real binary in a real pseudo-terminal (tmux): launch, navigate, resize, suspend,
    /// quit, and the terminal as it was before.
    @Suite struct TerminalEndToEndTests {
        let binary: String
        let dataDirectory: URL

        init() throws {
            binary = try BuiltProduct.url(named: "storyboard").path
            dataDirectory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-e2e-\(UUID().uuidString)")
        }

        /// An interactive shell in tmux that records the terminal modes, then runs the app as
        /// its foreground job (as a person would, so Ctrl-Z and `fg` work on the app itself).
        func shellSession(_ arguments: String, width: Int = 80, height: Int = 24) throws -> Tmux {
            let tmux = try Tmux(command: "bash --norc --noprofile -i", width: width, height: height)
            try tmux.type("PS1='$ '; stty -g > \(dataDirectory.path)-before")
            try tmux.send("Enter")
            try tmux.waitFor("the prompt") { $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == "$" } }
            try tmux.type("\(binary) \(arguments) --data-dir \(dataDirectory.path)")
            try tmux.send("Enter")
            return tmux
        }

        /// Waits for the shell to get the terminal back after the app ends, records the modes,
        /// and returns the app's exit status.
        func waitForExit(_ tmux: Tmux) throws -> Int {
            try tmux.waitFor("the shell prompt after the app") { screen in
                screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.trimmingCharacters(in: .whitespaces) == "$"
            }
            try tmux.type("echo app-exit-$?; stty -g > \(dataDirectory.path)-after")
            try tmux.send("Enter")
            let screen = try tmux.waitFor("the exit status") { $0.range(of: #"app-exit-[0-9]+"#, options: .regularExpression) != nil }
            let match = screen.range(of: #"app-exit-[0-9]+"#, options: .regularExpression).map { String(screen[$0]) } ?? ""
            return Int(match.dropFirst("app-exit-".count)) ?? -1
        }

        func modesRestored() throws -> Bool {
            // The shell writes the file just after it prints the exit status: wait until its
            // one line is complete.
            let deadline = Date().addingTimeInterval(5)
            func readAfter() -> String { (try? String(contentsOfFile: dataDirectory.path + "-after", encoding: .utf8)) ?? "" }
            while !readAfter().hasSuffix("\n"), Date() < deadline { usleep(10_000) }
            let before = try String(contentsOfFile: dataDirectory.path + "-before", encoding: .utf8)
            let after = readAfter()
            return before == after && !before.isEmpty
        }

        @Test func addingADailyBuzzSessionWithTheKeysAPersonWouldPress() throws {
            let tmux = try shellSession("run dailybuzz --fresh")
            try tmux.waitForScreen(DailyBuzzEndToEndTests.list, masking: Tmux.dateAndTime)
            try tmux.send("+")
            try tmux.waitForScreen(DailyBuzzEndToEndTests.form, masking: Tmux.dateAndTime)
            try tmux.type("203")
            try tmux.send("Down")
            try tmux.send("Enter")
            try tmux.waitForScreen(DailyBuzzEndToEndTests.coffees, masking: Tmux.dateAndTime)
            // Kenya AA is the fifth coffee, alphabetically.
            try tmux.send("Down", "Down", "Down", "Down", "Enter")
            try tmux.waitForScreen(DailyBuzzEndToEndTests.formWithKenyaAt203, masking: Tmux.dateAndTime)
            try tmux.send("C-s")
            // The sheet dissolves away over a few frames: wait for the list itself, the new
            // session on top.
            try tmux.waitForScreen(DailyBuzzEndToEndTests.listWithKenyaAt203, masking: Tmux.dateAndTime)
            try tmux.send("q")
            #expect(try waitForExit(tmux) == 0)
            #expect(try modesRestored())
        }

        @Test func resizeSuspendAndResume() throws {
            let tmux = try shellSession("run colorboard --fresh")
            let palette = ColorboardEndToEndTests.palette
            try tmux.waitForScreen(palette)
            try tmux.resize(width: 50, height: 12)
            try tmux.waitForScreen([
                "                      Colors                     +",
                "──────────────────────────────────────────────────",
                "    Red                                         ›",
                "    Green                                       ›",
                "    Blue                                        ›",
                "    Midnight                                    ›",
                "",
                "",
                "",
                "",
                "",
                " +  add   d  Delete   ↑↓  move   Enter  open",
            ])
            try tmux.resize(width: 12, height: 4)
            try tmux.waitForScreen([
                "",
                " Too small",
                " need 20×6",
            ])
            try tmux.resize(width: 80, height: 24)
            try tmux.waitForScreen(palette)
            try tmux.send("C-z")
            try tmux.waitFor(text: "Stopped")
            try tmux.type("stty -g > \(dataDirectory.path)-suspended; fg")
            try tmux.send("Enter")
            // A full repaint: the screen is exactly as it was, none of the shell's lines left.
            try tmux.waitForScreen(palette)
            let suspended = try String(contentsOfFile: dataDirectory.path + "-suspended", encoding: .utf8)
            let before = try String(contentsOfFile: dataDirectory.path + "-before", encoding: .utf8)
            #expect(suspended == before)
            try tmux.send("q")
            #expect(try waitForExit(tmux) == 0)
            #expect(try modesRestored())
        }

        @Test func hangUpEndsPromptlyAndKeepsTheEdit() throws {
            let tmux = try Tmux(command: "exec \(binary) run colorboard --fresh --data-dir \(dataDirectory.path)")
            try tmux.waitForScreen(ColorboardEndToEndTests.palette)
            try tmux.send("Enter")
            try tmux.waitForScreen(ColorboardEndToEndTests.redsEditor)
            try tmux.send("C-u")
            try tmux.type("Hung up")
            try tmux.waitForScreen(ColorboardEndToEndTests.editor(named: "Hung up"))
            let pid = try #require(try tmux.panePID())
            let start = Date()
            kill(pid, SIGHUP)
            try tmux.waitFor("the program to end", timeout: 5) { _ in (try? tmux.paneDead()) == true }
            #expect(Date().timeIntervalSince(start) < 2.5)
            let check = try Tmux.run([binary, "render", "colorboard", "--data-dir", dataDirectory.path])
            #expect(check.output.contains("Hung up"), "\(check.output)")
        }

        @Test func aCrashRestoresTheTerminal() throws {
            let errors = dataDirectory.path + "-stderr"
            let tmux = try shellSession("run colorboard --fresh 2>\(errors)")
            try tmux.waitFor(text: "Colors")
            // A crash from inside looks like this signal from outside: the handler restores the
            // terminal, then the signal takes its course.
            let target = try #require(try TerminalApp.jobPID(in: tmux))
            let start = Date()
            kill(target, SIGSEGV)
            while kill(target, 0) == 0, Date().timeIntervalSince(start) < 10 { usleep(2_000) }
            let seconds = Date().timeIntervalSince(start)
            print("drill: crash (SIGSEGV): exit after \(String(format: "%.3f", seconds)) s")
            #expect(seconds < 2, "the backtrace is printed, not waited on")
            #expect(try waitForExit(tmux) == 128 + Int(SIGSEGV))
            #expect(try modesRestored())
            let report = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            #expect(report.contains("crashed"), "a backtrace on standard error: \(report.prefix(300))")
            // Printed last: the backtracer finished, rather than being left waiting on a
            // process that is gone (it did, while it still had registers to print).
            #expect(report.contains("Backtrace took"), "the backtrace is complete: \(report.suffix(300))")
        }

        @Test func notATerminalIsOneClearLineAndExitTwo() throws {
            let output = dataDirectory.path + "-stdout"
            _ = try Tmux.run(["sh", "-c", "\(binary) run dailybuzz --data-dir \(dataDirectory.path) </dev/null >\(output) 2>/dev/null"])
            let written = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()
            #expect(!written.contains(0x1B))
            let direct = try Tmux.run(["sh", "-c", "\(binary) run dailybuzz --data-dir \(dataDirectory.path) </dev/null >/dev/null; echo $?"])
            #expect(direct.output.hasSuffix("2\n"), "\(direct.output)")
            let stderr = try Tmux.run(["sh", "-c", "\(binary) run dailybuzz --data-dir \(dataDirectory.path) </dev/null 2>&1 >/dev/null"])
            #expect(stderr.output.split(separator: "\n").count == 1)
            #expect(stderr.output.contains("terminal"), "\(stderr.output)")
        }

        /// Standard input a terminal but standard output a pipe (`storyboard run … | cat`).
        @Test func outputIntoAPipeIsOneClearLineAndExitTwo() throws {
            let script = URL(fileURLWithPath: dataDirectory.path + "-pipe.sh")
            let output = dataDirectory.path + "-piped"
            let errors = dataDirectory.path + "-errors"
            try """
                [ -t 0 ] || echo "standard input is not a terminal"
                \(binary) run dailybuzz --data-dir \(dataDirectory.path) 2>\(errors) | cat >\(output)
                echo "status=${PIPESTATUS[0]}"
                """.write(to: script, atomically: true, encoding: .utf8)
            let result = try Tmux.run(["script", "-qec", "bash \(script.path)", "/dev/null"])
            #expect(result.output.contains("status=2"), "\(result.output)")
            #expect(!result.output.contains("not a terminal"), "the drill needs a terminal on stdin")
            let written = (try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data([0])
            #expect(written.isEmpty, "nothing on the pipe: \(String(decoding: written, as: UTF8.self).debugDescription)")
            let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            #expect(message.split(separator: "\n").count == 1 && message.contains("terminal"), "\(message)")
            #expect(!message.contains("\u{1B}"))
        }

        /// A TERM this machine has no terminfo entry for (a terminal newer than its database, as
        /// over ssh) runs with the nearest entry there is, and says so once on the status line.
        @Test(arguments: ["nonexistent-terminal", "xterm-ghostty"])
        func anUnknownTermFallsBackToXtermAndSaysSo(term: String) throws {
            let tmux = try Tmux(
                command: "TERM=\(term) \(binary) run colorboard --fresh --data-dir \(dataDirectory.path)",
                environment: ["TERM": term])
            let screen = try tmux.waitFor(text: "has no terminfo entry here")
            #expect(screen.contains("Colors"), "\(screen)")
            // The notice is wrapped, not cut: read it across its lines.
            let words = screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
            #expect(words.contains("TERM \(term) has no terminfo entry here: drawing as xterm"), "\(screen)")
            // The first key clears the notice, as every status line.
            try tmux.send("Down")
            try tmux.waitFor("the notice gone") { !$0.contains("terminfo") && $0.contains("Colors") }
            try tmux.send("q")
            try tmux.waitFor("the app to end") { _ in (try? tmux.paneDead()) == true }
        }

        @Test(arguments: ["dumb", ""])
        func anUnusableTermIsAClearMessage(term: String) throws {
            let result = try Tmux.run(["sh", "-c", "script -qec '\(term.isEmpty ? "env -u TERM" : "env TERM=\(term)") \(binary) run dailybuzz --data-dir \(dataDirectory.path); echo status=$?' /dev/null"])
            #expect(result.output.contains("status=2"), "\(result.output)")
            #expect(result.output.contains("TERM") || result.output.contains("terminal"), "\(result.output)")
            // Nothing of curses was started: no escape sequence reached the terminal.
            #expect(!result.output.contains("\u{1B}"), "\(result.output.debugDescription)")
        }
    }
}
