import CServe
import Foundation
import Glibc
import NIOConcurrencyHelpers
import NIOCore

/// How a session's process ended.
public enum ProcessExit: Equatable, Sendable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)

    /// As a shell reports it: the status, or 128 plus the signal's number. This is what the
    /// client gets as the session's exit status, so `kill -9` shows as 137, not as a bare 255.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signalled(let signal): 128 + signal
        }
    }

    init(waitStatus status: Int32) {
        if status & 0x7F == 0 {
            self = .exited((status >> 8) & 0xFF)
        } else {
            self = .signalled(status & 0x7F)
        }
    }

    /// `0`, `2`, `signal 9`: as the logs show it.
    public var description: String {
        switch self {
        case .exited(let status): "\(status)"
        case .signalled(let signal): "signal \(signal)"
        }
    }
}

/// Starts the sessions' processes and reaps them.
///
/// One place owns every child: a SIGCHLD handler (in C) writes to a pipe, a thread reads it
/// and collects the ended children with `waitpid` on their own ids (never `-1`, so nothing
/// else in the process loses a child). Spawning and watching happen under one lock, so a
/// child that ends at once is still found: its SIGCHLD comes after it is in the table.
final class ProcessSupervisor: @unchecked Sendable {
    private struct Watched {
        let loop: EventLoop
        let onExit: @Sendable (ProcessExit) -> Void
    }

    private let lock = NIOLock()
    private var watched: [pid_t: Watched] = [:]

    /// Process ids being watched (those not yet reaped).
    var livePIDs: [pid_t] { lock.withLock { Array(watched.keys) } }

    /// Spawns with `spawn` and calls `onExit` on `loop` once the process has been reaped.
    func start(
        on loop: EventLoop, _ spawn: () throws(SessionError) -> pid_t,
        onExit: @escaping @Sendable (ProcessExit) -> Void
    ) throws(SessionError) -> pid_t {
        lock.lock()
        defer { lock.unlock() }
        let pid = try spawn()
        watched[pid] = Watched(loop: loop, onExit: onExit)
        return pid
    }

    /// Collects every watched child that has ended.
    func reap() {
        var ended: [(Watched, ProcessExit)] = []
        lock.withLock {
            for (pid, entry) in watched {
                var status: Int32 = 0
                let result = waitpid(pid, &status, WNOHANG)
                if result == pid {
                    ended.append((entry, ProcessExit(waitStatus: status)))
                    watched[pid] = nil
                } else if result < 0 && errno == ECHILD {
                    // Reaped elsewhere: nothing more will come for it.
                    ended.append((entry, .exited(255)))
                    watched[pid] = nil
                }
            }
        }
        for (entry, exit) in ended {
            entry.loop.execute { entry.onExit(exit) }
        }
    }

    /// Sends `signal` to the process group of every watched child (each leads its own).
    func signalAll(_ signal: Int32) {
        for pid in livePIDs { kill(-pid, signal) }
    }
}

/// Signals for the server, read off the C handlers' pipe on a thread of their own.
final class ServerSignals: @unchecked Sendable {
    private let descriptor: Int32

    /// Installs the handlers for SIGCHLD, SIGTERM, SIGINT and SIGHUP, and ignores SIGPIPE
    /// (a write to a closed socket is an error to handle, not a reason to die).
    init() throws(SessionError) {
        signal(SIGPIPE, SIG_IGN)
        let signals: [Int32] = [SIGCHLD, SIGTERM, SIGINT, SIGHUP]
        let descriptor = sbs_install_signal_pipe(signals, Int32(signals.count))
        guard descriptor >= 0 else { throw .system("cannot install the signal handlers", errno) }
        self.descriptor = descriptor
    }

    /// Calls `handle` with each signal's number, on a thread of its own, forever.
    func start(_ handle: @escaping @Sendable (Int32) -> Void) {
        let descriptor = descriptor
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 64)
            while true {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, -1) >= 0 || errno == EINTR else { return }
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { continue }
                // Several SIGCHLDs in one read need one sweep.
                var seen = Set<UInt8>()
                for byte in buffer[0..<count] where seen.insert(byte).inserted {
                    handle(Int32(byte))
                }
            }
        }
        thread.name = "serve-signals"
        thread.start()
    }
}

/// Why a session could not be started.
enum SessionError: Error, CustomStringConvertible {
    /// A system call failed; the text says what was being done.
    case system(String, Int32)
    /// Something else failed; the text says what and why.
    case failed(String)

    var description: String {
        switch self {
        case .system(let what, let code): "\(what): \(String(cString: strerror(code)))"
        case .failed(let text): text
        }
    }
}
