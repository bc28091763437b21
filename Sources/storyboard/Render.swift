import CommandSupport
import ArgumentParser
import Flow
import FoundationEssentials
import TUI

/// `storyboard render`: runs headless, sends keys, prints the final screen.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Run a storyboard headless through the same renderer and keys, and print the final screen.")

    @Argument(help: "A .storyboard file, or the name of a bundled storyboard.")
    var target: String

    @Option(help: "Keys to send: <Up> <Down> <Left> <Right> <Enter> <Esc> <Tab> <BackTab> <Backspace> <Delete> <Home> <End> <PageUp> <PageDown> <Space> <F1>…<F12> <C-x> <lt>; other characters are typed.")
    var keys: String = ""

    // Unconditional, so a negative size ("-5x10") reaches the size check instead of being
    // taken for an option.
    @Option(parsing: .unconditional, help: "Screen size as COLSxROWS.")
    var size: String = "80x24"

    @Flag(help: "Print with colours (ANSI escape codes).")
    var ansi = false

    @Option(help: "Start at the scene with this storyboard identifier.")
    var scene: String?

    @Option(name: .customLong("data-dir"), help: "Where the demos keep their data, used as it is (default: a throwaway copy of $XDG_DATA_HOME/storyboard, so the keys sent never change it).")
    var dataDirectory: String?

    func run() throws {
        guard let screenSize = Self.parseSize(size) else {
            throw ValidationError("--size must look like 80x24 (columns x rows, each 1 to 1000), not \"\(size)\"")
        }
        let parsedKeys: [Key]
        do {
            parsedKeys = try KeyNotation.parse(keys)
        } catch {
            throw ValidationError("--keys: \(error.description)")
        }
        let session: AppSession
        do {
            // Keys sent here must never change the user's data: without --data-dir, the
            // demos work on a throwaway copy of their store.
            session = try AppSession(target: target, dataDirectory: dataDirectory, copiesData: dataDirectory == nil)
            try session.start(scene: scene, fresh: true)
        } catch {
            StandardError.report(error.message)
            throw ExitCode(error.status.rawValue)
        }
        if let problem = session.dataProblem {
            // A screen without its data would look like an empty store: say why, show nothing.
            StandardError.report(problem)
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        let depth = ansi ? ColorDepth.detect(environment: TerminalEnvironment.current()) : ColorDepth.none
        let terminal = MemoryTerminal(size: screenSize, colorDepth: depth, frameLimit: 1)
        let shell = Shell(application: session.application, terminal: terminal)
        shell.animatesTransitions = false
        shell.showsTrace = session.storyboard.name == "Tour"
        shell.redraw()
        for key in parsedKeys {
            shell.handle(key)
            if shell.exit != nil { break }
            shell.redraw()
        }
        session.application.prepareForTermination()
        guard let frame = terminal.lastFrame else { return }
        if ansi {
            print(frame.ansiText(colorDepth: depth == .none ? .ansi8 : depth))
        } else {
            print(frame.text)
        }
    }

    /// `80x24` → 80 columns, 24 rows.
    static func parseSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
            (1...1000).contains(columns), (1...1000).contains(rows)
        else { return nil }
        return Size(width: columns, height: rows)
    }
}
