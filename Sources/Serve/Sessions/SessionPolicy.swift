import CommandSupport
import Foundation

/// What a session may ask for: which environment variables reach the program, which
/// terminal types and sizes are taken, and what an exec request may name. Pure, so every
/// rule is tested without a connection.
public enum SessionPolicy {
    /// Whether an environment variable the client sends is passed on: the locale
    /// (`LANG`, `LC_*`), `COLORTERM`, `NO_COLOR` and `STORYBOARD_SCREEN_READER` (the
    /// screen-reader mode, asked for with `ssh -o SetEnv=STORYBOARD_SCREEN_READER=1`), and
    /// nothing else. The program's environment is otherwise the server's choice (`PATH`,
    /// `HOME`, …), as with sshd's `AcceptEnv`.
    public static func acceptsVariable(named name: String) -> Bool {
        if name == "LANG" || name == "COLORTERM" || name == "NO_COLOR" { return true }
        if name == ScreenReaderSetting.environmentVariable { return true }
        guard name.hasPrefix("LC_"), name.count > 3, name.count <= 32 else { return false }
        return name.utf8.allSatisfy { (0x41...0x5A).contains($0) || $0 == 0x5F }
    }

    /// The value to pass on for an accepted variable, or nil when it is not a plausible
    /// value for it (a locale is letters, digits and `_.@-`; `NO_COLOR` only matters when
    /// non-empty, so any such value becomes `1`; the screen-reader mode is `1` when asked
    /// for, `0` when refused, and nothing else).
    public static func value(_ value: String, forVariable name: String) -> String? {
        switch name {
        case "NO_COLOR":
            return value.isEmpty ? nil : "1"
        case ScreenReaderSetting.environmentVariable:
            if ScreenReaderSetting.isRequested(by: value) { return "1" }
            // Off, whatever the session's remembered mode says: the client's choice wins.
            return ScreenReaderSetting.isRefused(by: value) ? "0" : nil
        case "COLORTERM":
            return isPlain(value, maximumLength: 32) ? value : nil
        default:
            return isPlain(value, maximumLength: 64, extra: "@") ? value : nil
        }
    }

    /// The terminal type to run with: the client's `TERM` when it is a plausible terminfo
    /// name (letters, digits and `.+-_`, at most 64), else nil. An empty one is kept empty, so
    /// the program says that TERM is not set.
    public static func terminalType(_ term: String) -> String? {
        if term.isEmpty { return "" }
        return isPlain(term, maximumLength: 64, extra: "+") ? term : nil
    }

    /// What an exec request names, once trimmed: one word. The server then looks it up
    /// among the bundled storyboards and the served file; nothing else (no path, no command)
    /// is ever run.
    public static func execName(_ command: String) -> String? {
        let trimmed = command.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 128,
            trimmed.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "/" })
        else { return nil }
        return trimmed
    }

    private static func isPlain(_ text: String, maximumLength: Int, extra: String = "") -> Bool {
        guard text.utf8.count <= maximumLength else { return false }
        let extraBytes = Set(extra.utf8)
        return text.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == 0x2E || byte == 0x5F || byte == 0x2D || extraBytes.contains(byte)
        }
    }
}
