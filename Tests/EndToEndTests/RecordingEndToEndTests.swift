import Foundation
import Testing
import TestSupport

/// A session's recording, read as a player reads it.
struct Recording {
    var header: [String: Any]
    var events: [(time: Double, kind: String, data: String)]

    /// Reads an asciicast v2 file, checking as it goes what every player relies on: a JSON
    /// header of version 2 with the size, then one JSON event a line, in time order, each
    /// `o` or `r`, every `r` of the form COLSxROWS.
    init(contentsOf url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        try self.init(text: text, sourceLocation: sourceLocation)
    }

    init(text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        #expect(text.hasSuffix("\n"), "every line ends", sourceLocation: sourceLocation)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let first = try #require(lines.first, sourceLocation: sourceLocation)
        header = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any], sourceLocation: sourceLocation)
        #expect(header["version"] as? Int == 2, sourceLocation: sourceLocation)
        #expect((header["width"] as? Int ?? 0) > 0 && (header["height"] as? Int ?? 0) > 0, sourceLocation: sourceLocation)
        events = []
        for line in lines.dropFirst() {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], sourceLocation: sourceLocation)
            let time = try #require((event[0] as? NSNumber)?.doubleValue, sourceLocation: sourceLocation)
            let kind = try #require(event[1] as? String, sourceLocation: sourceLocation)
            let data = try #require(event[2] as? String, sourceLocation: sourceLocation)
            #expect(event.count == 3 && ["o", "r"].contains(kind), "\(line)", sourceLocation: sourceLocation)
            if kind == "r" {
                #expect(data.range(of: #"^[0-9]+x[0-9]+$"#, options: .regularExpression) != nil, "\(line)", sourceLocation: sourceLocation)
            }
            #expect(time >= (events.last?.time ?? 0), "times never go back: \(line)", sourceLocation: sourceLocation)
            events.append((time, kind, data))
        }
    }

    /// Everything written, in order.
    var output: String { events.filter { $0.kind == "o" }.map(\.data).joined() }

    /// The screen at the end, played on `ANSIScreen` (resizes included).
    var finalScreen: [String] {
        var screen = ANSIScreen(width: header["width"] as? Int ?? 80, height: header["height"] as? Int ?? 24)
        for event in events {
            if event.kind == "r" {
                let parts = event.data.split(separator: "x").compactMap { Int($0) }
                screen.resize(width: parts[0], height: parts[1])
            } else {
                screen.feed(event.data)
            }
        }
        return screen.lines
    }
}

extension EndToEnd {
    /// Recordings of live sessions (`run --record`), headless ones (`render --format cast`)
    /// and served ones (`serve --record-dir`), and what never goes into one.
    @Suite struct RecordingEndToEndTests {
        let app: TerminalApp
        let directory: URL

