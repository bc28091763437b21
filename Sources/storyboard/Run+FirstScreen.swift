import CommandSupport
import Flow
import TUI

/// `storyboard run TARGET --first-screen-html COLSxROWS`: the screen a served session opens
/// on, drawn once at that size and printed as HTML rows (`HTMLScreen`) with a first line
/// `COLSxROWS`. `storyboard serve --http` runs it with the arguments and environment it
/// starts a browser's session with, so the page it answers with paints the very screen the
/// session will draw, before any script has loaded. Nothing is saved and no terminal is
/// touched.
extension Run {
    static func printFirstScreen(
        target: String, scene: String?, dataDirectory: String?, fresh: Bool, language: LocaleOption, size text: String,
        screenReader flag: Bool, memory: ScreenReaderMemory?
    ) -> Int32 {
        guard let size = Render.parseSize(text) else {
            StandardError.report("--first-screen-html must look like 80x24 (columns x rows, each 1 to 1000), not \(DiagnosticText.escaped(text))")
            return ExitStatus.usage.rawValue
        }
        let environment = TerminalEnvironment.current()
        // Drawn as a UTF-8 terminal draws it; a browser's session always is one.
        guard TerminalEnvironment.localeIsUTF8(environment) else {
            StandardError.report("the first screen is drawn for a UTF-8 locale only (set LANG, e.g. C.UTF-8)")
            return ExitStatus.usage.rawValue
        }
        let remembered = memory?.load() == true
        let screenReader = ScreenReaderSetting.startsOn(
            flag: flag, environment: ScreenReaderSetting.environmentValue(), remembered: remembered)
        let session: AppSession
        do {
            session = try startSession(
                target: target, scene: scene, dataDirectory: dataDirectory, fresh: fresh, language: language,
                screenReader: screenReader, remembered: remembered)
        } catch {
            StandardError.report(error.message)
            return error.status.rawValue
        }
        let depth = ColorDepth.detect(environment: environment)
        let terminal = MemoryTerminal(size: size, colorDepth: depth, frameLimit: 1)
        let shell = Shell(application: session.application, terminal: terminal)
        shell.showsTrace = session.storyboardName == "SegueTour"
        shell.screenReader = screenReader
        // The session is recorded when the environment says so: the server records every
        // session or none.
        warnFirstScreen(session, terminalTypeNotice: nil, isUTF8: true, environment: environment, recorded: true)
        shell.redraw()
        session.application.prepareForTermination()
        print("\(size.width)x\(size.height)")
        print(HTMLScreen.rows(of: shell.lastFrame.buffer, colorDepth: depth, cursor: terminal.cursor))
        return 0
    }
}
