import Flow

/// The trace panel: the last transition (a segue, a pop, a dismissal, a tab switch, a
/// fallback) and the calls it caused, newest at the bottom.
enum TracePanel {
    /// The heading of one step in the trace panel.
    static func heading(_ event: TraceEvent) -> String {
        switch event {
        case .segue(let record):
            let identifier = record.identifier.map { " \"\($0)\"" } ?? ""
            return "\(record.kind.rawValue)\(identifier): \(record.source) → \(record.destination)"
        case .transition(let record):
            let reason = record.reason.map { " — \($0)" } ?? ""
            return "\(record.kind.rawValue): \(record.source) → \(record.destination)\(reason)"
        default:
            return event.description
        }
    }

    static func draw(_ trace: NavigationTrace, in rect: Rect, into frame: inout Frame) {
        frame.buffer.fill(rect, style: .plain)
        frame.buffer.drawBox(rect, style: Theme.barSeparator, border: .single, title: "What just happened (t hides)")
        let events = trace.events
        var lines: [(String, Style)] = []
        if let last = events.lastIndex(where: NavigationTrace.isHeader) {
            lines.append((heading(events[last]), Theme.traceHeading))
            for event in events[(last + 1)...] {
                switch event {
                case .segue, .transition, .note: continue
                default: lines.append(("  " + event.description, Theme.trace))
                }
            }
        } else {
            lines.append(("No segue yet.", Theme.trace))
        }
        let room = rect.height - 2
        guard room > 0, let headline = lines.first else { return }
        frame.buffer.put(headline.0, at: Point(x: rect.x + 1, y: rect.y + 1), style: headline.1, maxWidth: rect.width - 2)
        // The calls read top to bottom, in two columns when one would cut them off; when even
        // two can't hold them all, the newest stay.
        let calls = Array(lines.dropFirst())
        let rows = room - 1
        guard rows > 0 else { return }
        let columns = calls.count > rows && rect.width >= 60 ? 2 : 1
        let shown = Array(calls.suffix(rows * columns))
        let columnWidth = (rect.width - 2) / columns
        for (index, line) in shown.enumerated() {
            let column = index / rows
            let row = index % rows
            let text = columns > 1 ? String(line.0.drop { $0 == " " }) : line.0
            frame.buffer.put(
                DisplayWidth.truncate(text, to: columnWidth - 1), at: Point(x: rect.x + 1 + column * columnWidth, y: rect.y + 2 + row),
                style: line.1, maxWidth: columnWidth - 1)
        }
    }
}
