/// Synchronized output (private mode 2026): the terminal holds a frame back until it is
/// complete, so over a slow link a frame never shows half drawn.
///
/// A frame is written between `begin` (`CSI ? 2026 h`) and `end` (`CSI ? 2026 l`) only when
/// the terminal said, in answer to DECRQM, that it knows the mode: one that does not might
/// show the sequences or hold everything. Terminals that ignore unknown private modes would
/// be safe anyway, but a frame is only ever wrapped on the terminal's own word.
public enum SynchronizedOutput {
    /// Starts holding output back.
    public static let begin = "\u{1B}[?2026h"
    /// Shows what was held, at once.
    public static let end = "\u{1B}[?2026l"
    /// DECRQM: asks whether private mode 2026 is known.
    static let modeRequest = "\u{1B}[?2026$p"

    /// Whether to ask a terminal of type `term` at all.
    ///
    /// Consoles that are not terminal emulators (the Linux console, the BSD consoles) parse a
    /// control sequence's `$` as its end and would print the rest of the request; the mode
    /// does not exist there anyway. Everything else that draws with curses today (xterm and
    /// its descendants, tmux, screen, VTE, kitty, WezTerm, …) reads the request as a whole
    /// and answers it or ignores it.
    public static func isWorthAsking(term: String) -> Bool {
        let name = term.lowercased()
        for console in ["linux", "cons", "pcvt", "wsvt", "vt52", "vt100", "vt102", "vt220", "ansi", "sun", "dumb"]
        where name == console || name.hasPrefix(console + "-") || (console == "cons" && name.hasPrefix("cons")) {
            return false
        }
        return !name.isEmpty
    }

    /// What a DECRQM report for mode 2026 says: true when the mode can be set or reset (1
    /// or 2), false when it is unknown or fixed (0, 3, 4); nil when `body` (a control sequence
    /// after `ESC [`, to its final byte) is no such report.
    static func report(in body: ArraySlice<UInt8>) -> Bool? {
        // `? 2026 ; Ps $ y`
        let text = String(decoding: body, as: UTF8.self)
        guard text.hasPrefix("?2026;"), text.hasSuffix("$y") else { return nil }
        let value = text.dropFirst("?2026;".count).dropLast(2)
        switch value {
        case "1", "2": return true
        default: return false
        }
    }
}
