import CommandSupport
import ArgumentParser
import Flow
import FoundationEssentials
import Glibc
import TUI

/// `storyboard run`: runs a storyboard in the terminal.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        // Parsed on its own when the command line asks for it (`StoryboardCommand.directlyParsed`).
        _superCommandName: "storyboard",
        abstract: "Run a storyboard file, an app's folder, or a bundled storyboard by name (dailybuzz, colorboard, seguetour).",
        discussion: """
            A folder with one app in it (an Info.plist naming a storyboard) runs that app's main \
            storyboard, as the simulator would; a folder with several apps, or none, opens a \
            launcher listing them (or its storyboards). A storyboard inside an app's folder runs as \
            part of that app: its references and translations resolve across the app.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "A .storyboard file, an app's folder, a folder of storyboards, or a bundled storyboard's name.")
    var target: String = "launcher"

    @Option(help: Run.sceneHelp)
    var scene: String?

    /// The help of `--scene`, which `render` takes too. The options the two share are
    /// declared by each, not as an option group: ArgumentParser builds and checks a group's
    /// options again each time it builds the command's: a third more instructions to parse
    /// (docs/DECISIONS.md, 2026-11-26 and 2026-11-28).
    static let sceneHelp = ArgumentHelp("Start at this scene: a storyboard identifier, a scene's object id, or Storyboard:identifier.")

    @Option(help: LocaleOption.help)
    var locale: String?

    /// `--locale`, declared here rather than as an option group (see `LocaleOption`).
    var language: LocaleOption { LocaleOption(locale: locale) }

    @Option(name: .customLong("data-dir"), help: "Where the demos keep their data (default: $XDG_DATA_HOME/storyboard).")
    var dataDirectory: String?

    @Flag(help: "Ignore the saved screen state and start at the first scene.")
    var fresh = false

    @Option(name: .customLong("record"), help: ArgumentHelp(
        "Record the session to this file as asciicast v2 (asciinema play replays it).", valueName: "file"))
    var recording: String?

    @Flag(name: .customLong("screen-reader"), help: ScreenReaderSetting.flagHelp)
    var screenReader = false

    @Flag(help: "Follow the storyboard's files as they are saved: each save redraws the screen at the same place.")
    var watch = false

    /// `storyboard serve --http` asks for a session's first screen this way, to put it in the
    /// page it answers with (`Run+FirstScreen.swift`).
    @Option(name: .customLong("first-screen-html"), help: .hidden)
    var firstScreenHTML: String?

    func validate() throws {
        try LocaleOption.validate(locale)
    }

    func run() throws {
        ensureNoInteractiveBacktrace()
        if let firstScreenHTML {
            let status = Self.printFirstScreen(
                target: target, scene: scene, dataDirectory: dataDirectory, fresh: fresh, language: language, size: firstScreenHTML,
                screenReader: screenReader, memory: ScreenReaderMemory.current())
            if status != 0 { throw ExitCode(status) }
            return
        }
        let status = Self.runInteractive(
            target: target, scene: scene, dataDirectory: dataDirectory, fresh: fresh, language: language,
            recording: recording, screenReader: screenReader, memory: ScreenReaderMemory.current(), watch: watch)
        if status != 0 { throw ExitCode(status) }
    }

    /// Runs in the real terminal; returns the exit status. Problems before the screen is
    /// up are one line on standard error, with no escape codes written.
    static func runInteractive(
        target: String, scene: String?, dataDirectory: String?, fresh: Bool, language: LocaleOption,
        recording: String? = nil, screenReader flag: Bool = false, memory: ScreenReaderMemory? = nil, watch: Bool = false
    ) -> Int32 {
        // The flag or the environment asking for the mode is for this run; what the launcher's
        // row keeps or turns off is remembered when the run ends.
        let remembered = memory?.load() == true
        let screenReader = ScreenReaderSetting.startsOn(
            flag: flag, environment: ScreenReaderSetting.environmentValue(), remembered: remembered)
        let session: AppSession
        var reloader: LiveReloader?
        do {
            session = try startSession(
                target: target, scene: scene, dataDirectory: dataDirectory, fresh: fresh, language: language,
                screenReader: screenReader, remembered: remembered)
            if watch { reloader = try session.liveReloader() }
        } catch {
            StandardError.report(error.message)
            return error.status.rawValue
        }
        if let problem = session.dataProblem {
            // In full before the screen takes the terminal (the status line repeats it).
            StandardError.report(problem)
        }
        // The file is opened first, so a bad path is an error before the screen is taken.
        var recorder: AsciicastRecorder?
        if let recording {
            do {
                recorder = try AsciicastRecorder(path: recording, title: session.storyboardName)
            } catch {
                StandardError.report(DiagnosticText.escaped(error.description))
                return ExitStatus.usage.rawValue
            }
        }
        let environment = TerminalEnvironment.current()
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal(environment: environment, recorder: recorder, asksTerminal: !screenReader)
        } catch {
            recorder?.abandon()
            StandardError.report(error.description)
            return ExitStatus.usage.rawValue
        }
        let shell = Shell(application: session.application, terminal: terminal)
        shell.showsTrace = session.storyboardName == "SegueTour"
        shell.screenReader = screenReader
        if let reloader {
            do {
                try shell.follow(reloader)
            } catch {
                session.application.warn(error.description)
            }
        }
        warnFirstScreen(
            session, terminalTypeNotice: terminal.terminalTypeNotice, isUTF8: terminal.isUTF8, environment: environment,
            recorded: recorder != nil)
        let exit = shell.run()
        shell.recordFocusForRestoration()
        session.save()
        terminal.shutdown()
        let kept = session.application.keepsScreenReaderMode
        if kept != remembered, let problem = memory?.save(kept) {
            StandardError.report(problem)
        }
        if let failure = recorder?.failure, let recording {
            StandardError.report("the recording to \(DiagnosticText.escaped(recording)) stopped early: \(failure)")
        }
        // As a shell reports a program a signal ended: 128 plus the signal's number.
        switch exit {
        case .signal(.hangUp): return 128 + SIGHUP
        case .signal(.interrupt): return 128 + SIGINT
        case .signal(.terminate): return 128 + SIGTERM
        case .quit, .inputClosed: return 0
        }
    }

    /// The application of `target`, started at its first scene (or `scene`) with the
    /// screen-reader mode as this run has it.
    static func startSession(
        target: String, scene: String?, dataDirectory: String?, fresh: Bool, language: LocaleOption, screenReader: Bool,
        remembered: Bool
    ) throws(CommandFailure) -> AppSession {
        let session = try AppSession(
            target: target, dataDirectory: dataDirectory, languages: language.preference,
            explicitLanguage: language.isExplicit)
        // Before the first scene appears, so that it (the launcher's row) sees the mode.
        session.application.isScreenReaderRunning = screenReader
        session.application.keepsScreenReaderMode = remembered
        try session.start(scene: scene, fresh: fresh)
        return session
    }

    /// Puts on the first screen's status line what the user must know before anything
    /// else: the terminal, the session's problems, the locale, and for a served session that
    /// it is recorded or that nothing saved is kept.
    static func warnFirstScreen(
        _ session: AppSession, terminalTypeNotice: String?, isUTF8: Bool, environment: [String: String], recorded: Bool
    ) {
        // Shown first, so a more serious notice below replaces it on the status line.
        if let notice = terminalTypeNotice { session.application.warn(notice) }
        if let notice = session.notices.last { session.application.warn(notice) }
        if !isUTF8 {
            session.application.warn("the locale is not UTF-8 (set LANG, e.g. C.UTF-8): drawing with ASCII")
        }
        // Last, so it is what the first screen says: people must know they are recorded, and
        // that nothing they save is kept when it is not.
        var served: [String] = []
        if environment[SessionRecording.environmentVariable] == "1", recorded { served.append(SessionRecording.notice) }
        if environment[DiscardedSessionData.environmentVariable] == "1" { served.append(DiscardedSessionData.notice) }
        if !served.isEmpty { session.application.warn(served.joined(separator: "; ")) }
    }
}
