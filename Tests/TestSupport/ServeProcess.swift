import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `storyboard serve` run by a test on a free loopback port, with a data directory, client
/// keys and an `authorized_keys` file of its own in a temporary directory, and the real
/// OpenSSH client to reach it.
public final class ServeProcess {
    /// The temporary directory holding everything.
    public let directory: URL
    /// The server's `--data-dir`.
    public let dataDirectory: URL
    /// A key listed in `authorized_keys`.
    public let listedKey: URL
    /// A key that is not listed.
    public let unlistedKey: URL
    /// The `authorized_keys` file (the listed key's line).
    public let authorizedKeys: URL
    /// Variables the server gets besides its usual few.
    private let extraEnvironment: [String: String]
    /// The server's process id.
    public private(set) var pid: pid_t = 0
    /// The port it listens on (read from its log).
    public private(set) var port = 0
    /// With `--http`: the web listener's port and the (first) link the server printed.
    public private(set) var webPort = 0
    public private(set) var webLink = ""
    private let binary: String
    private var logURL: URL
    private var exitStatus: Int32?

    /// Whether the OpenSSH client and `ssh-keygen` are installed.
    public static var isAvailable: Bool {
        executable(named: "ssh") != nil && executable(named: "ssh-keygen") != nil
    }

    /// The path of a program on `PATH`, or nil.
    public static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Makes the keys and starts the server with `arguments` after `serve --listen
    /// 127.0.0.1:0 --data-dir …` (and `--authorized-keys …` unless `authorizedKeys` is false).
    /// `environment` is added to the server's own (`PGPASSFILE` for `--store`).
    public init(arguments: [String] = [], useAuthorizedKeys: Bool = true, environment: [String: String] = [:]) throws {
        extraEnvironment = environment
        binary = try BuiltProduct.url(named: "storyboard").path
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("serve-test-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        dataDirectory = directory.appendingPathComponent("data")
        listedKey = directory.appendingPathComponent("listed")
        unlistedKey = directory.appendingPathComponent("unlisted")
        authorizedKeys = directory.appendingPathComponent("authorized_keys")
        logURL = directory.appendingPathComponent("server.log")
        for key in [listedKey, unlistedKey] {
            let made = try Tmux.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "test", "-f", key.path])
            guard made.status == 0 else { throw TmuxError("ssh-keygen failed: \(made.output)") }
        }
        try FileManager.default.copyItem(at: listedKey.appendingPathExtension("pub"), to: authorizedKeys)
        try start(arguments + (useAuthorizedKeys ? ["--authorized-keys", authorizedKeys.path] : []))
    }

    deinit {
        if exitStatus == nil, pid > 0 {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
        for child in Self.children(of: pid) { kill(child, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts (or starts again, after `stop`) the server on the same data directory.
    public func start(_ arguments: [String]) throws {
        let runNumber = (try? FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("server") }.count) ?? 0
        logURL = directory.appendingPathComponent("server-\(runNumber).log")
        let argumentList = [binary, "serve", "--listen", "127.0.0.1:0", "--data-dir", dataDirectory.path] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        prepareCleanSignals(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var argv: [UnsafeMutablePointer<CChar>?] = argumentList.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path, "LANG": "C.UTF-8"]
            .merging(extraEnvironment) { _, extra in extra }
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, binary, &actions, &attributes, &argv, &envp)
        guard spawned == 0 else { throw TmuxError("could not start the server: error \(spawned)") }
        pid = child
        exitStatus = nil
        let line = try waitForLog("the server to listen", timeout: 30) { $0.contains(" listening") }
        guard let range = line.range(of: #"address=[0-9.]+:[0-9]+"#, options: .regularExpression),
            let port = Int(line[range].split(separator: ":").last ?? "")
        else { throw TmuxError("no port in the server's log: \(log)") }
        self.port = port
        if arguments.contains("--http") {
            let web = try waitForLog("the web listener", timeout: 10) { $0.contains("listening for browsers") }
            guard let range = web.range(of: #"address=[0-9.]+:[0-9]+"#, options: .regularExpression),
                let port = Int(web[range].split(separator: ":").last ?? "")
            else { throw TmuxError("no web port in the server's log: \(log)") }
            webPort = port
            webLink = try waitForLog("the link", timeout: 10) { $0.hasPrefix("http://") }
        }
    }

    /// The server's log so far (standard output and error).
    public var log: String {
        (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
    }

    /// Polls the log until a line satisfies `predicate`; returns that line.
    @discardableResult
    public func waitForLog(_ description: String, timeout: Double = 10, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            let exited = reap().0
            if let line = log.split(separator: "\n").map(String.init).first(where: predicate) { return line }
            if exited { break }
            usleep(20_000)
        } while Date() < deadline
        throw TmuxError("timed out waiting for \(description); server log:\n\(log)")
    }

    /// Sends `signal` and waits for the server to exit: its status and how long it took.
    public func stop(signal: Int32 = SIGTERM, timeout: Double = 10) throws -> (status: Int32, seconds: Double) {
        let start = Date()
        kill(pid, signal)
        while Date().timeIntervalSince(start) < timeout {
            let (exited, status) = reap()
            if exited { return (status, Date().timeIntervalSince(start)) }
            usleep(5_000)
        }
        throw TmuxError("the server was still running \(timeout) s after signal \(signal); log:\n\(log)")
    }

    /// Whether the server has exited (reaping it), and its status as a shell shows it.
    private func reap() -> (Bool, Int32) {
        if let exitStatus { return (true, exitStatus) }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return (false, 0) }
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        exitStatus = code
        return (true, code)
    }

    /// Options for `ssh` that keep it to this test: no user configuration, a known-hosts
    /// file of the test's own, no prompts, only the key given (or none).
    public func sshOptions(key: URL?) -> [String] {
        var options = [
            "-F", "/dev/null", "-p", "\(port)",
            "-o", "UserKnownHostsFile=\(directory.appendingPathComponent("known_hosts").path)",
            "-o", "StrictHostKeyChecking=accept-new", "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes",
            "-o", "LogLevel=ERROR", "-o", "ConnectTimeout=10",
        ]
        if let key {
            options += ["-o", "IdentityFile=\(key.path)"]
        } else {
            options += ["-o", "IdentityFile=/dev/null", "-o", "PubkeyAuthentication=no"]
        }
        return options
    }

    /// `ssh OPTIONS EXTRA test@127.0.0.1 COMMAND…` as one shell-quoted line, for tmux.
    public func sshCommandLine(key: URL?, extra: [String] = [], command: [String] = []) -> String {
        (["ssh"] + sshOptions(key: key) + extra + ["test@127.0.0.1"] + command).map(Self.quoted).joined(separator: " ")
    }

    /// Runs `ssh` to completion (no terminal): its exit status and everything it printed.
    public func ssh(key: URL?, extra: [String] = [], command: [String] = []) throws -> (status: Int32, output: String) {
        try Tmux.run(["ssh"] + sshOptions(key: key) + extra + ["test@127.0.0.1"] + command)
    }

    /// The server's child processes (the sessions' programs) now, and which are zombies.
    public var sessionProcesses: [(pid: pid_t, zombie: Bool)] {
        Self.processes().filter { $0.parent == pid }.map { ($0.pid, $0.state == "Z") }
    }

    /// Polls until no session process is left; returns how long that took.
    @discardableResult
    public func waitForNoSessions(timeout: Double) throws -> Double {
        let start = Date()
        while !sessionProcesses.isEmpty {
            guard Date().timeIntervalSince(start) < timeout else {
                throw TmuxError("session processes still there after \(timeout) s: \(sessionProcesses)")
            }
            usleep(10_000)
        }
        return Date().timeIntervalSince(start)
    }

    static func children(of parent: pid_t) -> [pid_t] {
        processes().filter { $0.parent == parent }.map(\.pid)
    }

    /// Every process: its id, parent and state letter, from `/proc/PID/stat`.
    public static func processes() -> [(pid: pid_t, parent: pid_t, state: Character)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> (pid_t, pid_t, Character)? in
            guard let pid = pid_t(entry),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // After the command name (which may hold spaces): state, then the parent's id.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
            return (pid, parent, state)
        }
    }

    /// `text` quoted for `sh`.
    public static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
