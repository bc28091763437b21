import Glibc
import Testing
@testable import TUI

/// What can be checked of the real back end without a terminal, and (nested) on a
/// pseudo-terminal. Serialized, nested suites included: the signal handlers and curses'
/// screen exist once per process.
@Suite(.serialized) struct NcursesTerminalTests {
    @Test(.enabled(if: isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0))
    func refusesWhenNotATerminal() {
        #expect(throws: TerminalError.notATerminal) {
            _ = try NcursesTerminal(environment: ["TERM": "xterm-256color"])
        }
    }

    @Test func signalsBecomeEventsOnThePipe() throws {
        let watcher = try SignalWatcher()
        defer { watcher.uninstall() }
        #expect(watcher.drain() == [])
        // Sent to the process (test threads may block signals; some thread takes it).
        kill(getpid(), SIGWINCH)
        kill(getpid(), SIGCONT)
        var events: [SignalWatcher.Event] = []
        var descriptor = pollfd(fd: watcher.readDescriptor, events: Int16(POLLIN), revents: 0)
        while events.count < 2, poll(&descriptor, 1, 5_000) > 0 {
            events += watcher.drain()
        }
        #expect(events.sorted { "\($0)" < "\($1)" } == [.resize, .resume])
        #expect(watcher.drain() == [])
    }
}
