import Foundation
import Testing
import TestSupport

/// Every end-to-end suite nests in this one, so the whole set runs one test at a time:
/// the tests find the app's process by name and share two cores with the build.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: the end-to-end tests need it"))
enum EndToEnd {}

/// The built binary and a data directory of its own, started the way a person starts it:
/// typed at an interactive shell in tmux, as that shell's foreground job.
struct TerminalApp {
    let binary: String
    let dataDirectory: URL

    init() throws {
        binary = try BuiltProduct.url(named: "storyboard").path
        dataDirectory = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("storyboard-e2e-\(UUID().uuidString)")
    }

    /// The file where a storyboard's screens are saved between runs.
    func restorationFile(for storyboard: String) -> URL {
        dataDirectory.appendingPathComponent("state").appendingPathComponent("\(storyboard).restoration.json")
    }

    /// A new shell in tmux, at its prompt.
    func shell(width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws -> Tmux {
        let tmux = try Tmux(command: "bash --norc --noprofile -i", width: width, height: height, environment: environment)
        try tmux.type("PS1='$ '")
        try tmux.send("Enter")
        try tmux.waitFor("the prompt") { Self.lastLine(of: $0) == "$" }
        return tmux
    }

    /// A new shell in tmux running `storyboard <arguments> --data-dir <ours>`.
    func launch(_ arguments: String, width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws -> Tmux {
        let tmux = try shell(width: width, height: height, environment: environment)
        try run(arguments, in: tmux)
        return tmux
    }

    /// Types `storyboard <arguments> --data-dir <ours>` at the prompt of `tmux`.
    func run(_ arguments: String, in tmux: Tmux) throws {
        try tmux.type("\(binary) \(arguments) --data-dir \(dataDirectory.path)")
        try tmux.send("Enter")
    }

    /// Waits for the prompt after the app ends and returns its exit status. Each call
    /// prints a marker of its own, so a shell that ran the app before is not misread.
    func waitForExit(_ tmux: Tmux) throws -> Int {
        try tmux.waitFor("the shell prompt after the app") { Self.lastLine(of: $0) == "$" }
        let marker = "exit-\(UUID().uuidString.prefix(6))-"
        try tmux.type("echo \(marker)$?")
        try tmux.send("Enter")
        let pattern = marker + "[0-9]+"
        let screen = try tmux.waitFor("the exit status") { $0.range(of: pattern, options: .regularExpression) != nil }
        let match = screen.range(of: pattern, options: .regularExpression).map { String(screen[$0]) } ?? ""
        return Int(match.dropFirst(marker.count)) ?? -1
    }

    /// The last line of the screen with something on it, trimmed.
    static func lastLine(of screen: String) -> String {
        screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    /// The screen's rows.
    static func lines(of screen: String) -> [String] {
        screen.components(separatedBy: "\n")
    }
}
