import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run on a pseudo-terminal whose master end this process holds: the test is the
/// terminal emulator, so it can type, read every byte written, read the terminal modes, and
/// hang up by closing the master, which is what an ssh connection dropping does.
///
/// Linux only (`/dev/ptmx`, `/proc`); the program is started in a session of its own.
public final class PseudoTerminalProcess {
    /// The program's process id.
    public let pid: pid_t
    /// Everything the program wrote to the terminal so far (read as the test waits).
    public private(set) var output: [UInt8] = []
    /// Where the program's standard error goes (not the terminal, so messages can be read apart).
    public let standardErrorURL: URL
    /// The terminal modes before the program started (raw `termios` bytes; see `modes()`).
    public private(set) var initialModes: [UInt8] = []

    private var master: Int32
    private var exit: Exit?

    /// How the program ended.
    public struct Exit: Sendable {
        /// The exit status, or 128 plus the signal's number when a signal ended it (as shells report).
        public var status: Int32
        /// When it was reaped.
        public var time: Date
        /// User plus system CPU time of the whole run, all threads, in seconds.
        public var cpuSeconds: Double
    }

    /// Starts `executable` with `arguments` on a new `width`×`height` pseudo-terminal.
    ///
    /// - Parameter controllingTerminal: when true the terminal becomes the program's controlling
    ///   terminal (closing the master then sends it SIGHUP, as a real hang-up does); when false it
    ///   is only its standard input and output (input just ends, no signal).
    public init(
        executable: String, arguments: [String], environment: [String: String],
        width: Int = 80, height: Int = 24, controllingTerminal: Bool = true
    ) throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw TmuxError("cannot open /dev/ptmx: \(String(cString: strerror(errno)))") }
        // TIOCSPTLCK (unlock the slave) and TIOCGPTN (its number): Linux ioctls Glibc does not export.
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
            close(master)
            throw TmuxError("cannot set up the pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        let slavePath = "/dev/pts/\(number)"
        var modes = termios()
        if tcgetattr(master, &modes) == 0 { initialModes = withUnsafeBytes(of: &modes) { Array($0) } }
        standardErrorURL = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("pty-stderr-\(UUID().uuidString)")

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid (glibc applies POSIX_SPAWN_SETSID first): without O_NOCTTY a
        // session leader's first terminal becomes its controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR | (controllingTerminal ? 0 : O_NOCTTY), 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_addopen(&actions, 2, standardErrorURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var attributes = posix_spawnattr_t()
        // POSIX_SPAWN_SETSID is 0x80 in glibc, which Swift does not see.
        prepareCleanSignals(&attributes, flags: 0x80)
        defer { posix_spawnattr_destroy(&attributes) }
        let argumentList = [executable] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = argumentList.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var envp: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }
            .map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, &argv, &envp)
        guard spawned == 0 else {
            close(master)
            throw TmuxError("could not start \(executable): error \(spawned)")
        }
        pid = child
    }

    deinit {
        if exit == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
        if master >= 0 { close(master) }
        try? FileManager.default.removeItem(at: standardErrorURL)
    }

    /// What the program wrote to standard error.
    public var standardError: String {
        (try? String(contentsOf: standardErrorURL, encoding: .utf8)) ?? ""
    }

    /// Types `text` (bytes, as a terminal sends them).
    public func type(_ text: String) throws {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if count > 0 {
                done += count
            } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                drain(waiting: 5)
            } else {
                throw TmuxError("cannot write to the pseudo-terminal: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Reads output until `predicate` holds for the output written after `offset` (as text),
    /// or fails after `timeout` seconds showing the tail of the output.
    public func waitForOutput(
        _ description: String, after offset: Int = 0, timeout: Double = 15, _ predicate: (String) -> Bool
    ) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let start = min(offset, output.count)
            if predicate(String(decoding: output[start...], as: UTF8.self)) { return }
            guard Date() < deadline, exit == nil else { break }
            if drain(waiting: 20) == nil { break }
        }
        let tail = String(decoding: output.suffix(600), as: UTF8.self).debugDescription
        throw TmuxError("timed out waiting for \(description); output ends: \(tail)")
    }

    /// Reads what is there, waiting up to `milliseconds` for something: the number of bytes
    /// read, or nil once nothing more can come (the terminal closed, or the program gone).
    @discardableResult
    private func drain(waiting milliseconds: Int32) -> Int? {
        guard master >= 0 else { return nil }
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else { return ready == 0 || errno == EINTR ? 0 : nil }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(master, &buffer, buffer.count)
        if count > 0 {
            output += buffer[0..<count]
            return count
        }
        // EIO: every descriptor of the slave is closed (the program is gone).
        return count < 0 && (errno == EINTR || errno == EAGAIN) ? 0 : nil
    }

    /// The terminal modes now, as raw bytes of `termios` (master and slave share them).
    public func modes() -> [UInt8]? {
        guard master >= 0 else { return nil }
        var modes = termios()
        guard tcgetattr(master, &modes) == 0 else { return nil }
        return withUnsafeBytes(of: &modes) { Array($0) }
    }

    /// Hangs up: closes the master end, as a terminal emulator or sshd does when it goes away.
    public func closeTerminal() {
        guard master >= 0 else { return }
        close(master)
        master = -1
    }

    /// Sends `signal` to the program.
    public func send(signal: Int32) {
        kill(pid, signal)
    }

    /// User plus system CPU time the running program has used so far, from `/proc/PID/stat`
    /// (clock-tick resolution, usually 10 ms); nil once it has gone.
    public func cpuSeconds() -> Double? {
        guard exit == nil, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Waits for the program to end (reading its output meanwhile, so it never blocks on a
    /// full terminal) and reaps it; throws if it is still running after `timeout` seconds.
    public func waitForExit(timeout: Double) throws -> Exit {
        if let exit { return exit }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            var status: Int32 = 0
            var usage = rusage()
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid {
                let time = Date()
                // What it wrote last, still in the terminal's buffer.
                while let count = drain(waiting: 0), count > 0 {}
                let signalled = (status & 0x7F) != 0
                let code = signalled ? 128 + (status & 0x7F) : (status >> 8) & 0xFF
                func seconds(_ value: timeval) -> Double { Double(value.tv_sec) + Double(value.tv_usec) / 1_000_000 }
                let ended = Exit(status: code, time: time, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime))
                exit = ended
                return ended
            }
            guard Date() < deadline else {
                throw TmuxError("the program (pid \(pid)) was still running after \(timeout) s")
            }
            if drain(waiting: 2) == nil { usleep(2_000) }
        }
    }
}
