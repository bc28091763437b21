import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal whose both ends this process holds: code under test opens the terminal
/// on the slave (as it would on its standard input and output), and the test, as the
/// terminal emulator, reads what was written and types on the master.
public final class PseudoTerminalPair {
    /// The terminal's end the test plays the emulator on.
    public let master: Int32
    /// The end the program under test uses.
    public let slave: Int32
    /// Everything read from the master so far.
    public private(set) var output: [UInt8] = []

    /// Opens a `width`×`height` pair.
    public init(width: Int = 80, height: Int = 24) throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw TmuxError("cannot open /dev/ptmx: \(String(cString: strerror(errno)))") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
            close(master)
            throw TmuxError("cannot set up the pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else {
            close(master)
            throw TmuxError("cannot open the pseudo-terminal's slave: \(String(cString: strerror(errno)))")
        }
        try resize(width: width, height: height)
    }

    deinit {
        close(slave)
        close(master)
    }

    /// Sets the window size (what `TIOCGWINSZ` reads on the slave).
    public func resize(width: Int, height: Int) throws {
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else { throw TmuxError("cannot resize the pseudo-terminal") }
    }

    /// Types `text` as the terminal would send it.
    public func type(_ text: String) throws {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let count = bytes[done...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            guard count > 0 else { throw TmuxError("cannot write to the pseudo-terminal: \(String(cString: strerror(errno)))") }
            done += count
        }
    }

    /// Reads whatever has been written, waiting up to `milliseconds` for the first bytes; returns
    /// the output from `offset` on as text.
    @discardableResult
    public func read(waiting milliseconds: Int32 = 0, from offset: Int = 0) -> String {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        if poll(&descriptor, 1, milliseconds) > 0 {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = Glibc.read(master, &buffer, buffer.count)
                guard count > 0 else { break }
                output += buffer[0..<count]
            }
        }
        return String(decoding: output[min(offset, output.count)...], as: UTF8.self)
    }

    /// Reads until `predicate` holds for the output from `offset` on, or throws after `timeout`
    /// seconds showing the tail.
    @discardableResult
    public func waitForOutput(
        _ description: String, from offset: Int = 0, timeout: Double = 10, _ predicate: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let text = read(waiting: 20, from: offset)
            if predicate(text) { return text }
            guard Date() < deadline else {
                throw TmuxError("timed out waiting for \(description); output ends: \(text.suffix(400).debugDescription)")
            }
        }
    }
}
