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