        init() throws {
            app = try TerminalApp()
            directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("recordings-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        /// The corpus's login screen, whose password field is a secure one.
        static let loginFlow = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Corpus/LoginFlow.storyboard").path
        static let password = "Sw0rdfish!"

        /// Rows with their trailing blanks cut, for comparing screens.
        static func trimmed(_ lines: [String]) -> [String] {
            var rows = lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
            while rows.last == "" { rows.removeLast() }
            return rows
        }

        @Test func aLiveRecordingReplaysToTheScreenTheAppShowed() throws {
            let file = directory.appendingPathComponent("colorboard.cast")
            let tmux = try app.launch("run colorboard --fresh --record \(file.path)")
            try tmux.waitFor(text: "Midnight")
            try tmux.send("Down")
            try tmux.send("Enter")
            try tmux.waitFor("Green's editor") { $0.contains("#00FF00") && $0.contains("Blue") }
            try tmux.send("Escape")
            try tmux.waitFor("the palette again") { $0.contains("Midnight") && !$0.contains("#00FF00") }
            try tmux.send("Enter")
            // The footer is drawn last: a screen caught mid-frame still has the palette's.
            let last = try tmux.waitFor("Green's editor again") { $0.contains("#00FF00") && $0.contains("next field") }
            // Ctrl-C ends it as SIGINT does (130), and the recording is whole all the same.
            try tmux.send("C-c")
            #expect(try app.waitForExit(tmux) == 130)

            let recording = try Recording(contentsOf: file)
            #expect(recording.header["width"] as? Int == 80 && recording.header["height"] as? Int == 24)
            #expect(recording.header["title"] as? String == "Colorboard")
            #expect((recording.header["env"] as? [String: String])?["TERM"] == "tmux-256color")
            #expect(recording.header["timestamp"] is Int)
            // Four screens were waited for, each after a key of its own; keys sent together
            // (Down then Enter) may share a burst, and a burst of writes is one event.
            #expect(recording.events.count >= 4, "a burst of writes is one event: \(recording.events.count)")
            // Replayed in a terminal of the same kind, it ends on the screen the app showed.
            let bytes = directory.appendingPathComponent("output")
            try Data(recording.output.utf8).write(to: bytes)
            let replay = try Tmux(command: "cat \(bytes.path); exec sleep 600")
            let replayed = try replay.waitFor("the replay") { $0.contains("#00FF00") && $0.contains("next field") }
            #expect(Self.trimmed(replayed.components(separatedBy: "\n")) == Self.trimmed(last.components(separatedBy: "\n")))
            #expect(Self.trimmed(recording.finalScreen) == Self.trimmed(last.components(separatedBy: "\n")))
            // The way out of the screen is not part of it.
            #expect(!recording.output.contains("\u{1B}[?1049l"))
        }

        @Test func aResizeIsARecordedEventAndTheFramesAfterItAreForTheNewSize() throws {
            let file = directory.appendingPathComponent("resized.cast")
            let tmux = try app.launch("run colorboard --fresh --record \(file.path)")
            try tmux.waitFor(text: "Midnight")
            try tmux.resize(width: 60, height: 15)
            // The whole 60-column frame: tmux keeps the old rows where the new frame has not
            // reached yet, so the rule, the centred title and a row's chevron are each waited for.
            let small = try tmux.waitFor("a 60-column frame") { screen in
                let lines = screen.components(separatedBy: "\n")
                return lines.dropFirst().first.map { $0.filter { $0 == "─" }.count == 60 } == true
                    && lines.first?.hasPrefix(String(repeating: " ", count: 27) + "Colors") == true
                    && lines.contains { $0.contains("Midnight") && $0.hasSuffix("›") }
            }
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)
            let recording = try Recording(contentsOf: file)
            let resizes = recording.events.filter { $0.kind == "r" }.map(\.data)
            #expect(resizes.last == "60x15", "\(resizes)")
            #expect(recording.events.last?.kind == "o", "a frame follows the resize")
            #expect(Self.trimmed(recording.finalScreen) == Self.trimmed(small.components(separatedBy: "\n")))
        }

        @Test func aBadRecordingPathIsOneLineAndTheTerminalIsNeverTaken() throws {
            let pty = try app.launchOnPseudoTerminal(["run", "colorboard", "--record", directory.appendingPathComponent("no/such/file.cast").path])
            #expect(try pty.waitForExit(timeout: 10).status == 2)
            #expect(pty.standardError.hasPrefix("storyboard: cannot record to "), "\(pty.standardError)")
            #expect(pty.standardError.contains("No such file or directory") && pty.standardError.hasSuffix("\n"))
            #expect(pty.output.isEmpty, "nothing written to the terminal: \(String(decoding: pty.output, as: UTF8.self).debugDescription)")
        }

        @Test func aSecureFieldsTextIsInNoRecordingNorOnAnyScreen() throws {
            // Typed, submitted (a status line), the trace and the overview shown, then quit.
            let file = directory.appendingPathComponent("login.cast")
            let tmux = try app.launch("run \(Self.loginFlow) --record \(file.path)")
            try tmux.waitFor(text: "Quayside")
            try tmux.type("ada@example.com")
            try tmux.send("Tab")
            try tmux.type(Self.password)
            try tmux.waitFor("the bullets") { $0.contains(String(repeating: "•", count: Self.password.count)) }
            try tmux.send("Tab")
            try tmux.send("Enter")
            try tmux.waitFor(text: "no code for loginTapped:")
            try tmux.type("t")
            try tmux.waitFor(text: "What just happened")
            try tmux.type("g")
            let overview = try tmux.capture()
            try tmux.send("Escape")
            // Ctrl-C ends it as SIGINT does (130), and the recording is whole all the same.
            try tmux.send("C-c")
            #expect(try app.waitForExit(tmux) == 130)
            let recorded = try String(contentsOf: file, encoding: .utf8)
            #expect(recorded.contains("ada@example.com"), "the ordinary field is recorded")
            for secret in [Self.password, "Sw0rd", "fish!"] {
                #expect(!recorded.contains(secret), "\(secret) in the recording")
                #expect(!overview.contains(secret))
            }

            let headless = try Tmux.run([
                app.binary, "render", Self.loginFlow, "--format", "cast", "--data-dir", app.dataDirectory.path,
                "--keys", "ada@example.com<Tab>\(Self.password)<Tab><Enter>tg",
            ])
            #expect(headless.status == 0, "\(headless.output)")
            #expect(headless.output.contains("•") && headless.output.contains("no code for loginTapped:"))
            for secret in [Self.password, "Sw0rd", "fish!"] { #expect(!headless.output.contains(secret)) }
        }

        @Test func theSameKeysGiveTheSameRecordingByteForByteAndItEndsOnTheRenderedScreen() throws {
            // Daily Buzz's sample brews are dated when the store is made: one store, two copies.
            let seeded = directory.appendingPathComponent("seeded")
            let made = try Tmux.run([app.binary, "render", "dailybuzz", "--data-dir", seeded.path])
            #expect(made.status == 0)
            let keys = "<Down><Down><Enter><Esc>+203<Down>"
            var outputs: [String] = []
            for copy in ["a", "b"] {
                let data = directory.appendingPathComponent(copy)
                try FileManager.default.copyItem(at: seeded, to: data)
                let result = try Tmux.run([
                    app.binary, "render", "dailybuzz", "--keys", keys, "--format", "cast", "--pace", "0.5", "--data-dir", data.path,
                ])
                #expect(result.status == 0, "\(result.output)")
                outputs.append(result.output)
            }
            #expect(outputs[0] == outputs[1])
            let recording = try Recording(text: outputs[0])
            #expect(recording.header["timestamp"] == nil && recording.header["title"] as? String == "DailyBuzz")
            // The first screen, a frame per key (typed digits a tenth of the pace apart), and the hold.
            #expect(recording.events.map(\.time) == [0, 0.5, 1, 1.5, 2, 2.5, 2.55, 2.6, 2.65, 3.15, 3.65])
            let text = try Tmux.run([
                app.binary, "render", "dailybuzz", "--keys", keys, "--data-dir", directory.appendingPathComponent("a").path,
            ])
            #expect(Self.trimmed(recording.finalScreen) == Self.trimmed(text.output.components(separatedBy: "\n")))

            let dated = try Tmux.run([app.binary, "render", "colorboard", "--format", "cast", "--timestamp", "--data-dir", seeded.path])
            #expect(try Recording(text: dated.output).header["timestamp"] is Int)
            let slow = try Tmux.run([app.binary, "render", "colorboard", "--format", "cast", "--pace", "0", "--data-dir", seeded.path])
            #expect(slow.status == 2 && slow.output.contains("--pace"), "\(slow.output)")
        }

        @Test(.enabled(if: ServeProcess.isAvailable, "the OpenSSH client is not installed (apt-get install openssh-client)"))
        func aServerWithARecordDirectoryRecordsEachSessionToAFileOfItsOwnAndSaysSo() throws {
            let recordings = directory.appendingPathComponent("sessions")
            let server = try ServeProcess(arguments: ["--record-dir", recordings.path])
            #expect(server.log.contains("recording every session"), "\(server.log)")
            for round in 1...2 {
                let tmux = try Tmux(
                    command: server.sshCommandLine(key: server.listedKey, extra: ["-t"], command: ["colorboard"]) + "; echo ssh-exit-$?; exec sleep 600")
                let screen = try tmux.waitFor("the notice on the first screen") { $0.contains("Midnight") && $0.contains("this session is recorded") }
                #expect(screen.contains("this session is recorded"))
                try tmux.send("q")
                try tmux.waitFor(text: "ssh-exit-0")
                try server.waitForNoSessions(timeout: 5)
                let files = try FileManager.default.contentsOfDirectory(atPath: recordings.path).sorted()
                #expect(files.count == round, "one file per session: \(files)")
            }
            let users = try FileManager.default.contentsOfDirectory(atPath: server.dataDirectory.appendingPathComponent("users").path)
            let fingerprint = try #require(users.first)
            let files = try FileManager.default.contentsOfDirectory(atPath: recordings.path).sorted()
            for name in files {
                #expect(name.range(of: #"^[0-9]{8}T[0-9]{6}Z-"# + NSRegularExpression.escapedPattern(for: fingerprint) + #"(-[0-9]+)?\.cast$"#,
                                   options: .regularExpression) != nil, "\(name)")
                let url = recordings.appendingPathComponent(name)
                let recording = try Recording(contentsOf: url)
                #expect(recording.output.contains("this session is recorded") && recording.output.contains("Midnight"))
                let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
                #expect((attributes[.posixPermissions] as? Int) == 0o600)
            }
            #expect(server.log.components(separatedBy: "session recorded").count - 1 == 2, "\(server.log)")
            #expect(server.log.contains(files[0]), "the log names the file")

            // Off by default: no notice, nothing recorded.
            let plain = try ServeProcess()
            let tmux = try Tmux(
                command: plain.sshCommandLine(key: plain.listedKey, extra: ["-t"], command: ["colorboard"]) + "; echo ssh-exit-$?; exec sleep 600")
            let screen = try tmux.waitFor(text: "Midnight")
            #expect(!screen.contains("recorded") && !plain.log.contains("record"), "\(plain.log)")
            try tmux.send("q")
            try tmux.waitFor(text: "ssh-exit-0")
        }

