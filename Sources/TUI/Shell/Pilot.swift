import Flow

/// Drives a shell on an in-memory terminal the way a person would: press keys, type,
/// click, resize, and read the screen as text. Each event is handled and the screen
/// redrawn, exactly as the real key loop does.
public final class Pilot {
    public let terminal: MemoryTerminal
    public let shell: Shell

    /// A pilot over `application`, at `size`.
    public init(application: Application, size: Size = Size(width: 80, height: 24), colorDepth: ColorDepth = .trueColor) {
        terminal = MemoryTerminal(size: size, colorDepth: colorDepth)
        shell = Shell(application: application, terminal: terminal)
        shell.animatesTransitions = false
        shell.redraw()
    }

    /// Presses keys in order.
    public func press(_ keys: Key...) {
        for key in keys { send(key) }
    }

    /// Presses the keys of a notation string (`"<Down><Enter>203<C-s>"`).
    public func press(notation: String) throws {
        for key in try KeyNotation.parse(notation) { send(key) }
    }

    /// Types text, one character at a time.
    public func type(_ text: String) {
        for character in text { send(Key(typing: character)) }
    }

    /// Pastes text in one piece, as bracketed paste delivers it.
    public func paste(_ text: String) { send(.paste(text)) }

    /// Clicks a cell of the screen.
    public func click(x: Int, y: Int) { send(.mouse(.click(Point(x: x, y: y)))) }

    /// Moves the pointer to a cell with the primary button held, after a click.
    public func drag(x: Int, y: Int) { send(.mouse(.drag(Point(x: x, y: y)))) }

    /// Clicks the first place the screen shows `text`; false if it isn't shown.
    @discardableResult
    public func click(on text: String) -> Bool {
        for (row, line) in screenLines.enumerated() {
            if let range = line.firstRange(of: text) {
                let column = DisplayWidth.of(String(line[..<range.lowerBound]))
                click(x: column, y: row)
                return true
            }
        }
        return false
    }

    /// Turns the mouse wheel over a cell.
    public func scroll(down: Bool, x: Int = 1, y: Int = 4) {
        send(.mouse(down ? .wheelDown(Point(x: x, y: y)) : .wheelUp(Point(x: x, y: y))))
    }

    /// Changes the terminal size, as a window resize would.
    public func resize(width: Int, height: Int) {
        terminal.resize(to: Size(width: width, height: height))
        send(.resize)
    }

    /// Lets the time of one animation step pass with no key, as the shell's loop does while
    /// something animates, and redraws.
    public func tick() {
        shell.advanceAnimation()
        shell.redraw()
    }

    /// Waits up to `timeout` for the shell's file watcher (`Shell.follow(_:)`) to hear a save,
    /// then lets the shell take it as its loop does (`.wake`) and redraws. False when nothing
    /// was heard in that time.
    @discardableResult
    public func followSaves(within timeout: Duration = .seconds(5)) -> Bool {
        guard let watcher = shell.fileWatcher, watcher.waitForChange(within: timeout) else { return false }
        send(.wake)
        return true
    }

    private func send(_ key: Key) {
        shell.handle(key)
        shell.redraw()
    }

    /// The screen as text.
    public var screen: String { terminal.screenText }

    /// The screen's rows.
    public var screenLines: [String] { terminal.lastFrame?.lines ?? [] }

    /// Whether the screen shows `text` somewhere.
    public func shows(_ text: String) -> Bool { screen.contains(text) }
}
