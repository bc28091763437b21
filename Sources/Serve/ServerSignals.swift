import CServe
import Foundation
import Glibc

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
