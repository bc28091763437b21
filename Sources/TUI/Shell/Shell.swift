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

/// The terminal shell: draws the running storyboard's screens and turns keys and clicks
/// into taps, actions and segues.
///
/// The shell never calls curses: it renders into a `CellBuffer` and hands it to its
/// `Terminal`, which a test replaces with a `MemoryTerminal`.
public final class Shell {
    public let application: Application
    public let terminal: Terminal
    /// Whether the trace panel shows (the tour turns it on).
    public var showsTrace = false
    /// Whether transition effects pause between frames (off for tests and `render`).
    public var animatesTransitions = true
    /// The smallest screen the shell draws on; below it, a notice.
    public static let minimumSize = Size(width: 20, height: 6)

    var states: [ObjectIdentifier: ScreenState] = [:]
    var hits: [Hit] = []
    var statusMessage: String?
    var showsHelp = false
    var showsOverview = false
    var overviewScroll = 0
    var pendingEffect: TransitionEffect?
    /// Rows of the table last drawn for the focused screen (what PageDown moves by).
    var lastTableViewportHeight = 10
    /// Columns of the grid last drawn.
    var lastGridColumns = 1
    /// Where the text cursor goes after the frame is shown (a field being edited).
    var cursorPosition: Point?
    /// The key context of the frame being drawn, worked out once per frame.
    var frameContext: KeyContext?
    /// The controller whose content the last frame drew on top (the alert, when one shows).
    weak var drawnTopController: ViewController?
    private(set) var lastFrame: CellBuffer?
    private var exitReason: ShellExit?

    public init(application: Application, terminal: Terminal) {
        self.application = application
        self.terminal = terminal
        application.onWarning = { [weak self] message in self?.statusMessage = message }
        application.onTransitionEffect = { [weak self] effect in self?.pendingEffect = effect }
    }

    // MARK: Running

