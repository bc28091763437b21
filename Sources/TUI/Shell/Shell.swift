import Flow
import Glibc

/// Why the shell stopped.
public enum ShellExit: Equatable, Sendable {
    /// The user quit (`q` at the root, or Ctrl-C).
    case quit
    /// A signal asked the program to end (hang-up, terminate, interrupt).
    case signal(TerminalSignal)
    /// The terminal's input closed (the pty went away, or a test ran out of keys).
    case inputClosed
}

/// The terminal shell: shows the running storyboard's screens and turns keys and clicks
/// into taps, actions and segues.
///
/// Each turn of its loop renders a `Frame` from the application and the shell's state
/// (`ScreenRenderer`, which changes neither), shows it, and handles the next key against
/// that frame: the regions it drew, the rows its tables showed, the keys it offered. Only
/// input handling changes state. The shell never calls curses: it hands the frame's cells
/// to its `Terminal`, which a test replaces with a `MemoryTerminal`.
public final class Shell {
    public let application: Application
    public let terminal: Terminal
    /// What the shell remembers between frames: focus, scroll, cursors, overlays.
    public private(set) var state = ShellState()
    /// Whether transition effects pause between frames (off for tests and `render`).
    public var animatesTransitions = true
    /// The smallest screen the shell draws on; below it, a notice.
    public static let minimumSize = ScreenRenderer.minimumSize
    /// The narrowest terminal that counts as regular width, as an iPad's screen does: split
    /// views show their columns side by side from here, and popovers point at their anchors.
    public static let regularWidth = 100

    /// The frame on screen, which the next key or click is handled against.
    public private(set) var lastFrame: Frame
    /// Whether state changed since `lastFrame` was made (a key handled without a redraw).
    private var frameIsStale = true
    private var pendingEffect: TransitionEffect?
    /// The storyboard's files followed as they are saved (`--watch`), and what tells when.
    var live: (reloader: LiveReloader, watcher: FileWatcher)?
    private var exitReason: ShellExit?

    public init(application: Application, terminal: Terminal) {
        self.application = application
        self.terminal = terminal
        lastFrame = Frame(size: Size(width: 0, height: 0))
        application.onWarning = { [weak self] message in self?.state.statusMessage = message }
        application.onTransitionEffect = { [weak self] effect in self?.pendingEffect = effect }
        adaptToWidth()
    }

    /// Tells the application its width class from the terminal's width.
    private func adaptToWidth() {
        application.setHorizontalSizeClass(terminal.size.width >= Self.regularWidth ? .regular : .compact)
    }

    /// Whether the screens are drawn for a screen reader (`Application.isScreenReaderRunning`,
    /// which app code may also set): the cursor on the focused element, an announcement line,
    /// state in words and no drawn lines.
    public var screenReader: Bool {
        get { application.isScreenReaderRunning }
        set { application.isScreenReaderRunning = newValue }
    }

    /// Whether the trace panel shows (the tour turns it on).
    public var showsTrace: Bool {
        get { state.showsTrace }
        set { state.showsTrace = newValue }
    }

    /// Whether the shell has been asked to stop, and why.
    public var exit: ShellExit? { exitReason }

    // MARK: Running

    /// Draws, then reads and handles keys until the user quits, a signal arrives, or input
    /// closes. Blocks on input between keys: an idle shell uses no CPU.
    @discardableResult
    public func run() -> ShellExit {
        redraw()
        while exitReason == nil {
            if let wait = nextWait, !terminal.hasKey(within: wait) {
                advanceAnimation()
                redraw()
                continue
            }
            guard let key = terminal.readKey() else {
                exitReason = .inputClosed
                break
            }
            handle(key)
            if exitReason == nil { redraw() }
        }
        terminal.setCursor(nil)
        return exitReason ?? .quit
    }

    /// How long the loop waits for a key before drawing the next frame of an animation; nil
    /// when nothing on screen animates, and the shell then waits for a key however long it
    /// takes (an idle shell uses no CPU).
    public var nextWait: Duration? {
        lastFrame.isAnimating ? Frame.animationInterval : nil
    }

    /// Moves animations on by one step (the loop does this each `nextWait` without a key).
    public func advanceAnimation() {
        state.animationStep &+= 1
        frameIsStale = true
    }

    /// The frame for the current state, at the terminal's size; shows nothing, changes nothing.
    public func render() -> Frame {
        ScreenRenderer.render(application, state: state, size: terminal.size)
    }

    /// Renders the current state and shows it, playing a pending transition effect first.
    public func redraw() {
        let frame = render()
        // A screen reader is given the new screen at once: frames between would be read.
        if let effect = pendingEffect, lastFrame.size == frame.size, !application.isScreenReaderRunning {
            for step in 1...max(1, effect.frames) {
                terminal.draw(Dissolve.frame(from: lastFrame.buffer, to: frame.buffer, step: step, of: effect.frames + 1))
                if animatesTransitions { usleep(30_000) }
            }
        }
        pendingEffect = nil
        show(frame)
    }

    /// Shows `frame`, keeps it for the next key, and takes in what it laid out.
    private func show(_ frame: Frame) {
        terminal.show(frame.buffer, cursor: frame.cursor, resting: frame.restingCursor, rewriting: rowsToRewrite(for: frame))
        lastFrame = frame
        frameIsStale = false
        state.adopt(frame)
        // Tables keep the cells of the rows on screen, as UIKit keeps its visible cells.
        for drawn in frame.tables.values { drawn.table.endDisplaying(keeping: drawn.shownRows) }
    }

