import Flow

/// What the shell itself remembers between frames, as a value: the focus on each screen,
/// where each table is scrolled, cursors in fields, the overlays and the status line.
///
/// The renderers read it and never change it; input handling (and the shell adopting what
/// a frame it showed worked out, such as a table scrolled to keep its selection in view)
/// is the only place it changes. The application's own state (stacks, selections, values)
/// lives in Flow.
public struct ShellState {
    /// An overlay covering the screens.
    public enum Overlay: Equatable, Sendable {
        /// The keys in force.
        case help(scroll: Int)
        /// The storyboard as a map.
        case overview(scroll: Int)
    }

    /// The focus of each screen (an alert's highlighted button), by controller.
    var screens: [ObjectIdentifier: ScreenState] = [:]
    /// Scroll positions and cursors, by view.
    var views: [ObjectIdentifier: ViewState] = [:]
    /// The overlay shown over the screens, if any.
    public internal(set) var overlay: Overlay?
    /// Whether the trace panel shows.
    public var showsTrace = false {
        didSet { if !showsTrace { traceFocused = false } }
    }
    /// Whether the keys go to the trace panel (scrolling it) rather than to the screen.
    public internal(set) var traceFocused = false
    /// The number of the transition the trace panel shows; nil for the latest.
    var traceTransition: Int?
    /// The newest transition when the user went back to `traceTransition`: once a newer one
    /// is recorded, the panel follows it again.
    var traceNewestWhenBrowsed: Int?
    /// How many lines down the trace panel's transition is scrolled, and which transition
    /// that was (a new one starts at its top).
    var traceScroll = 0
    var traceScrolled: Int?
    /// A message for the status line, until the next key.
    public internal(set) var statusMessage: String?
    /// What the primary button last went down on (a click's target), which a drag moves.
    var pressed: ObjectIdentifier?
    /// Why the last save of a followed storyboard did not load (`FILE:LINE:COLUMN: error: …`),
    /// shown above the status message until a save loads.
    public internal(set) var liveProblem: String?
    /// The step animations are at (a spinner's frame), advanced while something animates.
    public internal(set) var animationStep = 0
    /// The screen on top when the last key or click came: a screen-reader announcement names
    /// a scene (title, kind, size) until the user has acted on it.
    weak var announcedScene: ViewController?

    public init() {}

    /// The state of `controller`'s screen; its defaults when nothing was stored.
    func screen(_ controller: ViewController) -> ScreenState {
        if let stored = screens[ObjectIdentifier(controller)], stored.controller === controller { return stored }
        return ScreenState(controller: controller)
    }

    /// Changes the state of `controller`'s screen.
    mutating func updateScreen(_ controller: ViewController, _ change: (inout ScreenState) -> Void) {
        var current = screen(controller)
        change(&current)
        screens[ObjectIdentifier(controller)] = current
        if screens.count > 256 { screens = screens.filter { $0.value.controller != nil } }
    }

    /// What is remembered of `view`.
    func view(_ view: View) -> ViewState {
        if let stored = views[ObjectIdentifier(view)], stored.view === view { return stored }
        return ViewState(view: view)
    }

    /// Changes what is remembered of `view`.
    mutating func updateView(_ view: View, _ change: (inout ViewState) -> Void) {
        var current = self.view(view)
        change(&current)
        views[ObjectIdentifier(view)] = current
        if views.count > 512 { views = views.filter { $0.value.view != nil } }
    }

    /// Forgets what was remembered of controllers and views that are gone, as a live reload
    /// lets go of every screen it rebuilds. A weak reference to an object that is gone keeps
    /// the runtime's small record of it: left in these tables, a few of them at every reload
    /// would sit among the memory the next reload wants back in larger pieces.
    mutating func forgetReleased() {
        screens = screens.filter { $0.value.controller != nil }
        views = views.filter { $0.value.view != nil }
    }

    /// Takes in what a frame worked out while laying out: the rows each table showed, the
    /// first row of each grid and where each form was scrolled, so the next frame scrolls
    /// from there.
    mutating func adopt(_ frame: Frame) {
        // A restored focus is worked out once, then kept like any other.
        if let top = frame.topController, top.focusedViewIdentifier != nil, screens[ObjectIdentifier(top)]?.controller !== top {
            updateScreen(top) { _ in }
        }
        for drawn in frame.tables.values {
            updateView(drawn.table) { $0.tableScroll = drawn.scroll }
        }
        for drawn in frame.grids.values {
            updateView(drawn.grid) { $0.gridTopRow = drawn.scroll.topRow }
        }
        for drawn in frame.forms.values {
            updateView(drawn.view) { $0.formScroll = drawn.scroll }
        }
        for drawn in frame.texts.values {
            updateView(drawn.view) { $0.textTop = drawn.top }
        }
    }
}

/// What the shell remembers about one controller's screen.
struct ScreenState {
    weak var controller: ViewController?
    /// Index into the screen's focusable items, or into the items of a presentation that
    /// takes the keys itself (an alert's buttons).
    var focusIndex = 0

    init(controller: ViewController) {
        self.controller = controller
        if let modal = controller.modalPresentation {
            focusIndex = modal.initialFocusIndex
        } else if let wanted = controller.focusedViewIdentifier {
            // A screen restored from saved state gets back the focus it had.
            focusIndex = Focus.items(of: controller).firstIndex { $0.id == wanted } ?? 0
        }
    }
}

/// What the shell remembers about one view: a table's scroll, a grid's first row, a field's
/// cursor.
struct ViewState {
    weak var view: View?
    /// How the table was last laid out (its first row, and what it showed).
    var tableScroll: TableScroll?
    /// The first row of items a grid showed.
    var gridTopRow: Int?
    /// Where a form taller than its room was scrolled.
    var formScroll: FormScroll?
    /// The first line a text view longer than its room showed.
    var textTop: Int?
    /// The cursor of a text field, in characters (nil: at the end).
    var cursor: Int?

    init(view: View) {
        self.view = view
    }
}