    /// Draws, then reads and handles keys until the user quits, a signal arrives, or input
    /// closes. Blocks on input between keys: an idle shell uses no CPU.
    @discardableResult
    public func run() -> ShellExit {
        redraw()
        while exitReason == nil {
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

    /// Whether the shell has been asked to stop, and why.
    public var exit: ShellExit? { exitReason }

    /// Renders the current state and shows it, playing a pending transition effect first.
    public func redraw() {
        let frame = render()
        if let effect = pendingEffect, let old = lastFrame, old.size == frame.size {
            pendingEffect = nil
            for step in 1...max(1, effect.frames) {
                terminal.draw(Dissolve.frame(from: old, to: frame, step: step, of: effect.frames + 1))
                if animatesTransitions { usleep(30_000) }
            }
        }
        pendingEffect = nil
        lastFrame = frame
        terminal.draw(frame)
        terminal.setCursor(cursorPosition)
    }

    /// Handles one key or event.
    public func handle(_ key: Key) {
        switch key {
        case .signal(let signal):
            exitReason = .signal(signal)
            return
        case .resize, .unknown:
            return
        case .mouse(let event):
            statusMessage = nil
            handleMouse(event)
            return
        default:
            break
        }
        statusMessage = nil
        if showsHelp {
            showsHelp = false
            if key != .ctrl("c") { return }
        }
        if showsOverview {
            switch key {
            case .up, .char("k"): overviewScroll = max(0, overviewScroll - 1)
            case .down, .char("j"): overviewScroll += 1
            case .pageUp: overviewScroll = max(0, overviewScroll - 10)
            case .pageDown: overviewScroll += 10
            case .ctrl("c"): exitReason = .quit
            default: showsOverview = false
            }
            return
        }
        if handleTextInput(key) { return }
        let context = keyContext()
        if let binding = KeyMap.bindings(for: context).first(where: { $0.matches(key) }) {
            perform(binding.command, context: context)
            return
        }
        if case .char("q") = key {
            statusMessage = "q quits from the first screen; Esc goes back"
        }
    }

    // MARK: Commands

    func perform(_ command: ShellCommand, context: KeyContext) {
        guard let top = application.topViewController else {
            if command == .quit || command == .forceQuit { exitReason = .quit }
            return
        }
        if let alert = top as? AlertController {
            performAlert(command, alert)
            return
        }
        let state = state(for: top)
        switch command {
        case .quit, .forceQuit:
            exitReason = .quit
        case .help:
            showsHelp = true
        case .overview:
            showsOverview = true
            overviewScroll = 0
        case .tracePanel:
            showsTrace.toggle()
        case .back:
            goBack(from: top)
        case .barButton(let id):
            top.navigationItem.allItems.first { $0.id == id }?.tap()
        case .keyCommand(let index):
            let commands = top.keyCommands
            if commands.indices.contains(index) { commands[index].action() }
        case .segue(let id):
            top.triggerSegue(id: id, sender: nil)
        case .selectTab(let index):
            top.tabBarController?.select(index)
        case .focusNext:
            moveFocus(by: 1, in: top, state: state)
        case .focusPrevious:
            moveFocus(by: -1, in: top, state: state)
        case .moveUp, .moveDown, .pageUp, .pageDown, .top, .bottom:
            moveInCollection(command, top: top, state: state)
        case .activate:
            activate(top, state: state)
        case .accessory:
            if let table = focusedTable(top, state: state), let path = table.selectedIndexPath {
                table.tapAccessory(at: path)
            }
        case .decrease, .increase, .decreaseMore, .increaseMore, .toggle:
            adjustFocusedControl(command, top: top, state: state)
        }
    }

    /// Esc: pop when there is a back button, else the cancel bar button, else dismiss.
    func goBack(from top: ViewController) {
        if let navigation = top.navigationController, navigation.viewControllers.count > 1,
            !top.navigationItem.hidesBackButton
        {
            navigation.popViewController()
        } else if let cancel = top.navigationItem.allItems.first(where: { $0.systemItem == .cancel }) {
            cancel.tap()
        } else if application.presentationLayers.count > 1 {
            top.dismiss()
        }
    }

    private func performAlert(_ command: ShellCommand, _ alert: AlertController) {
        let state = state(for: alert)
        let count = alert.actions.count
        switch command {
        case .focusNext:
            if count > 0 { state.alertSelection = (state.alertSelection + 1) % count }
        case .focusPrevious:
            if count > 0 { state.alertSelection = (state.alertSelection + count - 1) % count }
        case .activate:
            alert.tapAction(at: state.alertSelection)
        case .back:
            if let cancel = alert.cancelActionIndex { alert.tapAction(at: cancel) } else { alert.dismiss() }
        case .forceQuit, .quit:
            exitReason = .quit
        default:
            break
        }
    }

    // MARK: State

    func state(for controller: ViewController) -> ScreenState {
        let key = ObjectIdentifier(controller)
        if let existing = states[key], existing.controller === controller { return existing }
        let made = ScreenState(controller: controller)
        states[key] = made
        if states.count > 256 {
            states = states.filter { $0.value.controller != nil }
        }
        return made
    }
}

/// What the shell remembers about one controller's screen: focus, scroll, cursors.
final class ScreenState {
    weak var controller: ViewController?
    /// Index into the screen's focusable items.
    var focusIndex = 0
    /// The first row drawn, per table.
    var scrollTop: [ObjectIdentifier: IndexPath] = [:]
    /// The rows the last frame showed, per table, and the reload and height it was drawn at.
    var drawnRows: [ObjectIdentifier: (first: IndexPath?, last: IndexPath?, reloads: Int, height: Int)] = [:]
    /// The first row of items drawn, per grid.
    var gridTopRow: [ObjectIdentifier: Int] = [:]
    /// Cursor positions (in characters), per text field.
    var cursors: [ObjectIdentifier: Int] = [:]
    var alertSelection = 0

    init(controller: ViewController) {
        self.controller = controller
        if let alert = controller as? AlertController {
            alertSelection = alert.actions.lastIndex { $0.style != .cancel } ?? 0
        }
    }
}

/// A clickable region of the last frame and what a click there does.
struct Hit {
    enum Action {
        case row(TableView, IndexPath)
        case accessory(TableView, IndexPath)
        case item(CollectionView, Int)
        case barButton(BarButtonItem)
        case back(ViewController)
        case tab(TabBarController, Int)
        case control(ViewController, View)
        case alertAction(AlertController, Int)
        case scroll(TableView)
    }
    var rect: Rect
    var action: Action
}
