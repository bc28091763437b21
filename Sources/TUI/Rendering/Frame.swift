import Flow

/// What one render drew, and what input needs to know about it: the cells, where clicks
/// land, where the text cursor goes, what has the focus, how each table and grid on screen
/// was laid out, and the keys in force.
///
/// A frame is a value made by the renderers and never by anything else. Rendering the same
/// state twice gives equal frames; the shell shows a frame, then reads it to handle the next
/// key or click (a click resolves against the regions drawn, Page Down moves by the rows the
/// table showed), so drawing never needs to leave state behind.
public struct Frame: Equatable {
    /// The cells.
    public internal(set) var buffer: CellBuffer
    /// Clickable regions, in drawing order: a click goes to the last one containing it.
    public internal(set) var hits: [Hit] = []
    /// Where the terminal's cursor goes (a text field being edited); nil hides it.
    public internal(set) var cursor: Point?
    /// Where the cursor is left, hidden, when `cursor` is nil: the start of the focused
    /// element (or of what takes the keys). Screen readers and braille displays follow the
    /// cursor whether or not it shows, so it is never left where the last write ended.
    public internal(set) var restingCursor: Point?
    /// The rows of the screen-reader mode's announcement; nil without the mode.
    public internal(set) var announcementRows: Range<Int>?
    /// Where the focused element of the screen on top was drawn (a row, a control, a field).
    public internal(set) var focusRect: Rect?
    /// The keys in force on the screen on top, in precedence order: the same list handles a
    /// key, draws the footer and fills the help overlay.
    public internal(set) var bindings: [KeyBinding] = []
    /// What the screen on top offers, from which `bindings` were made.
    var keyContext = KeyContext()
    /// The screen on top's items that take the focus, in Tab order.
    var focusables: [View] = []
    /// The focused item among `focusables`, if any.
    var focused: View? {
        focusables.isEmpty ? nil : focusables[min(max(focusIndex, 0), focusables.count - 1)]
    }
    /// The view that has the focus on the screen on top, if any.
    public var focusedView: View? { focused }
    /// The index into `focusables` the frame was drawn with.
    var focusIndex = 0
    /// The field typing goes into: the focused field, or the one in a focused table's
    /// selected static row.
    weak var activeTextField: TextField?
    /// How each table drawn was laid out, by table.
    var tables: [ObjectIdentifier: DrawnTable] = [:]
    /// How each grid drawn was laid out, by grid.
    var grids: [ObjectIdentifier: DrawnGrid] = [:]
    /// How each form taller than its room was scrolled, by the form's view.
    var forms: [ObjectIdentifier: DrawnForm] = [:]
    /// How each text view longer than its room was scrolled, by text view.
    var texts: [ObjectIdentifier: DrawnText] = [:]
    /// Whether the focused table's highlighted row has an accessory action.
    var focusedRowHasAccessory = false
    /// The furthest the overlay (help, overview) can scroll and still fill its box.
    var overlayScrollLimit = 0
    /// The furthest the trace panel's transition can scroll.
    var traceScrollLimit = 0
    /// Whether something drawn animates (a spinning activity indicator): the shell then draws
    /// again after `animationInterval`; a frame with nothing animating waits for a key.
    public internal(set) var isAnimating = false
    /// How long the shell waits before the next frame of an animation.
    public static let animationInterval: Duration = .milliseconds(125)
    /// Where elements that a popover can point at were drawn (bar buttons, controls, rows),
    /// by element id.
    var anchors: [String: Rect] = [:]
    /// The box of a popover shown on top: a click outside it dismisses the popover.
    public internal(set) var popoverRect: Rect?
    /// The content controllers drawn on the top layer: the screen on top, and others drawn
    /// beside it (embedded children, split view columns).
    var drawnOnTop: Set<ObjectIdentifier> = []
    private weak var topStorage: ViewController?

    /// An empty frame of `size`.
    public init(size: Size) {
        buffer = CellBuffer(size: size)
    }

    /// The same cells and cursor, holding nothing of the screens drawn (views, hits, key
    /// bindings): what is kept of a frame on screen once its screens are replaced.
    var cellsOnly: Frame {
        var kept = Frame(size: size)
        kept.buffer = buffer
        kept.cursor = cursor
        kept.restingCursor = restingCursor
        return kept
    }

    /// The content controller drawn on top (the alert when one shows); nil when the screen
    /// was too small to draw one, or nothing was presented.
    public internal(set) var topController: ViewController? {
        get { topStorage }
        set { topStorage = newValue }
    }

    /// The frame's size.
    public var size: Size { buffer.size }

    /// The region a click at `point` lands in, if any.
    public func hit(at point: Point) -> Hit? {
        hits.last { $0.rect.contains(point) }
    }

    /// Notes that `controller`'s content was drawn on the top layer.
    mutating func noteDrawnOnTop(_ controller: ViewController) {
        drawnOnTop.insert(ObjectIdentifier(controller))
    }

    /// Names `controller` as the frame's top when its content was drawn on the top layer.
    mutating func settleTop(_ controller: ViewController?) {
        guard let controller, drawnOnTop.contains(ObjectIdentifier(controller)) else { return }
        topController = controller
    }

