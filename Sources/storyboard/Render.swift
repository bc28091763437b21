import CommandSupport
import ArgumentParser
import Flow
import FoundationEssentials
import Glibc
import TUI

/// `storyboard render`: runs headless, sends keys, prints the final screen (as text, with
/// colours, or as an SVG picture) or the whole run as a recording.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        // Parsed on its own when the command line asks for it (`StoryboardCommand.directlyParsed`).
        _superCommandName: "storyboard",
        abstract: "Run a storyboard (or an app's folder) headless through the same renderer and keys, and print the final screen.",
        discussion: """
            --format text prints the final screen as plain text; ansi with colours (escape codes); \
            svg as a picture of a terminal window; cast records the first screen and the one after \
            each key as an asciicast v2 file, which asciinema plays, --pace seconds apart (typed \
            characters that follow one another at a tenth of it). The same keys always give the \
            same output.
            """ + "\n\n" + ExitStatus.help)

    /// What `render` prints.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, ansi, svg, cast
    }

    @Argument(help: "A .storyboard file, an app's folder, a folder of storyboards, or a bundled storyboard's name.")
    var target: String

    @Option(help: "Keys to send: <Up> <Down> <Left> <Right> <Enter> <Esc> <Tab> <BackTab> <Backspace> <Delete> <Home> <End> <PageUp> <PageDown> <Space> <F1>…<F12> <C-x> <lt>; other characters are typed.")
    var keys: String = ""

    // Unconditional, so a negative size ("-5x10") reaches the size check instead of being
    // taken for an option.
    @Option(parsing: .unconditional, help: "Screen size as COLSxROWS.")
    var size: String = "80x24"

    @Option(help: "What to print: text, ansi (with colours), svg (a picture) or cast (a recording of every key).")
    var format: Format = .text

    @Flag(help: "The same as --format ansi.")
    var ansi = false

    @Option(help: ArgumentHelp("With --format cast: seconds between one key's frame and the next.", valueName: "seconds"))
    var pace: Double = 1

    @Flag(help: "With --format cast: put the time it was made in the recording's header.")
    var timestamp = false

    @Option(help: Run.sceneHelp)
    var scene: String?

    @Option(help: LocaleOption.help)
    var locale: String?

    /// `--locale`, declared here rather than as an option group (see `LocaleOption`).
    var language: LocaleOption { LocaleOption(locale: locale) }

    @Option(name: .customLong("data-dir"), help: "Where the demos keep their data, used as it is (default: a throwaway copy of $XDG_DATA_HOME/storyboard, so the keys sent never change it).")
    var dataDirectory: String?

    @Flag(name: .customLong("screen-reader"), help: ScreenReaderSetting.flagHelp)
    var screenReader = false

    func validate() throws {
        try LocaleOption.validate(locale)
    }

    func run() throws {
        guard let screenSize = Self.parseSize(size) else {
            throw ValidationError("--size must look like 80x24 (columns x rows, each 1 to 1000), not \"\(size)\"")
        }
        guard pace.isFinite, pace >= 0.01, pace <= 60 else {
            throw ValidationError("--pace must be a number of seconds from 0.01 to 60, not \(pace)")
        }
        if ansi && format != .text && format != .ansi {
            throw ValidationError("--ansi is --format ansi: give one format")
        }
        let format = ansi ? Format.ansi : self.format
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
            session = try AppSession(
                target: target, dataDirectory: dataDirectory, copiesData: dataDirectory == nil,
                languages: language.preference, explicitLanguage: language.isExplicit)
            try session.start(scene: scene, fresh: true)
        } catch {
            StandardError.report(error.message)
            throw ExitCode(error.status.rawValue)
        }
        // The picture is not in the language asked for: say which it is in.
        if let notice = session.languageNotice { StandardError.report(notice) }
        if let problem = session.dataProblem {
            // The screen shows a copy or the sample data, never an empty store: say which,
            // and show it. Only a session with no store at all shows nothing.
            StandardError.report(problem)
            if session.store == nil { throw ExitCode(ExitStatus.usage.rawValue) }
        }
        // A picture or a recording shows the colours themselves, whatever this terminal takes.
        let depth: ColorDepth
        switch format {
        case .text: depth = .none
        case .ansi: depth = ColorDepth.detect(environment: TerminalEnvironment.current())
        case .svg, .cast: depth = .trueColor
        }
        let terminal = MemoryTerminal(size: screenSize, colorDepth: depth, frameLimit: 1)
        let shell = Shell(application: session.application, terminal: terminal)
        shell.animatesTransitions = false
        shell.showsTrace = session.storyboardName == "SegueTour"
        // The flag only: a render's output must not change with the environment it runs in.
        shell.screenReader = screenReader
        let title = session.storyboardName
        var recording = KeyByKeyRecording(
            size: screenSize, pace: Int((pace * 1_000_000).rounded()), title: title,
            timestamp: timestamp ? Int(time(nil)) : nil)
        shell.redraw()
        if format == .cast { recording.add(shell.lastFrame, after: nil) }
        for key in parsedKeys {
            shell.handle(key)
            if shell.exit != nil { break }
            shell.redraw()
            if format == .cast { recording.add(shell.lastFrame, after: key) }
        }
        session.application.prepareForTermination()
        guard terminal.lastFrame != nil else { return }
        let frame = shell.lastFrame
        switch format {
        case .text: print(frame.buffer.text)
        case .ansi: print(frame.buffer.ansiText(colorDepth: depth == .none ? .ansi8 : depth))
        case .svg: print(SVGScreenshot(title: title).document(for: frame), terminator: "")
        case .cast: print(recording.text, terminator: "")
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
