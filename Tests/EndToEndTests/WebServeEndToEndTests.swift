import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

extension EndToEnd {
    /// `storyboard serve --http` reached as a page reaches it: over a WebSocket from a test
    /// client (keys in, screen out, resize, exit, idle, full, refusals, a dropped connection),
    /// and once in a real browser.
    @Suite(.enabled(if: ServeProcess.isAvailable, "the OpenSSH client is not installed (apt-get install openssh-client)"))
    struct WebServeEndToEndTests {
        /// The program's output so far, without escape sequences, as one text.
        final class Screen {
            var text = ""
            /// Everything the app wrote, sequences and all.
            var raw = ""
            var end: [String: String]?
        }

        /// Reads frames until `predicate` holds for the plain text of all output, or the
        /// session's end notice arrives.
        @discardableResult
        static func read(_ client: WebSocketClient, into screen: Screen, _ what: String, until predicate: (Screen) -> Bool) throws -> Screen {
            let deadline = Date().addingTimeInterval(15)
            while !predicate(screen) {
                guard Date() < deadline else { throw TmuxError("timed out waiting for \(what); output: \(screen.text.suffix(600))") }
                let frame = try client.readFrame()
                guard frame.opcode == 2, let type = frame.payload.first else { continue }
                if type == UInt8(ascii: "0") {
                    let output = String(decoding: frame.payload.dropFirst(), as: UTF8.self)
                    screen.raw += output
                    screen.text += plain(output)
                } else if type == UInt8(ascii: "9") {
                    screen.end = (try? JSONSerialization.jsonObject(with: Data(frame.payload.dropFirst()))) as? [String: String]
                    if !predicate(screen) { throw TmuxError("the session ended while waiting for \(what): \(screen.end ?? [:])") }
                }
            }
            return screen
        }

        /// Text with CSI and OSC sequences removed.
        static func plain(_ text: String) -> String {
            text.replacingOccurrences(of: "\u{1B}\\[[0-9;?>=]*[ -/]*[@-~]", with: " ", options: .regularExpression)
                .replacingOccurrences(of: "\u{1B}\\][^\u{7}\u{1B}]*(\u{7}|\u{1B}\\\\)", with: "", options: .regularExpression)
                .replacingOccurrences(of: "\u{1B}[()][0-9A-Za-z]", with: "", options: .regularExpression)
        }

        static func token(of server: ServeProcess) -> String {
            server.webLink.components(separatedBy: "#token=").last ?? ""
        }

        /// A connected, upgraded client that said hello.
        static func session(_ server: ServeProcess, token: String = "", path: String = "", columns: Int = 100, rows: Int = 30, headers: [String] = []) throws -> WebSocketClient {
            let client = try WebSocketClient(port: server.webPort)
            let answer = try client.upgrade(origin: "http://127.0.0.1:\(server.webPort)", host: "127.0.0.1:\(server.webPort)", extraHeaders: headers)
            guard answer.hasPrefix("HTTP/1.1 101") else { throw TmuxError("no upgrade: \(answer)") }
            try client.send([UInt8(ascii: "{")] + WebProtocolBytes.hello(columns: columns, rows: rows, token: token, path: path).dropFirst())
            return client
        }

