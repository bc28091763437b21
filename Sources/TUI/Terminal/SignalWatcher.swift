import CTerminalSignals
import Glibc

/// Turns signals into bytes on a pipe that `poll()` can wait on beside standard
/// input, and puts the terminal back when the process dies.
///
/// Signals are caught by C handlers that only `write(2)`: SIGINT, SIGTERM and
/// SIGHUP (quit), SIGWINCH (resize), SIGTSTP (Ctrl-Z) and SIGCONT (resumed).
/// Fatal signals (SIGSEGV, SIGILL and SIGTRAP from a Swift trap, SIGBUS, SIGABRT,
/// SIGFPE, SIGQUIT, SIGSYS) restore the saved terminal modes and write the exit
/// sequences, then pass the signal to the handler that was there before (Swift's
/// backtracer prints its report on a usable terminal).
///
/// Both jobs share one piece of C state (`CTerminalSignals`), reached only from here.
final class SignalWatcher {
    /// A signal, as read from the pipe.
    enum Event: Hashable {
        case interrupt, terminate, hangUp, resize, stop, resume
    }

    /// The end `poll()` watches.
    let readDescriptor: Int32
    private let writeDescriptor: Int32
    private var isInstalled = true

    /// Creates the pipe and installs the handlers (before `newterm`, so curses
    /// sees handlers in place and does not install its own).
    init() throws(TerminalError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            throw .setupFailed("pipe: " + String(cString: strerror(errno)))
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
        guard sb_guard_install_watch(writeDescriptor) == 0 else {
            sb_guard_uninstall_watch()
            close(readDescriptor)
            close(writeDescriptor)
            throw .setupFailed("sigaction: " + String(cString: strerror(errno)))
        }
        // A parent may have started us with these signals blocked (the mask is inherited
        // through exec; thread pools block signals): then a hang-up would never arrive.
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT, SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGABRT, SIGFPE] {
            sigaddset(&handled, signal)
        }
        pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    }

    /// The signals that arrived since the last call, oldest first.
    func drain() -> [Event] {
        var events: [Event] = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readDescriptor, &bytes, bytes.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in bytes[0..<count] {
                switch Int32(byte) {
                case SIGINT: events.append(.interrupt)
                case SIGTERM: events.append(.terminate)
                case SIGHUP: events.append(.hangUp)
                case SIGWINCH: events.append(.resize)
                case SIGTSTP: events.append(.stop)
                case SIGCONT: events.append(.resume)
                default: break
                }
            }
        }
        return events
    }

    /// Tells the handlers the program has seen the quit signals so far; a third
    /// unacknowledged one ends the process (it is stuck).
    func acknowledgeQuit() {
        sb_guard_acknowledge_quit()
    }

    /// Stops the process as Ctrl-Z would; returns once it is continued.
    func stopProcess() {
        sb_guard_stop_process()
    }

    /// How many times the process has been continued (SIGCONT) so far.
    var continueCount: Int32 { sb_guard_continue_count() }

    /// Puts the previous handlers back and closes the pipe.
    func uninstall() {
        guard isInstalled else { return }
        isInstalled = false
        sb_guard_uninstall_watch()
        close(readDescriptor)
        close(writeDescriptor)
    }

    deinit {
        uninstall()
    }

    // MARK: - Restoring the terminal on a crash

    /// Saves the modes of the terminal on `descriptor` as the ones to restore.
    static func saveModes(of descriptor: Int32) -> Bool {
        sb_guard_save_modes(descriptor) == 0
    }

    /// Arms the restore with the bytes that undo full-screen mode, and installs
    /// the fatal-signal and exit handlers.
    static func arm(exitSequence: [UInt8]) -> Bool {
        exitSequence.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                sb_guard_set_exit_sequence(characters.baseAddress, characters.count)
            }
        }
        sb_guard_arm(1)
        guard sb_guard_install_fatal() == 0 else { return false }
        _ = sb_guard_install_atexit()
        return true
    }

    /// Puts back the terminal modes saved at launch (after `endwin`).
    static func restoreModes() {
        _ = sb_guard_restore_modes()
    }

    /// Re-arms after a suspension (the modes and sequences are kept).
    static func rearm() {
        sb_guard_arm(1)
    }

    /// Disarms the restore and puts the previous fatal-signal handlers back.
    static func disarm() {
        sb_guard_arm(0)
        sb_guard_uninstall_fatal()
    }
}
