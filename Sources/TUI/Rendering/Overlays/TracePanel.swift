import Flow

/// The trace panel: one transition the user caused (a segue, a pop, a dismissal, a tab
/// switch, a fallback, a push or presentation made by code), its headline and everything it
/// set off, from the first call on.
///
/// It shows as many entries as fit, in two columns on a wide screen, and says how many lie
/// below; with the keys (`T`), it scrolls the whole transition and goes back through older
/// ones.
enum TracePanel {
    /// The transition the panel shows for `state`: the one it was sent to, else the latest.
    static func transition(in trace: NavigationTrace, state: ShellState) -> TraceTransition? {
        if let number = state.traceTransition, let chosen = trace.transitions.first(where: { $0.number == number }) {
            return chosen
        }
        return trace.lastTransition
    }

    /// Draws the panel; returns the furthest its entries can scroll, which input keeps to.
    @discardableResult
    static func draw(_ trace: NavigationTrace, state: ShellState, in rect: Rect, into frame: inout Frame) -> Int {
        let focused = state.traceFocused
        frame.buffer.fill(rect, style: .plain)
        let transitions = trace.transitions
        let shown = transition(in: trace, state: state)
        let position = shown.flatMap { current in transitions.firstIndex { $0.number == current.number } }
        var title = "What just happened"
        if let position, transitions.count > 1 { title += " (\(position + 1) of \(transitions.count))" }
        title += focused ? " — ↑↓ scroll, ←→ older/newer, Esc back" : " — t hides, T reads"
        frame.buffer.drawBox(rect, style: focused ? Theme.sheetBorder : Theme.barSeparator, border: .single, title: title)
        let inner = rect.inset(by: 1)
        guard inner.height > 0, inner.width > 0 else { return 0 }
        guard let shown else {
            frame.buffer.put("No transition yet.", at: inner.origin, style: Theme.trace, maxWidth: inner.width)
            return 0
        }
        frame.buffer.put(shown.headline, at: inner.origin, style: Theme.traceHeading, maxWidth: inner.width)
        var entries = shown.lines
        if shown.omittedEntries > 0 { entries.append("… \(shown.omittedEntries) more not kept") }
        let rows = inner.height - 1
        guard rows > 0 else { return 0 }
        // Two columns on a wide screen when one would not hold every entry; read down the
        // first column, then the second.
        let columns = entries.count > rows && inner.width >= 100 ? 2 : 1
        let capacity = rows * columns
        // Scrolled to the end, a line says what is above and the rest are entries.
        let limit = entries.count > capacity ? entries.count - capacity + 1 : 0
        let top = state.traceScrolled == shown.number ? min(max(state.traceScroll, 0), limit) : 0
        var room = capacity - (top > 0 ? 1 : 0)
        var below = entries.count - top - room
        if below > 0 {
            room -= 1
            below += 1
        }
        var lines: [(text: String, isNote: Bool)] = []
        if top > 0 { lines.append(("… \(top) above", true)) }
        lines += entries.dropFirst(top).prefix(max(0, room)).map { ($0, false) }
        if below > 0 { lines.append(("… \(below) more" + (focused ? "" : ", T to read"), true)) }
        // A panel of one row scrolled down has room for one of its two notes.
        if lines.count > capacity { lines = Array(lines.prefix(capacity)) }
        let columnWidth = inner.width / columns
        for (index, line) in lines.enumerated() {
            let point = Point(x: inner.x + (index / rows) * columnWidth, y: inner.y + 1 + index % rows)
            let text = line.isNote ? line.text : "  " + DisplayWidth.truncate(line.text, to: max(0, columnWidth - 3))
            frame.buffer.put(text, at: point, style: line.isNote ? Theme.traceHeading : Theme.trace, maxWidth: columnWidth - 1)
        }
        return limit
    }
}
