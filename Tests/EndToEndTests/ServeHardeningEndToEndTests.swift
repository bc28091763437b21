import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `storyboard serve` as an auditor reads it: per-address admission control, reached over
    /// loopback (127.0.0.1 and 127.0.0.2 are two sources, as two clients on the internet would
    /// be), and the algorithms an OpenSSH client ends up with.
    @Suite(.enabled(if: ServeProcess.isAvailable, "the OpenSSH client is not installed (apt-get install openssh-client)"))
    struct ServeHardeningEndToEndTests {
        /// A burst of 100 new connections from one address: its burst (10) is taken into key
        /// exchange and the rest are closed at accept, with one line in the log; another address
        /// and a session already running are served all along.
        @Test func aBurstOfAHundredFromOneAddressIsCutToItsBurstWhileOthersAreServed() throws {
            let server = try ServeProcess()
            let running = try Tmux(
                command: ServeEndToEndTests.keepingThePane(server.sshCommandLine(key: server.listedKey, extra: ["-t"], command: ["colorboard"])))
            try running.waitFor(text: "Midnight")

            let burst = try (0..<100).map { _ in try Self.connect(port: server.port, from: "127.0.0.1") }
            defer { for socket in burst { close(socket) } }
            // An admitted connection gets the server's version line; a refused one is closed with nothing.
            let answers = burst.map(Self.firstBytes)
            let admitted = answers.filter { $0.hasPrefix("SSH-2.0-") }.count
            let refused = answers.filter(\.isEmpty).count
            print("drill: serve: a burst of 100 from one address: \(admitted) taken into key exchange, \(refused) refused at accept")
            #expect(admitted + refused == 100, "\(answers)")
            // The running session spent one of the 10; the burst takes a few ms, worth a token at most.
            #expect((9...11).contains(admitted), "\(admitted) admitted")

            // Another address is served at once, with the burst's admitted connections still open.
            let other = try server.ssh(key: server.listedKey, extra: ["-tt", "-b", "127.0.0.2"], command: ["nosuch"])
            #expect(other.status == 2 && other.output.contains("nothing to run for \"nosuch\""), "\(other)")
            // The running session goes on.
            try running.send("Enter")
            try running.waitFor("Red's editor in the running session") { $0.contains("#FF0000") }
            try running.send("Escape")
            try running.waitFor(text: "Midnight")
            try running.send("q")
            #expect(try ServeEndToEndTests().sshExit(running) == 0)

            let refusals = server.log.split(separator: "\n").filter { $0.contains("connection refused") }
            #expect(refusals.count == 1, "one line a minute for the address:\n\(refusals.joined(separator: "\n"))")
            #expect(refusals.first?.contains("reason=too many new connections from this address") == true)
            #expect(refusals.first?.contains("remote=127.0.0.1:") == true)
            #expect(server.log.contains("per_address=10/s burst 10"), "\(server.log)")
        }

        /// Behind a proxy: each connection's PROXY protocol header names the client, which is
        /// what the limit counts and the log shows; a connection without one is closed.
        @Test func behindAProxyTheHeaderNamesTheClient() throws {
            let server = try ServeProcess(arguments: ["--proxy-protocol", "--per-address-burst", "3", "--per-address-rate", "0.1"])
            // OpenSSH through a proxy of a few lines of bash, which sends version 1's header first.
            let proxy = server.directory.appendingPathComponent("proxy.sh")
            try """
                exec 3<>/dev/tcp/127.0.0.1/$1
                printf 'PROXY TCP4 198.51.100.9 192.0.2.1 40000 22\\r\\n' >&3
                cat <&3 &
                cat >&3
                """.write(to: proxy, atomically: true, encoding: .utf8)
            let viaProxy = try server.ssh(
                key: server.listedKey, extra: ["-tt", "-o", "ProxyCommand=/bin/bash \(proxy.path) \(server.port)"], command: ["nosuch"])
            #expect(viaProxy.status == 2 && viaProxy.output.contains("nothing to run"), "\(viaProxy)")
            #expect(server.log.contains("remote=198.51.100.9:40000"), "\(server.log)")

            // 198.51.100.9 has two of its three left; 198.51.100.10 has its own.
            let header = { (address: String) in Array("PROXY TCP4 \(address) 192.0.2.1 40001 22\r\n".utf8) }
            let sockets = try (0..<4).map { index in
                let socket = try Self.connect(port: server.port, from: "127.0.0.1")
                _ = ServeEndToEndTests.send(header(index < 3 ? "198.51.100.9" : "198.51.100.10"), to: socket)
                return socket
            }
            defer { for socket in sockets { close(socket) } }
            let answers = sockets.map(Self.firstBytes)
            // The server takes connections on several threads: which of the three is refused may vary.
            #expect(answers.prefix(3).filter { $0.hasPrefix("SSH-2.0-") }.count == 2, "\(answers)")
            #expect(answers.prefix(3).filter(\.isEmpty).count == 1, "\(answers)")
            #expect(answers[3].hasPrefix("SSH-2.0-"), "\(answers)")

            // No header, a bad one: closed without a word, and logged once a minute for the peer.
            let plain = try server.ssh(key: server.listedKey, extra: ["-tt"], command: ["nosuch"])
            #expect(plain.status == 255, "\(plain)")
            let bad = try Self.connect(port: server.port, from: "127.0.0.1")
            defer { close(bad) }
            _ = ServeEndToEndTests.send(Array("PROXY TCP4 198.51.100.9 192.0.2.1 040000 22\r\n".utf8), to: bad)
            #expect(Self.firstBytes(bad).isEmpty)
            try server.waitForLog("the refusal without a header") { $0.contains("reason=no PROXY protocol header") && $0.contains("remote=127.0.0.1:") }
            #expect(server.log.contains("reason=too many new connections from this address"), "\(server.log)")
            #expect(server.log.contains("remote=198.51.100.9:40001"), "the refused client is named by its header:\n\(server.log)")
        }

        /// The library offers key exchange on NIST curves too (ssh-audit fails them) and names
        /// hmac-sha2-256 for its AEAD ciphers; OpenSSH picks curve25519 and AES-GCM, whose MAC is
        /// implicit, so neither is used (docs/serving.md, "Hardening").
        @Test func openSSHNegotiatesCurve25519AndAnAEADCipher() throws {
            let server = try ServeProcess()
            let verbose = try server.ssh(key: server.listedKey, extra: ["-tt", "-v"], command: ["nosuch"])
            #expect(verbose.status == 2, "\(verbose.output)")
            let kex = verbose.output.split(whereSeparator: \.isNewline).filter { $0.contains("debug1: kex: ") }
            #expect(kex.contains { $0.hasSuffix("kex: algorithm: curve25519-sha256") }, "\(kex)")
            #expect(kex.contains { $0.hasSuffix("kex: host key algorithm: ssh-ed25519") }, "\(kex)")
            let ciphers = kex.filter { $0.contains("cipher:") }
            #expect(ciphers.count == 2 && ciphers.allSatisfy { $0.contains("-gcm@openssh.com MAC: <implicit>") }, "\(kex)")
        }

        @Test func badLimitsAreOneLineAndExitTwo() throws {
            let binary = try BuiltProduct.url(named: "storyboard").path
            let data = ["--data-dir", NSTemporaryDirectory() + "serve-flags-\(UUID().uuidString.prefix(8))"]
            let cases: [([String], String)] = [
                (["--per-address-rate=-1"], "--per-address-rate must be from 0 (no limit) to 1000000."),
                (["--per-address-rate", "nan"], "--per-address-rate must be from 0 (no limit) to 1000000."),
                (["--per-address-rate", "1e300"], "--per-address-rate must be from 0 (no limit) to 1000000."),
                (["--per-address-burst", "0"], "--per-address-burst must be between 1 and 100000."),
                (["--per-address-burst", "ten"], "--per-address-burst"),
            ]
            for (arguments, message) in cases {
                let result = try Tmux.run([binary, "serve", "--open"] + data + arguments)
                #expect(result.status == 2, "\(arguments): \(result.output)")
                #expect(result.output.contains(message), "\(arguments): \(result.output)")
            }
        }

        @Test func aDeviceGivenAsAuthorizedKeysIsNamedForWhatItIs() throws {
            let binary = try BuiltProduct.url(named: "storyboard").path
            let data = NSTemporaryDirectory() + "serve-keys-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: data) }
            let result = try Tmux.run([binary, "serve", "--listen", "127.0.0.1:0", "--data-dir", data, "--authorized-keys", "/dev/null"])
            #expect(result.status == 2, "\(result.output)")
            #expect(result.output.contains("\"/dev/null\" is not a regular file"), "\(result.output)")
            #expect(!result.output.contains("No such file"), "\(result.output)")
        }

        // MARK: Raw sockets

        /// A TCP connection to the server's port from the loopback address `source`.
        static func connect(port: Int, from source: String) throws -> Int32 {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard descriptor >= 0 else { throw TmuxError("socket: \(errno)") }
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let size = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, size) } }
            let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, size) } }
            guard bound == 0, connected == 0 else {
                close(descriptor)
                throw TmuxError("bind or connect from \(source): \(errno)")
            }
            return descriptor
        }

        /// What the server sends first, up to 64 bytes: its version line when the connection
        /// was taken, nothing when it was closed at once ("?" when neither happens within 5 s).
        static func firstBytes(_ descriptor: Int32) -> String {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 5000) > 0 else { return "?" }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : ""
        }
    }
}
