import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `storyboard serve` reached with the real OpenSSH client: sessions, refusals, a crowd with
    /// half-open connections and garbage on the port, a crashed session, restarts, limits and
    /// shutdown. Interactive clients run in tmux or on a pseudo-terminal the test holds.
    @Suite(.enabled(if: ServeProcess.isAvailable, "the OpenSSH client is not installed (apt-get install openssh-client)"))
    struct ServeEndToEndTests {
        /// An interactive `ssh -t` in tmux; the pane prints `ssh-exit-N` when ssh ends.
        func client(
            _ server: ServeProcess, key: URL?, extra: [String] = [], command: [String] = [], width: Int = 80, height: Int = 24
        ) throws -> Tmux {
            let line = server.sshCommandLine(key: key, extra: ["-t"] + extra, command: command)
            return try Tmux(command: Self.keepingThePane(line), width: width, height: height)
        }

        /// `line`, then its exit status, then a wait that only ends with the test's tmux
        /// server: tmux 3.3 blanks a dead pane whose program used the alternate screen, so the
        /// pane stays alive to be read.
        static func keepingThePane(_ line: String) -> String {
            "\(line); echo ssh-exit-$?; exec sleep 600"
        }

        /// Waits for the pane's `ssh-exit-N` line and returns N.
        func sshExit(_ tmux: Tmux, timeout: Double = 15) throws -> Int {
            let pattern = #"ssh-exit-[0-9]+"#
            let screen = try tmux.waitFor("ssh to end", timeout: timeout) { $0.range(of: pattern, options: .regularExpression) != nil }
            let match = screen.range(of: pattern, options: .regularExpression).map { String(screen[$0]) } ?? ""
            return Int(match.dropFirst("ssh-exit-".count)) ?? -1
        }

        /// The launcher's first screen.
        static let launcher = [
            "                                  Storyboards",
            "────────────────────────────────────────────────────────────────────────────────",
            "  DEMOS",
            "  Daily Buzz                                                                 ›",
            "    A coffee brewing log (WWDC 2011)",
            "  Colorboard                                                                 ›",
            "    A colour picker with a palette",
            "  Segue Tour                                                                 ›",
            "    Every kind of segue, with what it does shown",
            "  Enter opens a storyboard; Esc in its first screen comes back here.",
            "",
            "  ACCESSIBILITY",
            "  Screen reader mode                                                       Off",
            "  For a screen reader or a braille display: the cursor follows the focus and a",
            "  line announces it. --screen-reader or STORYBOARD_SCREEN_READER=1 turn it on",
            "  for one run; turned on here, it stays on in the next runs until it is turned",
            "  off here.",
            "",
            "",
            "",
            "",
            "",
            "",
            " ↑↓  move   Enter  open   ?  help   q  quit",
        ]

        @Test func aListedKeyAddsADailyBuzzSessionResizesLeavesAndFindsItNextTime() throws {
            let server = try ServeProcess()
            let tmux = try client(server, key: server.listedKey)
            try tmux.waitForScreen(Self.launcher)
            try tmux.send("Enter")
            // Daily Buzz as run on its own but for the footer: Esc closes it back to the launcher.
            let footer = " +  add   d  Delete   Esc  close   ↑↓  move   Enter  open   ?  help"
            try tmux.waitForScreen(DailyBuzzEndToEndTests.list.replacing(row: 23, with: footer), masking: Tmux.dateAndTime)
            try tmux.send("+")
            try tmux.waitForScreen(DailyBuzzEndToEndTests.form, masking: Tmux.dateAndTime)
            try tmux.type("203")
            try tmux.send("Down")
            try tmux.send("Enter")
            try tmux.waitForScreen(DailyBuzzEndToEndTests.coffees, masking: Tmux.dateAndTime)
            try tmux.send("Down", "Down", "Down", "Down", "Enter")
            try tmux.waitForScreen(DailyBuzzEndToEndTests.formWithKenyaAt203, masking: Tmux.dateAndTime)
            try tmux.send("C-s")
            // The new session at the top.
            try tmux.waitForScreen(DailyBuzzEndToEndTests.listWithKenyaAt203.replacing(row: 23, with: footer), masking: Tmux.dateAndTime)

            // The window shrinks: the pty follows at once and the app draws for the new size.
            try tmux.resize(width: 60, height: 15)
            try tmux.waitForScreen([
                "                         Daily Buzz                        +",
                "────────────────────────────────────────────────────────────",
                " Kenya AA                 203 °F (95 °C)      ####-##-##… ›",
                " House Blend              200 °F (93 °C)      ####-##-##… ›",
                " Ethiopian Yirgacheffe    203 °F (95 °C)      ####-##-##… ›",
                " Kenya AA                 205 °F (96 °C)      ####-##-##… ›",
                " Sumatra Mandheling       198 °F (92 °C)      ####-##-##… ›",
                " Colombia Supremo         202 °F (94 °C)      ####-##-##… ›",
                " House Blend              201 °F (94 °C)      ####-##-##… ›",
                "",
                "",
                "",
                "",
                "",
                " +  add   d  Delete   Esc  close   ↑↓  move   Enter  open",
            ], masking: Tmux.dateAndTime + "|[0-9]{4}-[0-9]{2}-[0-9]{2}…")

            try tmux.send("Escape")
            try tmux.waitForScreen([
                "                        Storyboards",
                "────────────────────────────────────────────────────────────",
                "  DEMOS",
                "  Daily Buzz                                             ›",
                "    A coffee brewing log (WWDC 2011)",
                "  Colorboard                                             ›",
                "    A colour picker with a palette",
                "  Segue Tour                                             ›",
                "    Every kind of segue, with what it does shown",
                "  Enter opens a storyboard; Esc in its first screen comes",
                "  back here.",
                "",
                "  ACCESSIBILITY",
                "  Screen reader mode                                   Off",
                " ↑↓  move   Enter  open   ?  help   q  quit",
            ])
            try tmux.send("q")
            #expect(try sshExit(tmux) == 0)
            let gone = try server.waitForNoSessions(timeout: 2)
            print("drill: serve: session process gone \(String(format: "%.3f", gone)) s after ssh ended")
            let users = try FileManager.default.contentsOfDirectory(atPath: server.dataDirectory.appendingPathComponent("users").path)
            #expect(users.count == 1, "one directory for the one key: \(users)")

            let again = try client(server, key: server.listedKey, command: ["dailybuzz"])
            // The list with the session added last time.
            try again.waitForScreen(DailyBuzzEndToEndTests.listWithKenyaAt203, masking: Tmux.dateAndTime)
            try again.send("q")
            #expect(try sshExit(again) == 0)
            try server.waitForNoSessions(timeout: 2)
            #expect(server.log.contains("authentication accepted"), "\(server.log)")
            #expect(server.log.contains("session ended"), "\(server.log)")
        }

        @Test func theClientsLocaleAndNoColorReachTheSessionAndUTF8IsTheDefault() throws {
            let server = try ServeProcess()
            let asked = try client(server, key: server.listedKey, extra: ["-o", "SetEnv=LANG=C NO_COLOR=1"], command: ["colorboard"])
            try asked.waitForScreen([
                "                                     Colors                                    +",
                "--------------------------------------------------------------------------------",
                "    Red                                                                       >",
                "    Green                                                                     >",
                "    Blue                                                                      >",
                "    Midnight                                                                  >",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "! the locale is not UTF-8 (set LANG, e.g. C.UTF-8): drawing with ASCII",
                " +  add   d  Delete   ^v  move   Enter  open   ?  help   q  quit",
            ])
            let plain = try asked.captureWithEscapes()
            #expect(!plain.contains("48;5;") && !plain.contains("38;5;"), "no colour with NO_COLOR: \(plain.debugDescription)")
            let unasked = try client(server, key: server.listedKey, command: ["colorboard"])
            // UTF-8 when the client sends no locale.
            try unasked.waitForScreen(ColorboardEndToEndTests.palette)
            #expect(try unasked.captureWithEscapes().contains("48;5;"), "colour by default")
            for tmux in [asked, unasked] { try tmux.send("q") }
            for tmux in [asked, unasked] { #expect(try sshExit(tmux) == 0) }
        }

        @Test func anAppsFolderIsServedInEachClientsLanguage() throws {
            let server = try ServeProcess(arguments: [AppFixtures.harbor.path])
            let german = try client(server, key: server.listedKey, extra: ["-o", "SetEnv=LANG=de_DE.UTF-8"])
            try german.waitForScreen([
                "                                    Fahrplan",
                "────────────────────────────────────────────────────────────────────────────────",
                "    ABFAHRTEN",
                "    Morgenfähre                                                            ›",
                "    Abendfähre                                                             ›",
                "",
                "    REISENDE",
                "    Mein Konto                                                             ›",
                "    Fahrkarten werden auf diesem Gerät gespeichert.",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                " 1 Fahrplan   2 Einstellungen   3 Linien",
                " ↑↓  move   Enter  open   1-3  tab   ?  help   q  quit",
            ])
            // The storyboard's own texts.
            let unasked = try client(server, key: server.listedKey)
            try unasked.waitForScreen([
                "                                    Schedule",
                "────────────────────────────────────────────────────────────────────────────────",
                "    DEPARTURES",
                "    Morning ferry                                                          ›",
                "    Evening ferry                                                          ›",
                "",
                "    TRAVELLERS",
                "    My account                                                             ›",
                "    Tickets are kept on this device.",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                " 1 Schedule   2 Settings   3 Routes",
                " ↑↓  move   Enter  open   1-3  tab   ?  help   q  quit",
            ])
            for tmux in [german, unasked] { try tmux.send("q") }
            for tmux in [german, unasked] { #expect(try sshExit(tmux) == 0) }
            _ = try server.stop()
            // --locale decides for every session.
            let french = try ServeProcess(arguments: [AppFixtures.harbor.path, "--locale", "fr"])
            let anyone = try client(french, key: french.listedKey, extra: ["-o", "SetEnv=LANG=de_DE.UTF-8"])
            try anyone.waitForScreen([
                "                                    Horaires",
                "────────────────────────────────────────────────────────────────────────────────",
                "    DÉPARTS",
                "    Bac du matin                                                           ›",
                "    Bac du soir                                                            ›",
                "",
                "    VOYAGEURS",
                "    Mon compte                                                             ›",
                "    Les billets sont gardés sur cet appareil.",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                " 1 Horaires   2 Réglages   3 Lignes",
                " ↑↓  move   Enter  open   1-3  tab   ?  help   q  quit",
            ])
            try anyone.send("q")
            #expect(try sshExit(anyone) == 0)
        }

        @Test func everythingButAListedKeyAndAStoryboardIsRefused() throws {
            let server = try ServeProcess()

            let unlisted = try server.ssh(key: server.unlistedKey, extra: ["-tt"], command: ["colorboard"])
            #expect(unlisted.status == 255 && unlisted.output.contains("Permission denied (publickey)"), "\(unlisted)")
            // Passwords are not even offered: a client that would send one has nothing to send it to.
            let password = try server.ssh(key: nil, extra: ["-o", "PreferredAuthentications=password,keyboard-interactive"])
            #expect(password.status == 255 && password.output.contains("Permission denied (publickey)"), "\(password)")

            let command = try server.ssh(key: server.listedKey, extra: ["-tt", "-o", "SetEnv=EVIL=1"], command: ["ls", "-la", "/"])
            #expect(command.status == 2, "\(command)")
            #expect(command.output.contains("storyboard: nothing to run for \"ls -la /\""), "\(command)")
            #expect(!command.output.contains("\u{1B}"), "\(command.output.debugDescription)")
            #expect(!command.output.contains("bin"), "no command ran: \(command.output)")

            for arguments in [[], ["colorboard"]] {
                let noTerminal = try server.ssh(key: server.listedKey, extra: ["-T"], command: arguments)
                #expect(noTerminal.status == 1, "\(noTerminal)")
                #expect(noTerminal.output == "storyboard: needs a terminal: use ssh -t\n", "\(noTerminal.output.debugDescription)")
            }

            let local = try server.ssh(key: server.listedKey, extra: ["-W", "127.0.0.1:\(server.port)"])
            #expect(local.status == 255, "-W (a direct-tcpip channel, as -L opens): \(local)")
            let remote = try server.ssh(key: server.listedKey, extra: ["-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9"])
            #expect(remote.status == 255 && remote.output.contains("remote port forwarding failed"), "\(remote)")
            let sftp = try server.ssh(key: server.listedKey, extra: ["-s"], command: ["sftp"])
            #expect(sftp.status == 255 && sftp.output.contains("subsystem request failed"), "\(sftp)")
            // Agent and X11 forwarding are asked for and silently not given; the session is as any other.
            let forwarding = try server.ssh(key: server.listedKey, extra: ["-tt", "-A", "-X"], command: ["nosuch"])
            #expect(forwarding.status == 2, "\(forwarding)")

            let log = server.log
            for refusal in ["request=exec", "request=port-forwarding", "request=remote-forwarding", "request=subsystem",
                            "name=\"EVIL\" request=env", "reason=key not authorized", "request=session without a terminal"] {
                #expect(log.contains(refusal), "the log names \(refusal):\n\(log)")
            }
            // Never key material: the keys' base64 is not in the log.
            for key in [server.listedKey, server.unlistedKey] {
                let publicLine = try String(contentsOf: key.appendingPathExtension("pub"), encoding: .utf8)
                let base64 = String(publicLine.split(separator: " ")[1])
                #expect(!log.contains(base64))
            }
            #expect(server.sessionProcesses.isEmpty)
        }

        /// The fault drill of the reliability table: from one address, a connection sending
        /// random bytes and 30 idle half-open connections in a burst, then 40 real clients
        /// arriving as people do, 8 a second, while the half-open ones are held. The burst is
        /// cut to the address's burst (10) at accept; every client is served.
        @Test func fortyClientsAreServedBesideHalfOpenConnectionsAndRandomBytes() throws {
            // A login grace time to outlast the drill on a busy machine: the idle connections stay held.
            let server = try ServeProcess(arguments: ["--login-grace-time", "120"])
            let garbage = try Self.connect(port: server.port)
            defer { close(garbage) }
            var random = SystemRandomNumberGenerator()
            let noise = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &random) }
            let sent = Self.send(noise, to: garbage)
            let idle = try (0..<30).map { index in
                let socket = try Self.connect(port: server.port)
                // Some stop after the version line, some before sending anything.
                if index.isMultiple(of: 2) { _ = Self.send(Array("SSH-2.0-idle\r\n".utf8), to: socket) }
                return socket
            }
            defer { for socket in idle { close(socket) } }
            let held = idle.filter { Self.waitForBytes($0, timeout: 5) && !Self.waitForClose($0, timeout: 0.2) }.count
            print("drill: serve: 30 idle connections in a burst after the random bytes: \(held) held, the rest closed at accept")
            #expect((8...10).contains(held), "the address's burst of 10, less the random bytes' connection: \(held)")

            let ssh = try #require(ServeProcess.executable(named: "ssh"))
            // The address's bucket refills at 10 a second: people come back after a second.
            usleep(1_000_000)
            let start = Date()
            var clients: [PseudoTerminalProcess] = []
            for _ in 0..<40 {
                clients.append(
                    try PseudoTerminalProcess(
                        executable: ssh, arguments: server.sshOptions(key: server.listedKey) + ["-tt", "test@127.0.0.1"],
                        environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]))
                usleep(125_000)
            }
            for client in clients {
                try client.waitForOutput("the launcher's first frame", timeout: 60) { $0.contains("Storyboards") }
            }
            print("drill: serve: 40 clients, 8 a second, saw their first frame \(String(format: "%.2f", Date().timeIntervalSince(start))) s after the first connected")
            #expect(server.sessionProcesses.count == 40)
            #expect(idle.filter { !Self.waitForClose($0, timeout: 0.05) }.count == held, "the held idle connections are still open")
            let refusals = server.log.split(separator: "\n").filter { $0.contains("connection refused") }
            #expect(refusals.count == 1 && refusals[0].contains("too many new connections from this address"), "one line a minute: \(refusals)")
            // The random bytes were refused: that connection is closed by the server.
            #expect(Self.waitForClose(garbage, timeout: 5), "the connection sending random bytes is closed (\(sent) bytes went)")
            #expect(server.log.contains("Protocol version exchange"), "\(server.log)")

            // Half quit, half hang up (the client killed: its terminal closes).
            for (index, client) in clients.enumerated() {
                if index.isMultiple(of: 2) { try client.type("q") } else { client.closeTerminal() }
            }
            for client in clients { _ = try client.waitForExit(timeout: 20) }
            let gone = try server.waitForNoSessions(timeout: 10)
            print("drill: serve: all 40 session processes reaped \(String(format: "%.3f", gone)) s after the last client ended")
            #expect(!ServeProcess.processes().contains { $0.parent == server.pid && $0.state == "Z" })

            let late = try PseudoTerminalProcess(
                executable: ssh, arguments: server.sshOptions(key: server.listedKey) + ["-tt", "test@127.0.0.1", "colorboard"],
                environment: ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"])
            try late.waitForOutput("a new client's first frame", timeout: 20) { $0.contains("Colors") }
            try late.type("q")
            #expect(try late.waitForExit(timeout: 10).status == 0)
        }

        @Test func killingOneSessionsProcessEndsThatSessionOnly() throws {
            let server = try ServeProcess()
            let doomed = try client(server, key: server.listedKey, command: ["colorboard"])
            try doomed.waitFor(text: "Midnight")
            let victim = try #require(server.sessionProcesses.first?.pid)
            let survivor = try client(server, key: server.listedKey, command: ["colorboard"])
            try survivor.waitFor(text: "Midnight")
            #expect(server.sessionProcesses.count == 2)

            kill(victim, SIGKILL)
            #expect(try sshExit(doomed) == 128 + 9)
            #expect(try doomed.capture().contains("storyboard: the session ended abnormally (signal 9)"))

            try survivor.send("Enter")
            try survivor.waitFor("Red's editor in the surviving session") { $0.contains("#FF0000") }
            try survivor.send("Escape")
            try survivor.waitFor(text: "Midnight")
            try survivor.send("q")
            #expect(try sshExit(survivor) == 0)
            try server.waitForNoSessions(timeout: 2)
        }

        @Test func theHostKeyOutlivesARestartAndOpenLetsInAClientWithoutAKey() throws {
            let server = try ServeProcess()
            let keyFile = server.dataDirectory.appendingPathComponent("host/ssh_host_ed25519_key")
            let printed = try Tmux.run(["ssh-keygen", "-l", "-f", keyFile.path]).output
            let fingerprint = try #require(server.log.range(of: #"SHA256:[A-Za-z0-9+/]+"#, options: .regularExpression).map { String(server.log[$0]) })
            #expect(printed.contains(fingerprint), "the log's fingerprint is the file's: \(printed)")
            #expect(server.log.contains("host key created"))
            // The client learns the host key.
            #expect(try server.ssh(key: server.listedKey, extra: ["-tt"], command: ["nosuch"]).status == 2)

            #expect(try server.stop().status == 0)
            try server.start(["--open"])
            #expect(server.log.contains(fingerprint) && !server.log.contains("host key created"), "\(server.log)")
            // Strict checking now: a changed key would refuse to connect.
            let tmux = try client(server, key: nil, extra: ["-o", "StrictHostKeyChecking=yes"])
            // The first screen says the visitor's data goes with the session.
            try tmux.waitForScreen(Self.launcher.replacing(row: 22, with: "! nothing you save here is kept after this session"))
            #expect(server.log.contains("method=none"), "\(server.log)")
            let scratch = server.dataDirectory.appendingPathComponent("sessions")
            #expect((try? FileManager.default.contentsOfDirectory(atPath: scratch.path).count) == 1)
            try tmux.send("q")
            #expect(try sshExit(tmux) == 0)
            try server.waitForNoSessions(timeout: 2)
            try server.waitForLog("the session's end") { $0.contains("session ended") }
            #expect((try? FileManager.default.contentsOfDirectory(atPath: scratch.path).count) == 0, "a keyless session's data goes with it")
        }

        @Test func anIdleSessionIsToldAndClosed() throws {
            let server = try ServeProcess(arguments: ["--idle-timeout", "1"])
            let tmux = try client(server, key: server.listedKey)
            // The launcher, closed a second later: read it as it shows.
            try tmux.waitFor("the launcher") { $0.contains("Storyboards") && $0.contains("Daily Buzz") && $0.contains("Segue Tour") }
            #expect(try sshExit(tmux) == 128 + 15)
            #expect(try tmux.capture().contains("storyboard: closed after 1 s without input"))
            #expect(server.log.contains("reason=idle timeout"), "\(server.log)")
        }

        @Test func oneSessionMoreThanTheLimitIsToldTheServerIsFull() throws {
            let server = try ServeProcess(arguments: ["--max-sessions", "1"])
            let first = try client(server, key: server.listedKey)
            try first.waitForScreen(Self.launcher)
            let second = try server.ssh(key: server.listedKey, extra: ["-tt"])
            #expect(second.status == 1, "\(second)")
            #expect(second.output.contains("storyboard: server full (1 session): try again later"), "\(second)")
            try first.send("q")
            #expect(try sshExit(first) == 0)
        }

        /// Only connections still logging in count against that limit: logged-in sessions,
        /// however many, never stop a new client from being served.
        @Test func theLimitOnConnectionsLoggingInCountsOnlyThose() throws {
            let server = try ServeProcess(arguments: ["--max-unauthenticated", "2"])
            // One after the other: three at once would be three logging in at once.
            let held = try (0..<3).map { _ in
                let tmux = try client(server, key: server.listedKey, command: ["colorboard"])
                try tmux.waitFor(text: "Midnight")
                return tmux
            }
            let idle = try (0..<2).map { _ in try Self.connect(port: server.port) }
            defer { for socket in idle { close(socket) } }
            // Both idle connections are in (the server sent them its version line)...
            for socket in idle { #expect(Self.waitForBytes(socket, timeout: 5)) }
            // ...so a third that does not log in is refused at once,
            let third = try Self.connect(port: server.port)
            defer { close(third) }
            #expect(Self.waitForClose(third, timeout: 5))
            try server.waitForLog("the refusal") { $0.contains("too many connections logging in") }
            // and once one idle connection goes, a real client is served again.
            close(idle[0])
            try server.waitForLog("the closed connection") { $0.contains("connection=4 duration=") }
            let late = try client(server, key: server.listedKey, command: ["colorboard"])
            try late.waitFor(text: "Midnight")
            for tmux in held + [late] { try tmux.send("q") }
            for tmux in held + [late] { #expect(try sshExit(tmux) == 0) }
        }

        @Test func aConnectionThatDoesNotLogInIsClosedAfterTheGraceTime() throws {
            let server = try ServeProcess(arguments: ["--login-grace-time", "1"])
            let socket = try Self.connect(port: server.port)
            defer { close(socket) }
            #expect(Self.waitForClose(socket, timeout: 10))
            try server.waitForLog("the reason") { $0.contains("not logged in within the login grace time") }
        }

        @Test func sigtermTellsEverySessionEndsThemAndExitsWithinThreeSeconds() throws {
            let server = try ServeProcess()
            let clients = try (0..<2).map { _ in try client(server, key: server.listedKey, command: ["colorboard"]) }
            for tmux in clients { try tmux.waitFor(text: "Midnight") }
            let programs = server.sessionProcesses.map(\.pid)
            #expect(programs.count == 2)
            let (status, seconds) = try server.stop(signal: SIGTERM)
            print("drill: serve: SIGTERM with 2 sessions: exit after \(String(format: "%.3f", seconds)) s")
            #expect(status == 0)
            #expect(seconds < 3)
            for tmux in clients {
                #expect(try sshExit(tmux) == 128 + 15)
                #expect(try tmux.capture().contains("storyboard: the server is shutting down"))
            }
            for pid in programs { #expect(kill(pid, 0) != 0, "session process \(pid) is gone") }
        }

        @Test func badArgumentsAndASecondServerOnTheSameDataAreOneLineAndExitTwo() throws {
            let server = try ServeProcess()
            let binary = try BuiltProduct.url(named: "storyboard").path
            let data = ["--data-dir", server.directory.appendingPathComponent("other").path]
            let cases: [([String], String)] = [
                (["colourboard", "--open"] + data, "no file, folder or bundled storyboard named \"colourboard\" (bundled: colorboard, dailybuzz"),
                (["--authorized-keys", "/nonexistent/keys"] + data, "no authorized keys: \"/nonexistent/keys\" does not exist"),
                (["--open", "--authorized-keys", server.authorizedKeys.path] + data, "give one or the other"),
                (["--listen", "2222", "--open"] + data, "--listen takes HOST:PORT"),
                (["--listen", "127.0.0.1:99999", "--open"] + data, "port from 0 to 65535"),
                (["--open", "--data-dir", server.dataDirectory.path], "another storyboard serve is using it"),
                (["--open", "--listen", "127.0.0.1:\(server.port)"] + data, "cannot listen on \"127.0.0.1:\(server.port)\": Address already in use"),
            ]
            for (arguments, message) in cases {
                let result = try Tmux.run([binary, "serve"] + arguments)
                #expect(result.status == 2, "\(arguments): \(result.output)")
                #expect(result.output.contains(message), "\(arguments): \(result.output)")
                #expect(!result.output.contains("\u{1B}"))
            }
        }

        // MARK: Raw sockets

        static func connect(port: Int) throws -> Int32 {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw TmuxError("socket: \(errno)") }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard result == 0 else {
                close(descriptor)
                throw TmuxError("connect: \(errno)")
            }
            return descriptor
        }

        /// Sends what the socket takes without blocking long; the count sent.
        static func send(_ bytes: [UInt8], to descriptor: Int32) -> Int {
            var sent = 0
            while sent < bytes.count {
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                guard poll(&poller, 1, 1000) > 0 else { break }
                let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                if count <= 0 { break }
                sent += count
            }
            return sent
        }

        /// Whether the peer sends something within `timeout` seconds (left unread).
        static func waitForBytes(_ descriptor: Int32, timeout: Double) -> Bool {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&poller, 1, Int32(timeout * 1000)) > 0
        }

        /// Whether the peer closes the connection within `timeout` seconds (reading and
        /// dropping whatever it sends first, such as its version line).
        static func waitForClose(_ descriptor: Int32, timeout: Double) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while Date() < deadline {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return true }
            }
            return false
        }
    }
}