        @Test func aRecordDirectoryThatCannotBeUsedStopsTheServerAtOnce() throws {
            let file = directory.appendingPathComponent("a-file")
            try Data().write(to: file)
            let result = try Tmux.run([app.binary, "serve", "--listen", "127.0.0.1:0", "--record-dir", file.path,
                                       "--data-dir", directory.appendingPathComponent("serve").path, "--open"])
            #expect(result.status == 2, "\(result.output)")
            #expect(result.output.contains("--record-dir") && result.output.contains("is not a directory"), "\(result.output)")
        }
    }
}

extension EndToEnd {
    /// `check`'s file names as OSC 8 links: on a terminal, never into a pipe unless asked.
    @Suite struct CheckHyperlinkEndToEndTests {
        static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Corpus/LoginFlow.storyboard").path

        @Test func onATerminalEachLocationLinksToItsFileAndIntoAPipeNothingDoes() throws {
            let app = try TerminalApp()
            var buffer = [CChar](repeating: 0, count: 256)
            gethostname(&buffer, 255)
            let hostName = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            func onTerminal(_ arguments: [String]) throws -> PseudoTerminalProcess {
                try PseudoTerminalProcess(
                    executable: app.binary, arguments: arguments, environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8"])
            }
            let pty = try onTerminal(["check", Self.file, "--strict"])
            _ = try pty.waitForExit(timeout: 10)
            let shown = String(decoding: pty.output, as: UTF8.self)
            let url = "file://" + (hostName.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~"))) ?? "")
                + Self.file
            #expect(shown.contains("\u{1B}]8;;\(url)\u{1B}\\\(Self.file):"), "\(shown.prefix(300).debugDescription)")
            // Every diagnostic is a link; the summary line after them names no place.
            let lines = shown.split(separator: "\r\n").filter { !$0.isEmpty && !$0.hasPrefix("checked ") }
            #expect(!lines.isEmpty && lines.allSatisfy { $0.hasPrefix("\u{1B}]8;;file://") && $0.contains("\u{1B}]8;;\u{1B}\\: ") })
            #expect(shown.contains("checked 1 file: "))

            let piped = try Tmux.run([app.binary, "check", Self.file, "--strict"])
            #expect(!piped.output.isEmpty && !piped.output.contains("\u{1B}"), "\(piped.output)")
            let forced = try Tmux.run([app.binary, "check", Self.file, "--strict", "--hyperlinks", "always"])
            #expect(forced.output.split(separator: "\n").count == piped.output.split(separator: "\n").count)
            #expect(forced.output.contains("\u{1B}]8;;file://"))

            let off = try onTerminal(["check", Self.file, "--strict", "--hyperlinks", "never"])
            _ = try off.waitForExit(timeout: 10)
            #expect(!String(decoding: off.output, as: UTF8.self).contains("\u{1B}"))
        }
    }
}