    /// Adds a clickable region showing `part` of `target`; a click there goes back to it.
    mutating func addHit(_ rect: Rect, _ target: any HitTarget, part: HitPart = .whole) {
        hits.append(Hit(rect: rect, target: target, part: part))
    }

    public static func == (lhs: Frame, rhs: Frame) -> Bool {
        lhs.buffer == rhs.buffer && lhs.hits == rhs.hits && lhs.cursor == rhs.cursor
            && lhs.focusRect == rhs.focusRect && lhs.tables == rhs.tables && lhs.grids == rhs.grids && lhs.forms == rhs.forms
            && lhs.texts == rhs.texts
            && lhs.topStorage === rhs.topStorage && lhs.focusIndex == rhs.focusIndex
            && lhs.focusables.count == rhs.focusables.count
            && zip(lhs.focusables, rhs.focusables).allSatisfy { $0 === $1 }
            && lhs.bindings == rhs.bindings && lhs.isAnimating == rhs.isAnimating
    }
}

/// A table as a frame drew it: how it was scrolled and the rows it showed with their cells
/// (so the shell can let go of the cells of rows that scrolled away once the frame is shown,
/// and a key can look at a row on screen without asking the data source for it).
struct DrawnTable: Equatable {
    let table: TableView
    var scroll: TableScroll
    /// The rows drawn, in reading order (the last may be cut off at the bottom), and the
    /// cell drawn for each: at most a screenful.
    var rows: [(path: IndexPath, cell: TableViewCell)]
    /// The highlighted row's cell, when the frame drew it (its control takes the row's keys).
    var selectedCell: TableViewCell?

    /// The rows drawn, from the first to the last: the rows between are all drawn too.
    var shownRows: ClosedRange<IndexPath>? {
        guard let first = scroll.first, let last = scroll.last else { return nil }
        return first...last
    }

    /// The cell the frame drew for `path`, while the table's rows are still those it drew
    /// (no `reloadData()` or change of filter since); nil for a row off screen.
    func cell(at path: IndexPath) -> TableViewCell? {
        guard scroll.reloads == table.reloadCount else { return nil }
        return rows.first { $0.path == path }?.cell
    }

    static func == (lhs: DrawnTable, rhs: DrawnTable) -> Bool {
        lhs.table === rhs.table && lhs.scroll == rhs.scroll && lhs.selectedCell === rhs.selectedCell
            && lhs.rows.count == rhs.rows.count && zip(lhs.rows, rhs.rows).allSatisfy { $0.path == $1.path && $0.cell === $1.cell }
    }
}

/// A grid as a frame drew it.
struct DrawnGrid: Equatable {
    let grid: CollectionView
    var scroll: GridScroll

    static func == (lhs: DrawnGrid, rhs: DrawnGrid) -> Bool {
        lhs.grid === rhs.grid && lhs.scroll == rhs.scroll
    }
}

/// A form taller than its room as a frame drew it: where it was scrolled, and where its rows
/// start (a page moves to the start of a row).
struct DrawnForm: Equatable {
    let view: View
    var scroll: FormScroll
    /// The line each row starts on, from the top of the form.
    var rowStarts: [Int]
    /// The lines the form's rows take in all, and the lines it had on screen.
    var contentHeight: Int
    var height: Int

    static func == (lhs: DrawnForm, rhs: DrawnForm) -> Bool {
        lhs.view === rhs.view && lhs.scroll == rhs.scroll && lhs.rowStarts == rhs.rowStarts
            && lhs.contentHeight == rhs.contentHeight && lhs.height == rhs.height
    }

    /// The furthest the form scrolls: the first row start from which its last line shows.
    var maxTop: Int {
        rowStarts.first { $0 >= contentHeight - height } ?? max(0, contentHeight - height)
    }
}

/// A text view longer than its room as a frame drew it: its first line shown, the lines its
/// text wraps to and the lines it had.
struct DrawnText: Equatable {
    let view: TextView
    var top: Int
    var lines: Int
    var height: Int

    static func == (lhs: DrawnText, rhs: DrawnText) -> Bool {
        lhs.view === rhs.view && lhs.top == rhs.top && lhs.lines == rhs.lines && lhs.height == rhs.height
    }

    /// The furthest the text scrolls: where its last line is at the bottom.
    var maxTop: Int { max(0, lines - height) }
}

/// How a form was scrolled: its first line shown, and the item that had the focus then (the
/// form follows the focus only when it moves, so a page scrolled away from it stays).
struct FormScroll: Equatable {
    var top: Int
    var focused: ObjectIdentifier?
}

/// How a table was laid out in a frame: its first row, the rows shown whole, and the data
/// and height it was drawn with (what decides whether the next frame must scroll).
struct TableScroll: Equatable {
    /// The first row drawn.
    var top: IndexPath
    /// The first and last rows drawn (the last may be cut off at the bottom).
    var first: IndexPath?
    var last: IndexPath?
    /// The table's `reloadCount` when drawn.
    var reloads: Int
    /// The rows of the viewport.
    var height: Int
    /// The columns of the viewport (a cell's lines depend on them).
    var width: Int
}

/// How a grid was laid out in a frame.
struct GridScroll: Equatable {
    /// Items per row.
    var columns: Int
    /// The first row of items drawn.
    var topRow: Int
}
