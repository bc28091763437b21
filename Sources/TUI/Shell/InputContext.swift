import Flow

/// What a view's key handling may read and change: the shell's state, and the frame on
/// screen when the key was pressed.
///
/// State changes go to the shell at once, so that what the application does meanwhile (a
/// warning on the status line while a row's segue runs) is never overwritten.
struct InputContext {
    /// The shell whose state changes.
    unowned let shell: Shell
    /// The frame the user saw: how tables were scrolled, how many columns a grid had.
    let frame: Frame
    /// The screen on top, whose focus moves.
    let controller: ViewController

    /// Moves the focus `step` items along the screen's Tab order, wrapping around; in a
    /// container whose columns show side by side (a split view's), past the screen's last
    /// item (or first) to the next column (or the previous one).
    func moveFocus(by step: Int) {
        let count = frame.focusables.count
        if let columns = frame.keyContext.columns, frame.keyContext.columnCount > 1 {
            let current = min(max(shell.state.screen(controller).focusIndex, 0), max(0, count - 1))
            if count == 0 || !(0..<count).contains(current + step) {
                columns.focusColumn(offset: step)
                guard let arrived = shell.application.topViewController, arrived !== controller else { return }
                let items = Focus.items(of: arrived)
                shell.updateState { state in
                    state.updateScreen(arrived) { $0.focusIndex = step > 0 ? 0 : max(0, items.count - 1) }
                }
                return
            }
        }
        guard count > 0 else { return }
        shell.updateState { state in
            state.updateScreen(controller) { $0.focusIndex = (($0.focusIndex + step) % count + count) % count }
        }
    }

    /// Gives the focus to `view`, when it is one of the screen's focusable items.
    func focus(_ view: View) {
        guard let index = frame.focusables.firstIndex(where: { $0 === view }) else { return }
        shell.updateState { state in state.updateScreen(controller) { $0.focusIndex = index } }
    }

    /// The rows of `table` the frame showed (what a page moves by); 10 for a table not drawn.
    func viewportHeight(of table: TableView) -> Int {
        frame.tables[ObjectIdentifier(table)]?.scroll.height ?? 10
    }

    /// The items per row `grid` was drawn with.
    func columns(of grid: CollectionView) -> Int {
        frame.grids[ObjectIdentifier(grid)]?.scroll.columns ?? 1
    }
}
