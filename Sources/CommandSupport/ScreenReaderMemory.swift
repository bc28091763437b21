import Flow
import FoundationEssentials
import Glibc

/// The screen-reader mode as the last run left it, kept for the next runs in the user's
/// configuration: `$XDG_CONFIG_HOME/storyboard/screen-reader` (else
/// `~/.config/storyboard/screen-reader`), one word, `on` or `off`.
///
/// A blind user turns the mode on once (flag, environment or the launcher's row) and never
/// again has to find a way in through a screen drawn for sight; turning it off on the
/// launcher's row is remembered the same way. Over SSH each session runs with a home of the
/// server's choosing, so nothing of the server's own user is read.
public struct ScreenReaderMemory: Sendable {
    /// The file the mode is kept in; nil when there is no home to keep it in.
    public let path: String?

    /// The file name inside `storyboard/` of the configuration directory.
    public static let fileName = "screen-reader"

    /// The memory kept under `environment`'s configuration directory: `XDG_CONFIG_HOME` when
    /// it is absolute (the XDG spec says to ignore a relative one), else `HOME/.config`.
    public init(environment: [String: String]) {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            path = xdg + "/storyboard/" + Self.fileName
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            path = home + "/.config/storyboard/" + Self.fileName
        } else {
            path = nil
        }
    }

    /// The memory of this process's environment.
    public static func current() -> ScreenReaderMemory {
        var environment: [String: String] = [:]
        for name in ["XDG_CONFIG_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return ScreenReaderMemory(environment: environment)
    }

    /// The mode remembered: true for `on`, false for `off`, nil when nothing is (no file, an
    /// unreadable one, or a word that is neither, which is then left to be overwritten).
    public func load() -> Bool? {
        guard let path, let data = FileManager.default.contents(atPath: path), data.count <= 64 else { return nil }
        let word = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).first.map { $0.lowercased() }
        switch word {
        case "on": return true
        case "off": return false
        default: return nil
        }
    }

    /// Keeps `isOn` for the next runs, creating the directory (mode 0700) when needed. A
    /// failure is the reason in words, naming the file; the mode still works for this run.
    @discardableResult
    public func save(_ isOn: Bool) -> String? {
        guard let path else { return "no home directory to remember the screen-reader mode in" }
        guard load() != isOn else { return nil }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try Data((isOn ? "on\n" : "off\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return nil
        } catch {
            return "could not remember the screen-reader mode in \(DiagnosticText.escaped(path)): \(DiagnosticText.escaped(String(describing: error)))"
        }
    }
}