        @Test func aPageOpensTheLauncherTypesResizesAndEndsWithTheNotice() throws {
            let server = try ServeProcess(arguments: ["--open", "--http", "127.0.0.1:0"], useAuthorizedKeys: false)
            #expect(server.webLink == "http://127.0.0.1:\(server.webPort)/", "no token with --open: \(server.webLink)")
            let page = try WebSocketClient(port: server.webPort)
            try page.sendRaw(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
            let html = try page.readHTTPResponse()
            #expect(html.hasPrefix("HTTP/1.1 200") && html.contains("Content-Security-Policy") && html.contains("static/app.js"))

            let client = try Self.session(server, headers: ["Accept-Language: de-DE,de;q=0.9"])
            let screen = Screen()
            try Self.read(client, into: screen, "the launcher") { $0.text.contains("Storyboards") && $0.text.contains("Daily Buzz") }
            // The page's terminal is named to the app, which knows its answers: it asks nothing
            // (a question would wait for a page still loading).
            #expect(!screen.raw.contains("\u{1B}[c") && !screen.raw.contains("\u{1B}P$q"), "\(screen.raw.prefix(300).debugDescription)")
            try client.send(Array("0\r".utf8))
            try Self.read(client, into: screen, "Daily Buzz's list") { $0.text.contains("House Blend") }
            screen.text = ""
            try client.send(WebProtocolBytes.resize(columns: 60, rows: 20))
            try Self.read(client, into: screen, "a frame 60 columns wide") { screen in
                screen.text.contains(String(repeating: "─", count: 60)) && !screen.text.contains(String(repeating: "─", count: 61))
            }
            try client.send(Array("0\u{1B}".utf8))
            try Self.read(client, into: screen, "the launcher again") { $0.text.contains("Storyboards") }
            try client.send(Array("0q".utf8))
            try Self.read(client, into: screen, "the end notice") { $0.end != nil }
            #expect(screen.end?["reason"] == "exited", "\(screen.end ?? [:])")
            #expect(screen.end?["message"]?.contains("ended") == true)
            let close = try client.readFrame()
            #expect(close.opcode == 8 && close.payload.prefix(2) == [0x03, 0xE8], "close 1000")
            try server.waitForNoSessions(timeout: 3)
            #expect(server.log.contains("web socket opened") && server.log.contains("agent=\"storyboard-test\""), "\(server.log)")
            #expect(server.log.contains("LANG") == false, "the environment is not logged")
        }

        /// Web only, with no `authorized_keys` anywhere (the test's HOME has none): the server
        /// starts, private (a token in the link), and on every address prints links a browser
        /// can open, with the port it bound.
        @Test func aWebOnlyServerNeedsNoKeysAndPrintsLinksOneCanOpen() throws {
            let server = try ServeProcess(arguments: ["--http", "0.0.0.0:0", "--no-ssh"], useAuthorizedKeys: false)
            let links = server.log.split(separator: "\n").filter { $0.hasPrefix("http://") }.map(String.init)
            #expect(server.webPort > 0)
            #expect(links.last == "http://127.0.0.1:\(server.webPort)/#token=\(Self.token(of: server))", "\(links)")
            #expect(!links.isEmpty && links.allSatisfy { !$0.contains("0.0.0.0") && $0.contains(":\(server.webPort)/#token=") }, "\(links)")
            #expect(!server.log.contains("authorized"), "\(server.log)")
            let client = try Self.session(server, token: Self.token(of: server))
            try Self.read(client, into: Screen(), "the launcher") { $0.text.contains("Storyboards") }
        }

        @Test func aPrivateLinkRefusesForeignOriginsMissingTokensAndBadFramesWhileASessionGoesOn() throws {
            let server = try ServeProcess(arguments: ["--http", "127.0.0.1:0"])
            let token = Self.token(of: server)
            #expect(token.count == 43, "\(server.webLink)")

            // A session with the token runs throughout.
            let good = try Self.session(server, token: token, path: "colorboard")
            let screen = Screen()
            try Self.read(good, into: screen, "Colorboard") { $0.text.contains("Midnight") }

            let foreign = try WebSocketClient(port: server.webPort)
            let refused = try foreign.upgrade(origin: "http://evil.example", host: "127.0.0.1:\(server.webPort)")
            #expect(refused.hasPrefix("HTTP/1.1 403"), "\(refused)")

            for wrong in ["", "x" + token.dropFirst()] {
                let client = try Self.session(server, token: wrong)
                let ended = try Self.read(client, into: Screen(), "the token notice") { $0.end != nil }
                #expect(ended.end?["reason"] == "token")
                #expect(client.waitForClose())
            }

            let text = try Self.session(server, token: token)
            try text.send(opcode: 1, Array("hello".utf8))
            #expect(text.waitForClose())

            let big = try WebSocketClient(port: server.webPort)
            _ = try big.upgrade(origin: "http://127.0.0.1:\(server.webPort)", host: "127.0.0.1:\(server.webPort)")
            try big.send([UInt8(ascii: "0")] + [UInt8](repeating: 0x61, count: 200_000))
            let closing = try big.readFrame()
            #expect(closing.opcode == 8 && closing.payload.prefix(2) == [0x03, 0xF1], "1009 for an oversize frame")

            let garbage = try WebSocketClient(port: server.webPort)
            try garbage.sendRaw(Array("\u{0}\u{FF}\u{16}\u{3}garbage\r\n\r\n".utf8))
            #expect(try garbage.readHTTPResponse().hasPrefix("HTTP/1.1 400"))

            for path in ["/../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd", "/static/..%2f..%2fetc%2fpasswd"] {
                let traversal = try WebSocketClient(port: server.webPort)
                try traversal.sendRaw(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                let answer = try traversal.readHTTPResponse()
                #expect(answer.hasPrefix("HTTP/1.1 404") && !answer.contains("root:"), "\(path): \(answer)")
            }

            // A half request is cut off at the head timeout, without holding anything up.
            let slow = try WebSocketClient(port: server.webPort)
            try slow.sendRaw(Array("GET / HTTP/1.1\r\nHost: 1".utf8))

            // The first session is undisturbed: it still answers and takes keys.
            try good.send(Array("4".utf8))
            screen.text = ""
            try good.send(Array("0?".utf8))
            try Self.read(good, into: screen, "Colorboard's help") { $0.text.contains("page down") }
            #expect(slow.waitForClose(timeout: 15), "the slow head is closed")
            screen.text = ""
            try good.send(Array("0\u{1B}".utf8))
            try Self.read(good, into: screen, "the list again") { $0.text.contains("Midnight") }
            try good.send(Array("0q".utf8))
            let end = try Self.read(good, into: screen, "the end") { $0.end != nil }
            #expect(end.end?["reason"] == "exited")
            try server.waitForNoSessions(timeout: 3)
            // Only the link on standard output holds it; no log line does.
            let logLines = server.log.split(separator: "\n").filter { !$0.hasPrefix("http://") }
            #expect(!logLines.contains { $0.contains(token) }, "the token is never logged")
            #expect(server.log.contains("reason=no token") && server.log.contains("reason=wrong token"))
        }

        @Test func idleAndFullSessionsAreToldAndADroppedConnectionLeavesNoProcess() throws {
            let server = try ServeProcess(arguments: ["--open", "--http", "127.0.0.1:0", "--idle-timeout", "3", "--max-sessions", "1"], useAuthorizedKeys: false)
            let first = try Self.session(server)
            let screen = Screen()
            try Self.read(first, into: screen, "the launcher") { $0.text.contains("Storyboards") }
            let second = try Self.session(server)
            let full = try Self.read(second, into: Screen(), "the full notice") { $0.end != nil }
            #expect(full.end?["reason"] == "full" && full.end?["message"]?.contains("full") == true, "\(full.end ?? [:])")
            let idle = try Self.read(first, into: screen, "the idle notice") { $0.end != nil }
            #expect(idle.end?["reason"] == "idle" && idle.end?["message"]?.contains("3 s") == true, "\(idle.end ?? [:])")
            try server.waitForNoSessions(timeout: 4)

            let dropped = try Self.session(server)
            try Self.read(dropped, into: Screen(), "the launcher") { $0.text.contains("Storyboards") }
            #expect(server.sessionProcesses.count >= 1)
            dropped.drop()
            let gone = try server.waitForNoSessions(timeout: 4)
            print("drill: web: session process gone \(String(format: "%.3f", gone)) s after the socket dropped")
            // "session ended" is logged once the session has given everything back.
            _ = try server.waitForLog("every session's end") { _ in
                server.log.components(separatedBy: "session ended").count == server.log.components(separatedBy: "session started").count
            }
            let scratch = (try? FileManager.default.contentsOfDirectory(atPath: server.dataDirectory.appendingPathComponent("sessions").path)) ?? []
            #expect(scratch.isEmpty, "scratch directories removed: \(scratch)")
        }

        @Test func oneAddressHoldsOnlyItsShareOfSessions() throws {
            let server = try ServeProcess(arguments: ["--open", "--http", "127.0.0.1:0", "--web-sessions-per-address", "2"], useAuthorizedKeys: false)
            let first = try Self.session(server)
            let second = try Self.session(server)
            for client in [first, second] {
                try Self.read(client, into: Screen(), "the launcher") { $0.text.contains("Storyboards") }
            }
            let third = try Self.session(server)
            let refused = try Self.read(third, into: Screen(), "the limit's notice") { $0.end != nil }
            #expect(refused.end?["reason"] == "limited", "\(refused.end ?? [:])")
            #expect(server.log.contains("too many open from this address"), "\(server.log)")
            // A place given back is a place to take again.
            first.drop()
            try server.waitForLog("the first session's end") { $0.contains("session ended") }
            let again = try Self.session(server)
            try Self.read(again, into: Screen(), "the launcher") { $0.text.contains("Storyboards") }
        }

        /// The page's first screen (`#first-screen`) as text: each row's tags left out and its
        /// entities read.
        static func firstScreenRows(of html: String) -> [String] {
            html.split(separator: "\n").filter { $0.hasPrefix("<div class=\"r\">") }.map { row in
                row.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
                    .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                    .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            }
        }

        static func page(_ server: ServeProcess, _ path: String = "/", cookie: String? = nil) throws -> String {
            let client = try WebSocketClient(port: server.webPort)
            let headers = ["GET \(path) HTTP/1.1", "Host: 127.0.0.1"] + (cookie.map { ["Cookie: \($0)"] } ?? [])
            try client.sendRaw(Array((headers.joined(separator: "\r\n") + "\r\n\r\n").utf8))
            return try client.readHTTPResponse()
        }

        /// The page is answered with the screen a session opens on, drawn by the app itself at
        /// the size the page last had (80×24 before it has had one): the visitor's launcher,
        /// which a session at that size then draws.
        @Test func thePageCarriesTheFirstScreenASessionDraws() throws {
            let server = try ServeProcess(arguments: ["--open", "--no-ssh", "--http", "127.0.0.1:0"], useAuthorizedKeys: false)
            let visitorsLauncher = ServeEndToEndTests.launcher.replacing(row: 22, with: "! nothing you save here is kept after this session")
            let html = try Self.page(server)
            #expect(html.contains(#"<div id="first-screen" class="first-screen cw9 ch18" aria-hidden="true" data-columns="80" data-rows="24">"#))
            assertScreen(Self.firstScreenRows(of: html).joined(separator: "\n"), equals: visitorsLauncher)
            // At the page's own size, in its cell.
            let sized = try Self.page(server, cookie: "storyboard-size=60x16@8x17")
            #expect(sized.contains(#"class="first-screen cw8 ch17" aria-hidden="true" data-columns="60" data-rows="16">"#))
            #expect(Self.firstScreenRows(of: sized).count == 16 && Self.firstScreenRows(of: sized)[1] == String(repeating: "─", count: 60))
            try server.waitForNoSessions(timeout: 3)
            #expect(!server.log.contains("first screen not drawn"), "\(server.log)")
        }

        /// Text from a file is text on the page: a label holding markup is escaped.
        @Test func aStoryboardsMarkupReachesThePageAsText() throws {
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("first-screen-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("Hostile.storyboard")
            try MergeCommandTests.storyboard(title: "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;")
                .write(to: file, atomically: true, encoding: .utf8)
            let server = try ServeProcess(arguments: [file.path, "--open", "--no-ssh", "--http", "127.0.0.1:0"], useAuthorizedKeys: false)
            let html = try Self.page(server)
            #expect(!html.contains("<script>alert"))
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; \"x\""), "\(html.suffix(3000))")
            #expect(Self.firstScreenRows(of: html).contains { $0.contains("<script>alert(1)</script> & \"x\"") })
        }

        @Test(.enabled(if: BrowserCheck.isAvailable, BrowserCheck.missing))
        func aRealBrowserShowsTheLauncherTypesResizesAndQuits() throws {
            let server = try ServeProcess(arguments: ["--open", "--http", "127.0.0.1:0"], useAuthorizedKeys: false)
            let shot = FileManager.default.temporaryDirectory.appendingPathComponent("storyboard-browser-failure-\(getpid()).png")
            let (status, output) = try BrowserCheck.run(url: server.webLink, failureShot: shot.path)
            print(output)
            #expect(status == 0, "the browser check failed (screenshot: \(shot.path)):\n\(output)\n\(server.log.suffix(2000))")
            #expect(output.contains("no Content-Security-Policy violation"))
            try server.waitForNoSessions(timeout: 3)
        }
    }
}

/// The page's messages, made as the page makes them (the tests do not link the server).
enum WebProtocolBytes {
    static func hello(columns: Int, rows: Int, token: String, path: String) -> [UInt8] {
        var object: [String: Any] = ["columns": columns, "rows": rows, "path": path]
        if !token.isEmpty { object["token"] = token }
        return Array((try? JSONSerialization.data(withJSONObject: object)) ?? Data())
    }

