import CServe
import Glibc

/// A new pseudo-terminal for one session: the server keeps the master, the session's
/// process gets the slave as its controlling terminal.
struct PseudoTerminal {
    /// The master end (non-blocking, close-on-exec), owned by the caller until handed to NIO.
    let master: Int32
    /// `/dev/pts/N`, opened by the child after it starts a session of its own.
    let slavePath: String

    /// Opens one with the size and modes the client asked for.
    static func open(size: TerminalSize, modes: [(opcode: UInt8, value: UInt32)]) throws(SessionError) -> PseudoTerminal {
        var master: Int32 = -1
        var path = [CChar](repeating: 0, count: 128)
        guard sbs_open_pty(&master, &path, path.count) == 0 else {
            throw .system("cannot open a pseudo-terminal", errno)
        }
        let name = String(decoding: path.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let terminal = PseudoTerminal(master: master, slavePath: name)
        if !modes.isEmpty {
            // Best effort, as sshd: a mode the kernel refuses leaves the defaults, which work.
            _ = sbs_apply_ssh_modes(master, modes.map(\.opcode), modes.map(\.value), Int32(modes.count))
        }
        resize(master: master, to: size)
        return terminal
    }

    /// Sets the size; the kernel sends SIGWINCH to the program in front.
    static func resize(master: Int32, to size: TerminalSize) {
        _ = sbs_set_window_size(master, UInt32(size.rows), UInt32(size.columns), UInt32(size.pixelWidth), UInt32(size.pixelHeight))
    }
}

/// A terminal's size as a client reports it.
struct TerminalSize: Equatable, Sendable, CustomStringConvertible {
    var columns: Int
    var rows: Int
    var pixelWidth = 0
    var pixelHeight = 0

    /// A size from a client, with 0 (unknown) as 80×24 and anything past what a terminal
    /// can hold (`winsize` has 16-bit fields) cut to 4,000.
    init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        self.columns = columns <= 0 ? 80 : min(columns, 4000)
        self.rows = rows <= 0 ? 24 : min(rows, 4000)
        self.pixelWidth = min(max(pixelWidth, 0), 65535)
        self.pixelHeight = min(max(pixelHeight, 0), 65535)
    }

    var description: String { "\(columns)x\(rows)" }
}
