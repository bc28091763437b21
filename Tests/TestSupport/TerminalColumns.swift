import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Columns as the C library's `wcwidth` counts them in a UTF-8 locale, one code point at a
/// time: how tmux 3.3 and curses place characters. A test measures a captured screen row with
/// it to find where a character really sits, independently of the app's own width tables.
public enum TerminalColumns {
    /// The columns `text` takes on the terminal.
    public static func width<Text: StringProtocol>(of text: Text) throws -> Int {
        try measuring { wcwidth in
            text.unicodeScalars.reduce(0) { $0 + columns(of: $1, wcwidth) }
        }
    }

    /// The column at which each occurrence of `character` starts in `line` (a captured row).
    public static func columns(of character: Character, in line: String) throws -> [Int] {
        try measuring { wcwidth in
            var found: [Int] = []
            var column = 0
            for each in line {
                if each == character { found.append(column) }
                column += each.unicodeScalars.reduce(0) { $0 + columns(of: $1, wcwidth) }
            }
            return found
        }
    }

    private typealias WidthFunction = @convention(c) (Int32) -> Int32

    /// A code point the library cannot measure (-1) is counted as one column, as a terminal
    /// that draws a replacement for it would.
    private static func columns(of scalar: Unicode.Scalar, _ wcwidth: WidthFunction) -> Int {
        let width = Int(wcwidth(Int32(bitPattern: scalar.value)))
        return width < 0 ? 1 : width
    }

    /// Runs `body` with `wcwidth` under a C.UTF-8 locale for this thread only (other tests run
    /// in the same process, so the process locale is left alone).
    private static func measuring<Result>(_ body: (WidthFunction) -> Result) throws -> Result {
        // Glibc's headers hide wcwidth from Swift (it needs _XOPEN_SOURCE); the symbol is there.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth"),
            let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil)
        else {
            throw TmuxError("cannot measure columns: no wcwidth or no C.UTF-8 locale")
        }
        defer { freelocale(locale) }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return body(unsafeBitCast(symbol, to: WidthFunction.self))
    }
}
