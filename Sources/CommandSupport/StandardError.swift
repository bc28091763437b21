import Glibc

/// Standard error, written with `write(2)`: diagnostics and one-line failures go here,
/// never onto the screen.
public enum StandardError {
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
