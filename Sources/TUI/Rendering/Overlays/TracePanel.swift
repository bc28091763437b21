import Flow

/// The trace panel: one transition the user caused (a segue, a pop, a dismissal, a tab
/// switch, a fallback, a push or presentation made by code), its headline and everything it
/// set off, from the first call on.
///
/// It shows as many entries as fit, in two columns on a wide screen, and says how many lie
/// below; with the keys (`T`), it scrolls the whole transition and goes back through older
/// ones.
enum TracePanel {
    /// The transition the panel shows for `state`: the one it was sent to while no newer
    /// transition happened since, else the latest (what the user just did).
    static func transition(in trace: NavigationTrace, state: ShellState) -> TraceTransition? {
        if let number = state.traceTransition, state.traceNewestWhenBrowsed == trace.lastTransition?.number,
            let chosen = trace.transitions.first(where: { $0.number == number })
        {
            return chosen
        }
        return trace.lastTransition
    }

    /// Draws the panel; returns the furthest its entries can scroll, which input keeps to.
    /// For a screen reader, its keys and arrows are words (the pass takes its border away).
    @discardableResult
    static func draw(
        _ trace: NavigationTrace, state: ShellState, in rect: Rect, into frame: inout Frame, screenReader: Bool = false
    ) -> Int {
        let keys = { (text: String) in screenReader ? SpokenText.keys(text) : text }
        let prose = { (text: String) in screenReader ? SpokenText.prose(text) : text }
        let focused = state.traceFocused
        frame.buffer.fill(rect, style: .plain)
        let transitions = trace.transitions
        let shown = transition(in: trace, state: state)
        let position = shown.flatMap { current in transitions.firstIndex { $0.number == current.number } }
        var title = "What just happened"
        if let position, transitions.count > 1 { title += " (\(position + 1) of \(transitions.count))" }
        title += focused ? " — ↑↓ scroll, ←→ older/newer, Esc back" : " — t hides, T reads"
        frame.buffer.drawBox(rect, style: focused ? Theme.sheetBorder : Theme.barSeparator, border: .single, title: keys(title))
        // A column of space inside each side of the border, so no text touches it.
        let inner = Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
        guard inner.height > 0, inner.width > 0 else { return 0 }
        guard let shown else {
            frame.buffer.put("No transition yet.", at: inner.origin, style: Theme.trace, maxWidth: inner.width)
            return 0
        }
        frame.buffer.put(prose(shown.headline), at: inner.origin, style: Theme.traceHeading, maxWidth: inner.width)
        // Only the entries shown are made text (a transition can hold thousands, and the panel
        // is drawn on every frame).
        let entryCount = shown.entries.count + (shown.omittedEntries > 0 ? 1 : 0)
        func entry(_ index: Int) -> String {
            guard index < shown.entries.count else { return "… \(shown.omittedEntries) more not kept" }
            return prose(shown.entries[index].description)
        }
        let rows = inner.height - 1
        guard rows > 0 else { return 0 }
        // Two columns on a wide screen when one would not hold every entry; read down the
        // first column, then the second.
        let columns = entryCount > rows && inner.width >= 100 ? 2 : 1
        let capacity = rows * columns
        // Scrolled to the end, a line says what is above and the rest are entries.
        let limit = entryCount > capacity ? entryCount - capacity + 1 : 0
        let top = state.traceScrolled == shown.number ? min(max(state.traceScroll, 0), limit) : 0
        // A panel of one line shows its entries alone: a note would take its only line.
        let notes = capacity >= 2
        var room = capacity - (notes && top > 0 ? 1 : 0)
        var below = entryCount - top - room
        if notes, below > 0 {
            room -= 1
            below += 1
        }
        var lines: [(text: String, isNote: Bool)] = []
        if notes, top > 0 { lines.append(("… \(top) above", true)) }
        lines += (top..<max(top, min(entryCount, top + max(0, room)))).map { (entry($0), false) }
        if notes, below > 0 { lines.append(("… \(below) more" + (focused ? "" : ", T to read"), true)) }
        let columnWidth = inner.width / columns
        for (index, line) in lines.enumerated() {
            let point = Point(x: inner.x + (index / rows) * columnWidth, y: inner.y + 1 + index % rows)
            let text = line.isNote ? line.text : "  " + DisplayWidth.truncate(line.text, to: max(0, columnWidth - 3))
            frame.buffer.put(text, at: point, style: line.isNote ? Theme.traceHeading : Theme.trace, maxWidth: columnWidth - 1)
        }
        return limit
    }
}