    /// The rows of `frame` to write whole, so that a screen reader speaking what is written
    /// hears all of them: every row when another scene is on top (a title the last one
    /// shared in part, `Color` after `Colors`, would be left unsaid), else in the
    /// screen-reader mode the announcement's rows when they changed (not just their new
    /// end). A ↓ that moves a highlight writes only what it changes.
    private func rowsToRewrite(for frame: Frame) -> [Range<Int>] {
        guard lastFrame.size == frame.size else { return [] }
        if frame.topController !== lastFrame.topController { return [0..<frame.size.height] }
        guard let rows = frame.announcementRows, rows.upperBound <= frame.size.height else { return [] }
        let width = frame.size.width
        let span = rows.lowerBound * width..<rows.upperBound * width
        return frame.buffer.cells[span] == lastFrame.buffer.cells[span] ? [] : [rows]
    }

    /// Lets go of what the frame on screen holds of the screens it drew, keeping its cells for
    /// the next frame to be compared with: a live reload has replaced every screen, and the
    /// old ones go now rather than once the next frame is shown. The next key is handled
    /// against a frame drawn anew.
    func forgetDrawnScreens() {
        lastFrame = lastFrame.cellsOnly
        frameIsStale = true
    }

    /// The frame keys are handled against: the one shown, or a fresh one when keys were
    /// handled since (without a redraw between, as a test may do).
    private func currentFrame() -> Frame {
        if frameIsStale {
            lastFrame = render()
            frameIsStale = false
            state.adopt(lastFrame)
        }
        return lastFrame
    }

    /// Handles one key or event, against the frame on screen.
    public func handle(_ key: Key) {
        switch key {
        case .signal(let signal):
            exitReason = .signal(signal)
        case .resize:
            adaptToWidth()
            frameIsStale = true
        case .wake:
            followSavedFiles()
        case .unknown:
            break
        default:
            handle(key, on: currentFrame())
        }
    }

    /// Handles a key or a click against `frame`: a click goes to the region of `frame` under
    /// it, a key to the bindings `frame` offered, a page moves by the rows its tables showed.
    /// A frame drawn by `ScreenRenderer.render(_:in:size:state:)` into part of the screen
    /// takes input as a whole screen's does.
    public func handle(_ key: Key, on frame: Frame) {
        defer { frameIsStale = true }
        state.statusMessage = nil
        state.announcedScene = frame.topController
        if case .mouse(let event) = key {
            handleMouse(event, frame: frame)
            return
        }
        if let overlay = state.overlay, handleOverlayKey(key, overlay: overlay, frame: frame) { return }
        if handleTextInput(key, frame: frame) { return }
        if let binding = frame.bindings.first(where: { $0.matches(key) }) {
            perform(binding.command, frame: frame)
            return
        }
        if case .char("q") = key {
            state.statusMessage = "q quits from the first screen; Esc goes back"
        }
    }

    /// Keys while an overlay (help, the overview) shows: the arrows and the page keys scroll
    /// it, Ctrl-C still quits, and any other key closes it. True when the key was the
    /// overlay's.
    private func handleOverlayKey(_ key: Key, overlay: ShellState.Overlay, frame: Frame) -> Bool {
        let scroll: Int
        switch overlay {
        case .help(let value), .overview(let value): scroll = value
        }
        let limit = frame.overlayScrollLimit
        let moved: Int?
        switch key {
        case .up, .char("k"): moved = max(0, min(scroll, limit) - 1)
        case .down, .char("j"): moved = min(limit, scroll + 1)
        case .pageUp: moved = max(0, min(scroll, limit) - 10)
        case .pageDown, .char(" "): moved = min(limit, scroll + 10)
        case .home: moved = 0
        case .end: moved = limit
        case .ctrl("c"):
            state.overlay = nil
            return false
        default: moved = nil
        }
        guard let moved else {
            state.overlay = nil
            return true
        }
        switch overlay {
        case .help: state.overlay = .help(scroll: moved)
        case .overview: state.overlay = .overview(scroll: moved)
        }
        return true
    }

    /// Tells each screen's controller which of its views has the focus, so that saving the
    /// state keeps it (see `ViewController.focusedViewIdentifier`). Call before saving.
    public func recordFocusForRestoration() {
        for screen in state.screens.values {
            guard let controller = screen.controller, controller.modalPresentation == nil else { continue }
            controller.focusedViewIdentifier = Focus.focused(Focus.items(of: controller), index: screen.focusIndex)?.id
        }
    }

    /// Ends the run, as the key map's quit commands do.
    func quit() {
        exitReason = .quit
    }

    /// Changes the shell's state (input handling only).
    func updateState(_ change: (inout ShellState) -> Void) {
        change(&state)
    }
}

/// The frames of a dissolve: cells switch from the old screen to the new in a fixed
/// scattered order.
enum Dissolve {
    static func frame(from old: CellBuffer, to new: CellBuffer, step: Int, of steps: Int) -> CellBuffer {
        var mixed = new
        for y in 0..<new.height {
            for x in 0..<new.width {
                let hash = (x &* 7919 &+ y &* 104_729) % max(steps, 1)
                if hash >= step, let cell = old[x, y], !cell.isContinuation, !cell.isWide {
                    mixed.set(cell.character, at: Point(x: x, y: y), style: cell.style)
                }
            }
        }
        return mixed
    }
}
