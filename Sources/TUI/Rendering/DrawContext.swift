import Flow

/// What a renderer reads while it draws, all of it read-only: the shell's state, the
/// screen being drawn and what has its focus, and the style underneath.
///
/// Renderers write only into the `Frame` they are handed; nothing here can be changed, so a
/// render leaves the application and the shell as it found them.
struct DrawContext {
    /// The shell's state (scroll positions, cursors, focus), as of this frame.
    let state: ShellState
    /// The screen the view belongs to: its controller's state holds the focus and scroll.
    let controller: ViewController
    /// Whether that screen is the one on top: only its focus shows and only its controls
    /// can be clicked.
    let isTop: Bool
    /// The focused item of the screen on top (nil while drawing anything else).
    let focused: View?
    /// What the screen on top offers, for labels that name their keys (bar buttons).
    let keys: KeyContext
    /// The style the view sits on: a background colour, a highlighted row.
    var base: Style = .plain
    /// Whether the view is drawn inside a table cell, where the row takes the clicks.
    var inCell = false
    /// Whether the screen is drawn for a screen reader: state in words (`[on]`), values as
    /// text, no drawn bars or lines (see `ScreenReaderPass`).
    var screenReader = false

    /// The step animations are at: a spinner draws the frame of its cycle this names.
    var animationStep: Int { state.animationStep }

    /// Whether `view` has the focus.
    func isFocused(_ view: View) -> Bool { focused === view }

    /// The same context for drawing a screen that is not the one on top.
    func below(_ controller: ViewController) -> DrawContext {
        DrawContext(
            state: state, controller: controller, isTop: false, focused: nil, keys: KeyContext(), base: base,
            screenReader: screenReader)
    }

    /// The same context for another controller's screen at the same depth.
    func with(controller: ViewController) -> DrawContext {
        var copy = DrawContext(state: state, controller: controller, isTop: isTop, focused: focused, keys: keys)
        copy.base = base
        copy.inCell = inCell
        copy.screenReader = screenReader
        return copy
    }

    /// The context for drawing the content of a cell of this screen: nothing in it is
    /// focused but `focused` (a highlighted row's field), and the row takes the clicks.
    func inCell(base: Style, focused: View? = nil) -> DrawContext {
        DrawContext(
            state: state, controller: controller, isTop: false, focused: focused, keys: keys, base: base, inCell: true,
            screenReader: screenReader)
    }

    /// The same context over another base style.
    func with(base: Style) -> DrawContext {
        var copy = self
        copy.base = base
        return copy
    }
}
