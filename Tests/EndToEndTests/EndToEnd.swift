import Foundation
import Testing
import TestSupport

/// Every end-to-end suite nests in this one, so the whole set runs one test at a time:
/// the tests find the app's process by name and share two cores with the build.
@Suite(.serialized, .enabled(if: Tmux.isAvailable, "tmux is not installed: the end-to-end tests need it"))
enum EndToEnd {}

/// Fails unless `output` (a screen as `render` prints it) is `expected` cell for cell, naming
/// the first cell that differs (see `screenMismatch`).
func assertScreen(_ output: String, equals expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    if let problem = screenMismatch(Tmux.rows(of: output), expected) { Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation) }
}

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

    /// The app run directly on a pseudo-terminal the test holds (no shell, no tmux), in an
    /// xterm-256color terminal with a UTF-8 locale: `storyboard <arguments> --data-dir <ours>`.
    func launchOnPseudoTerminal(
        _ arguments: [String], width: Int = 80, height: Int = 24, controllingTerminal: Bool = true,
        environment extra: [String: String] = [:]
    ) throws -> PseudoTerminalProcess {
        let environment = [
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        ].merging(extra) { $1 }
        return try PseudoTerminalProcess(
            executable: binary, arguments: arguments + ["--data-dir", dataDirectory.path],
            environment: environment, width: width, height: height, controllingTerminal: controllingTerminal)
    }

    /// The process id of the program the shell in `tmux` is running as its job (the shell's
    /// child), or nil when it runs nothing.
    static func jobPID(in tmux: Tmux) throws -> pid_t? {
        guard let shell = try tmux.panePID(),
            let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        else { return nil }
        return children.split(separator: " ").compactMap { pid_t($0) }.first
    }

    /// Runs `store-helper <command> <our data directory> <extra>` and returns its output lines;
    /// throws with its output when it fails. It opens the store as the app does.
    func storeHelper(_ command: String, _ extra: [String] = []) throws -> [String] {
        let helper = try BuiltProduct.url(named: "store-helper").path
        let result = try Tmux.run([helper, command, dataDirectory.path] + extra)
        guard result.status == 0 else { throw TmuxError("store-helper \(command) failed: \(result.output)") }
        return result.output.split(separator: "\n").map(String.init)
    }

    /// `PRAGMA integrity_check` on the store: ["ok"] when it is sound.
    func integrityCheck() throws -> [String] {
        try storeHelper("check")
    }
}