    static func resize(columns: Int, rows: Int) -> [UInt8] {
        [UInt8(ascii: "1"), UInt8(columns >> 8), UInt8(columns & 0xFF), UInt8(rows >> 8), UInt8(rows & 0xFF)]
    }
}

/// `Scripts/browser-check.py` and what it needs: headless Chromium and python3-websocket.
enum BrowserCheck {
    static var script: String {
        let file = URL(fileURLWithPath: #filePath)
        return file.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts/browser-check.py").path
    }

    /// Debian's Python, where apt installs python3-websocket, ahead of any other on the PATH.
    static var python: String {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
    }

    static var isAvailable: Bool {
        guard ServeProcess.executable(named: "chromium-headless-shell") != nil || FileManager.default.fileExists(atPath: "/usr/lib/chromium/chromium-headless-shell"),
            let result = try? Tmux.run([python, "-c", "import websocket"])
        else { return false }
        return result.status == 0
    }

    static let missing: Comment = "chromium-headless-shell or python3-websocket is not installed (apt-get install chromium-headless-shell python3-websocket); .ci/run installs them"

    static func run(url: String, failureShot: String) throws -> (Int32, String) {
        let result = try Tmux.run([python, script, url, "--failure-shot", failureShot])
        return (result.status, result.output)
    }
}
