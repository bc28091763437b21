import Flow

extension Shell {
    // MARK: Alerts

    func drawAlert(_ alert: AlertController, in body: Rect, into buffer: inout CellBuffer) {
        let buttons = alert.actions.map { "[ \($0.title) ]" }
        let buttonsWidth = buttons.map(DisplayWidth.of).reduce(0, +) + max(0, buttons.count - 1) * 2
        let width = min(body.width - 2, max(30, buttonsWidth + 4, DisplayWidth.of(alert.displayTitle ?? "") + 4))
        let message = Wrap.lines(alert.message ?? "", width: max(1, width - 4))
        let height = min(body.height, 5 + message.count)
        let box = Rect(x: body.x + (body.width - width) / 2, y: body.y + (body.height - height) / 2, width: width, height: height)
        buffer.fill(box, style: .plain)
        buffer.drawBox(box, style: Theme.sheetBorder, border: .double)
        let title = DisplayWidth.truncate(alert.displayTitle ?? "", to: width - 4)
        buffer.put(title, at: Point(x: box.x + (width - DisplayWidth.of(title)) / 2, y: box.y + 1), style: Theme.bar)
        for (index, line) in message.enumerated() where box.y + 2 + index < box.maxY - 2 {
            buffer.put(line, at: Point(x: box.x + 2, y: box.y + 2 + index), maxWidth: width - 4)
        }
        let state = state(for: alert)
        var x = box.x + max(2, (width - buttonsWidth) / 2)
        let y = box.maxY - 2
        for (index, label) in buttons.enumerated() {
            let style: Style
            if index == state.alertSelection {
                style = Theme.focused
            } else if alert.actions[index].style == .destructive {
                style = Style(foreground: .red, attributes: [.bold])
            } else {
                style = Theme.button
            }
            let drawn = buffer.put(label, at: Point(x: x, y: y), style: style, maxWidth: max(0, box.maxX - 1 - x))
            hits.append(Hit(rect: Rect(x: x, y: y, width: drawn, height: 1), action: .alertAction(alert, index)))
            x += drawn + 2
        }
    }

    // MARK: Help

    func drawHelp(in body: Rect, into buffer: inout CellBuffer) {
        var lines: [(String, String)] = []
        var seen = Set<String>()
        for binding in KeyMap.bindings(for: keyContext()) {
            let keys = binding.keys.map(\.displayName).joined(separator: " ")
            guard seen.insert(keys + binding.help).inserted else { continue }
            lines.append((keys, binding.help))
        }
        lines.append(("mouse", "click rows, buttons, bar buttons, tabs; wheel scrolls"))
        let keyWidth = min(14, lines.map { DisplayWidth.of($0.0) }.max() ?? 4)
        let width = min(body.width - 2, 60)
        let height = min(body.height, lines.count + 3)
        let box = Rect(x: body.x + (body.width - width) / 2, y: body.y + (body.height - height) / 2, width: width, height: height)
        buffer.fill(box, style: .plain)
        buffer.drawBox(box, style: Theme.sheetBorder, border: .rounded, title: "Keys — any key closes")
        for (index, line) in lines.enumerated() where index < height - 2 {
            let y = box.y + 1 + index
            buffer.put(line.0, at: Point(x: box.x + 2, y: y), style: Theme.bar, maxWidth: keyWidth)
            buffer.put(line.1, at: Point(x: box.x + 3 + keyWidth, y: y), maxWidth: max(0, width - keyWidth - 5))
        }
    }

    // MARK: Overview

    /// The running storyboard as a map: each scene with its segues, the scenes on screen
    /// marked, as the zoomed-out canvas shows a flow.
    func drawOverview(in body: Rect, into buffer: inout CellBuffer) {
        guard let storyboard = application.topViewController?.storyboard ?? application.rootViewController?.storyboard else { return }
        let document = storyboard.document
        let live = Set(application.allControllers.compactMap { $0.spec?.id })
        let visible = Set(application.visibleControllers.compactMap { $0.spec?.id })
        func name(_ id: String) -> String {
            guard let spec = document.controller(id: id) else { return id }
            return spec.displayTitle ?? spec.customClass ?? spec.kind.rawValue
        }
        var lines: [(String, Style)] = []
        for spec in document.controllers {
            let marker = visible.contains(spec.id) ? "▶" : (live.contains(spec.id) ? "●" : "○")
            let initial = document.initialControllerID == spec.id ? " → start" : ""
            let kind = spec.customClass.map { " (\($0))" } ?? " (\(spec.kind.rawValue))"
            let style = visible.contains(spec.id) ? Theme.selection : (live.contains(spec.id) ? Theme.bar : .plain)
            lines.append(("\(marker) \(name(spec.id))\(kind)\(initial)", style))
            for segue in spec.segues {
                let target = segue.kind == .unwind ? "exit (\(segue.unwindAction ?? "?"))" : name(segue.destinationID)
                let label = segue.kind == .relationship ? (segue.relationship?.rawValue ?? "relationship") : segue.kind.rawValue
                let identifier = segue.identifier.map { " \"\($0)\"" } ?? ""
                lines.append(("    └─ \(label)\(identifier) → \(target)", Theme.detail))
            }
        }
        let box = body.inset(by: 1)
        guard box.height > 2 else { return }
        buffer.fill(box, style: .plain)
        buffer.drawBox(box, style: Theme.sheetBorder, border: .rounded, title: "Overview of \(storyboard.name) — ▶ on screen ● in memory; any key closes")
        let room = box.height - 2
        overviewScroll = min(overviewScroll, max(0, lines.count - room))
        for (offset, line) in lines.dropFirst(overviewScroll).prefix(room).enumerated() {
            buffer.put(line.0, at: Point(x: box.x + 2, y: box.y + 1 + offset), style: line.1, maxWidth: box.width - 4)
        }
    }

    // MARK: Trace

    /// The heading of one step in the trace panel.
    static func traceHeading(_ event: TraceEvent) -> String {
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

    /// The last transition (a segue, a pop, a dismissal, a tab switch, a fallback) and the
    /// calls it caused, newest at the bottom.
    func drawTrace(in rect: Rect, into buffer: inout CellBuffer) {
        buffer.fill(rect, style: .plain)
        buffer.drawBox(rect, style: Theme.barSeparator, border: .single, title: "What just happened (t hides)")
        let events = application.trace.events
        var lines: [(String, Style)] = []
        if let last = events.lastIndex(where: NavigationTrace.isHeader) {
            lines.append((Self.traceHeading(events[last]), Theme.traceHeading))
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
        guard room > 0, let heading = lines.first else { return }
        buffer.put(heading.0, at: Point(x: rect.x + 1, y: rect.y + 1), style: heading.1, maxWidth: rect.width - 2)
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
            buffer.put(DisplayWidth.truncate(text, to: columnWidth - 1), at: Point(x: rect.x + 1 + column * columnWidth, y: rect.y + 2 + row), style: line.1, maxWidth: columnWidth - 1)
        }
    }
}
