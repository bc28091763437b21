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
        abstract: "Run a storyboard file, an app's folder, or a bundled storyboard by name (dailybuzz, colorboard, seguetour).",
        discussion: """
            A folder with one app in it (an Info.plist naming a storyboard) runs that app's main \
            storyboard, as the simulator would; a folder with several apps, or none, opens a \
            launcher listing them (or its storyboards). A storyboard inside an app's folder runs as \
            part of that app: its references and translations resolve across the app.
            """)

    @Argument(help: "A .storyboard file, an app's folder, a folder of storyboards, or a bundled storyboard's name.")
    var target: String = "launcher"

    @Option(help: "Start at this scene: a storyboard identifier, a scene's object id, or Storyboard:identifier.")
    var scene: String?

    @OptionGroup var language: LocaleOption

    @Option(name: .customLong("data-dir"), help: "Where the demos keep their data (default: $XDG_DATA_HOME/storyboard).")
    var dataDirectory: String?

    @Flag(help: "Ignore the saved screen state and start at the first scene.")
    var fresh = false

    func run() throws {
        ensureNoInteractiveBacktrace()
        let status = Self.runInteractive(
            target: target, scene: scene, dataDirectory: dataDirectory, fresh: fresh, language: language)
        if status != 0 { throw ExitCode(status) }
    }

    /// Runs in the real terminal; returns the exit status. Problems before the screen is
    /// up are one line on standard error, with no escape codes written.
    static func runInteractive(target: String, scene: String?, dataDirectory: String?, fresh: Bool, language: LocaleOption) -> Int32 {
        let session: AppSession
        do {
            session = try AppSession(
                target: target, dataDirectory: dataDirectory, languages: language.preference, explicitLanguage: language.isExplicit)
            try session.start(scene: scene, fresh: fresh)
        } catch {
            StandardError.write("storyboard: \(error.message)\n")
            return error.status.rawValue
        }
        let terminal: NcursesTerminal
        do {
            terminal = try NcursesTerminal(environment: TerminalEnvironment.current())
        } catch {
            StandardError.write("storyboard: \(error.description)\n")
            return ExitStatus.usage.rawValue
        }
        let shell = Shell(application: session.application, terminal: terminal)
        shell.showsTrace = session.storyboard.name == "SegueTour"
        // Shown first, so a more serious notice below replaces it on the status line.
        if let notice = terminal.terminalTypeNotice { session.application.warn(notice) }
        if let notice = session.notices.last { session.application.warn(notice) }
        if !terminal.isUTF8 {
            session.application.warn("the locale is not UTF-8 (set LANG, e.g. C.UTF-8): drawing with ASCII")
        }
        let exit = shell.run()
        session.save()
        terminal.shutdown()
        // As a shell reports a program a signal ended: 128 plus the signal's number.
        switch exit {
        case .signal(.hangUp): return 128 + SIGHUP
        case .signal(.interrupt): return 128 + SIGINT
        case .signal(.terminate): return 128 + SIGTERM
        case .quit, .inputClosed: return 0
        }
    }
}
