import Foundation
import Testing
import TestSupport

/// The terminal screen reader tdsr (PyPI `tdsr2`) running the app in tmux, with a speech
/// server that writes down what it would say instead of saying it: what a blind user hears,
/// readable by a test.
///
/// tdsr speaks what a program writes, and after an arrow key the line the terminal's cursor
/// is on; it reads keys from its own terminal, which its entry point leaves in line mode, so
/// it is started after `stty raw -echo`.
final class Tdsr {
    /// The tdsr program: the one `.ci/run` installs in `.build/tdsr`, else one on `PATH`; nil
    /// when neither is there.
    static let program: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let installed = root.appendingPathComponent(".build/tdsr/bin/tdsr").path
        if FileManager.default.isExecutableFile(atPath: installed) { return installed }
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/tdsr"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    /// The Python beside the tdsr program (its own virtual environment's), else `python3`.
    static var python: String {
        guard let program else { return "python3" }
        let beside = URL(fileURLWithPath: program).deletingLastPathComponent().appendingPathComponent("python3").path
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : "python3"
    }

    /// The speech server: each line tdsr sends (`s` and words, `l` and a letter, `x` to stop)
    /// appended to the file named by its argument, as it comes.
    static let speechServer = """
        import sys
        with open(sys.argv[1], "a", encoding="utf-8") as log:
            for line in sys.stdin:
                log.write(line if line.endswith("\\n") else line + "\\n")
                log.flush()
        """

    let tmux: Tmux
    /// The terminal's columns.
    let width: Int
    let directory: URL
    let spokenFile: URL
    /// How many lines of speech the test has already looked at.
    private var heard = 0

    /// Runs `storyboard <arguments>` of `app` under tdsr in a terminal of `width`×`height`,
    /// with `environment` added, and waits until tdsr has started.
    init(app: TerminalApp, _ arguments: String, width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        let program = try #require(Self.program)
        self.width = width
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-tdsr-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        spokenFile = directory.appendingPathComponent("spoken.txt")
        FileManager.default.createFile(atPath: spokenFile.path, contents: Data())
        let server = directory.appendingPathComponent("speech.py")
        try Self.speechServer.write(to: server, atomically: true, encoding: .utf8)
        // tdsr's settings, in its home: the line at the cursor read 0.5 s after an arrow key
        // (its default, 0.02 s, can come before the frame on a busy machine).
        try """
            [speech]
            process_symbols = false
            key_echo = false
            cursor_tracking = true
            line_pause = true
            cursor_delay = 0.5

            [commands]

            [plugins]

            [symbols]

            """.write(to: directory.appendingPathComponent(".tdsr.cfg"), atomically: true, encoding: .utf8)
        var variables = ["HOME": directory.path]
        variables.merge(environment) { $1 }
        tmux = try app.shell(width: width, height: height, environment: variables)
        try tmux.type(
            "stty raw -echo; exec \(program) -s '\(Self.python) \(server.path) \(spokenFile.path)' -- \(app.binary) \(arguments) --data-dir \(app.dataDirectory.path)")
        try tmux.send("Enter")
        _ = try waitForSpeech("tdsr's greeting") { $0.contains("tdsr") }
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Everything said so far, a line each (without tdsr's `s` or `l`; `x` for each stop).
    func allSpoken() -> [String] {
        let text = (try? String(contentsOf: spokenFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            line.first == "s" || line.first == "l" ? String(line.dropFirst()) : String(line)
        }
    }

    /// Sends `keys` (tmux key names) and returns what tdsr says next once `predicate` holds
    /// of it (all of it, joined by new lines); fails with what was said and the screen.
    @discardableResult
    func press(_ keys: String..., until description: String, _ predicate: (String) -> Bool) throws -> String {
        heard = allSpoken().count
        for key in keys { try tmux.send(key) }
        return try waitForSpeech(description, predicate)
    }

    /// Waits until what was said since the last key satisfies `predicate`.
    func waitForSpeech(_ description: String, timeout: Double = 15, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var said = ""
        repeat {
            said = allSpoken().dropFirst(heard).filter { $0 != "x" }.joined(separator: "\n")
            if predicate(said) { return said }
            usleep(20_000)
        } while Date() < deadline
        let screen = (try? tmux.capture()) ?? ""
        throw TmuxError("tdsr never said \(description); it said:\n\(said)\nscreen:\n\(screen)")
    }

    /// Waits until the screen satisfies `predicate`: the first screen, before any key. What
    /// tdsr says of it is not waited for: the app's question to the terminal (synchronized
    /// output) is answered as input, and tdsr, taking any input for a key, may drop the
    /// speech it was about to start. The answer reaches tdsr before the screen shows the
    /// frame that followed the question, so keys sent after this are heard as keys.
    func waitForScreen(_ description: String, _ predicate: (String) -> Bool) throws {
        try tmux.waitFor(description, predicate)
    }

    /// Quits the app with `q` and waits for tdsr to end with it.
    func quit() throws {
        try tmux.send("q")
        try tmux.waitFor("tdsr to end with the app") { _ in (try? self.tmux.paneDead()) == true }
    }
}
