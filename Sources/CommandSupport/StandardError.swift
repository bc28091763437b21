import Glibc

/// Standard error, written with `write(2)`: diagnostics and one-line failures go here,
/// never onto the screen.
public enum StandardError {
    /// What every failure line of both programs starts with.
    public static let prefix = "storyboard: "

    /// Writes one failure line: `storyboard: ` and the message. Every command of both
    /// programs reports this way, so scripts and people see one form.
    public static func report(_ message: String) {
        write(prefix + message + "\n")
    }

    /// Writes `text` in full, retrying after interruptions and short writes; a closed or
    /// full stream drops the rest, as there is nowhere else to say so.
    public static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
