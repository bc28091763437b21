import Glibc

/// The process's environment as the terminal reads it (`TERM`, the locale, `NO_COLOR`,
/// `COLORTERM`…), read from `environ` directly: Foundation's `ProcessInfo` would do the same
/// with more of the program behind it.
public enum TerminalEnvironment {
    /// Every variable of the environment, by name (the first of a name repeated).
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.utf8.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }

    /// Whether the locale `environment` names (`LC_ALL`, else `LC_CTYPE`, else `LANG`) is
    /// UTF-8: what the screen is drawn in when it is, and with ASCII when not.
    public static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        let localeNames = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
        return localeNames.compactMap { $0 }.first { !$0.isEmpty }.map {
            $0.lowercased().contains("utf-8") || $0.lowercased().contains("utf8")
        } ?? false
    }
}
