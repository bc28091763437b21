import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tmux server of its own, running programs in a real pseudo-terminal for end-to-end
/// tests: type with `send`, read the screen with `capture`, wait for text with `waitFor`.
public final class Tmux {
    public let socket: String
    public let session = "main"
    /// The configuration directory (`XDG_CONFIG_HOME`) programs in this tmux get unless the
    /// test gives one: a fresh one, so no test reads or changes the user's (a screen-reader
    /// mode remembered there), and no test sees another's.
    public let configDirectory: String

    /// Whether tmux is installed (end-to-end tests are skipped, loudly, without it).
    public static var isAvailable: Bool {
        (try? run(["tmux", "-V"]).status) == 0
    }

    /// Starts `command` (run by `sh -c`) in a new session of `width`×`height`.
    public init(command: String, width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        socket = "storyboard-tests-\(UUID().uuidString.prefix(8))"
        var arguments = ["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)"]
        configDirectory = NSTemporaryDirectory() + "storyboard-config-" + socket
        var env = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "tmux-256color", "XDG_CONFIG_HOME": configDirectory]
        env.merge(environment) { $1 }
        for (key, value) in env.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(key)=\(value)"] }
        arguments.append(command)
        // The server, and so every program in it, inherits the environment of the client that
        // starts it: leave out the test runner's NO_COLOR, so colour is on unless a test asks.
        let inherited = ProcessInfo.processInfo.environment.filter { $0.key != "NO_COLOR" }
        let result = try Self.run(arguments, environment: inherited)
        guard result.status == 0 else { throw TmuxError("tmux would not start: \(result.output)") }
        _ = try? Self.run(["tmux", "-L", socket, "set-option", "-g", "remain-on-exit", "on"])
        // Let programs reach the clipboard (OSC 52), so a test can see it if one does.
        _ = try? Self.run(["tmux", "-L", socket, "set-option", "-g", "set-clipboard", "on"])
    }

    deinit {
        _ = try? Self.run(["tmux", "-L", socket, "kill-server"])
        try? FileManager.default.removeItem(atPath: configDirectory)
    }

    /// Sends tmux key names (`Enter`, `Escape`, `Down`, `C-s`) or literal text (`literal: true`).
    public func send(_ keys: String..., literal: Bool = false) throws {
        var arguments = ["tmux", "-L", socket, "send-keys", "-t", session]
        if literal { arguments.append("-l") }
        _ = try Self.run(arguments + keys)
    }

    /// Types text as if at the keyboard.
    public func type(_ text: String) throws { try send(text, literal: true) }

    /// The visible screen as text.
    public func capture() throws -> String {
        try Self.run(["tmux", "-L", socket, "capture-pane", "-p", "-t", session]).output
    }

    /// Polls the screen until `predicate` holds on two captures in a row that are the same
    /// (a screen caught while a frame is still arriving is not returned), or fails after
    /// `timeout` seconds with the last screen in the error.
    @discardableResult
    public func waitFor(_ description: String, timeout: Double = 15, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = ""
        repeat {
            screen = (try? capture()) ?? ""
            if predicate(screen), let again = try? capture(), again == screen { return screen }
            usleep(20_000)
        } while Date() < deadline
        throw TmuxError("timed out waiting for \(description); screen:\n\(screen)")
    }

    /// Waits until the screen shows `text`.
    @discardableResult
    public func waitFor(text: String, timeout: Double = 15) throws -> String {
        try waitFor("\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Resizes the window.
    public func resize(width: Int, height: Int) throws {
        _ = try Self.run(["tmux", "-L", socket, "resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pid of the program in the pane.
    public func panePID() throws -> Int32? {
        Int32(try Self.run(["tmux", "-L", socket, "display-message", "-p", "-t", session, "#{pane_pid}"]).output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether the pane's program has exited (the pane stays, showing its last screen).
    public func paneDead() throws -> Bool {
        try Self.run(["tmux", "-L", socket, "display-message", "-p", "-t", session, "#{pane_dead}"]).output.hasPrefix("1")
    }

    /// Runs a tmux command (`["display-message", "-p", ...]`) on this server.
    @discardableResult
    public func command(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try Self.run(["tmux", "-L", socket] + arguments)
    }

    /// The screen with its attributes as escape sequences (`capture-pane -e`).
    public func captureWithEscapes() throws -> String {
        try command(["capture-pane", "-p", "-e", "-t", session]).output
    }

    /// Pastes `text` as a terminal does when the user pastes: a tmux buffer of its own is
    /// pasted (bracketed if the program asked for it) and deleted.
    public func paste(_ text: String) throws {
        let buffer = "test-paste-\(UUID().uuidString.prefix(6))"
        _ = try command(["set-buffer", "-b", buffer, "--", text])
        _ = try command(["paste-buffer", "-p", "-d", "-b", buffer, "-t", session])
    }

    /// The pane's title (programs set it with OSC 0 or 2).
    public func paneTitle() throws -> String {
        try command(["display-message", "-p", "-t", session, "#{pane_title}"]).output
            .trimmingCharacters(in: .newlines)
    }

    /// The names of tmux's paste buffers (a program's OSC 52 creates one when allowed).
    public func bufferNames() throws -> [String] {
        try command(["list-buffers", "-F", "#{buffer_name}"]).output.split(separator: "\n").map(String.init)
    }

    /// Runs a command, returning its exit status and combined output; `environment` replaces
    /// this process's environment when given.
    ///
    /// Spawned and reaped directly (`posix_spawnp`, `waitpid`): a tmux client that starts a
    /// server daemon confuses Foundation's `Process`, which can then wait forever. Output
    /// goes to a file, since the daemon inherits the descriptors and would hold a pipe open.
    @discardableResult
    public static func run(
        _ arguments: [String], input: Data? = nil, environment: [String: String]? = nil
    ) throws -> (status: Int32, output: String) {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory())
        let outputURL = directory.appendingPathComponent("tmux-run-\(UUID().uuidString)")
        let inputURL = directory.appendingPathComponent("tmux-input-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: inputURL)
        }
        try (input ?? Data()).write(to: inputURL)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputURL.path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var attributes = posix_spawnattr_t()
        prepareCleanSignals(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var pid: pid_t = 0
        var envp: [UnsafeMutablePointer<CChar>?] = (environment ?? [:]).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        let spawned = environment == nil
            ? posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, environ)
            : posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
        guard spawned == 0 else { throw TmuxError("could not start \(arguments[0]): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let data = (try? Data(contentsOf: outputURL)) ?? Data()
        let exited = (status & 0x7F) == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), String(decoding: data, as: UTF8.self))
    }
}

public struct TmuxError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Finds a product SwiftPM built next to the running tests.
public enum BuiltProduct {
    /// The product `name` built beside the tests; for `storyboard`, the binary that
    /// `STORYBOARD_BINARY` names instead when set, so the end-to-end drills can run against
    /// another build (a static release build, say).
    public static func url(named name: String) throws -> URL {
        let fileManager = FileManager.default
        if name == "storyboard", let chosen = ProcessInfo.processInfo.environment["STORYBOARD_BINARY"], !chosen.isEmpty {
            let url = URL(fileURLWithPath: chosen).standardizedFileURL
            guard fileManager.isExecutableFile(atPath: url.path) else {
                throw TmuxError("STORYBOARD_BINARY names \(chosen), which is not an executable file")
            }
            return url
        }
        var starts: [URL] = []
        if let selfPath = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            starts.append(URL(fileURLWithPath: selfPath))
        }
        if let main = Bundle.main.executableURL { starts.append(main) }
        starts.append(URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL)
        var candidates: [URL] = []
        for start in starts {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent(name))
                directory = directory.deletingLastPathComponent()
            }
        }
        guard let found = candidates.first(where: { fileManager.isExecutableFile(atPath: $0.path) }) else {
            throw TmuxError("\(name) not found next to the tests; looked in \(candidates.map(\.path))")
        }
        return found
    }
}

/// Initializes spawn attributes so the child starts with no signal blocked and every
/// handler at its default, as from a login shell: test threads block signals, and the
/// mask would be inherited. `flags` are added to the ones this sets.
func prepareCleanSignals(_ attributes: inout posix_spawnattr_t, flags: Int32 = 0) {
    posix_spawnattr_init(&attributes)
    var empty = sigset_t()
    sigemptyset(&empty)
    var all = sigset_t()
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | flags))
}
