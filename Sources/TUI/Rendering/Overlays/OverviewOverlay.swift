import Flow

/// The running storyboard as a map: each scene with its segues, the scenes on screen and in
/// memory marked, as the zoomed-out canvas shows a flow. For a screen reader, a plain list
/// whose marks are words.
enum OverviewOverlay {
    /// Draws the map scrolled `scroll` lines down (kept within the map); returns the furthest
    /// scroll that still fills the box, which input keeps to.
    @discardableResult
    static func draw(
        _ application: Application, scroll: Int, in body: Rect, into frame: inout Frame, screenReader: Bool = false
    ) -> Int {
        guard let storyboard = application.topViewController?.storyboard ?? application.rootViewController?.storyboard else { return 0 }
        let document = storyboard.document
        let live = Set(application.allControllers.compactMap { $0.spec?.id })
        let visible = Set(application.visibleControllers.compactMap { $0.spec?.id })
        func name(_ id: String) -> String {
            guard let spec = document.controller(id: id) else { return id }
            return spec.displayTitle ?? spec.customClass ?? spec.kind.rawValue
        }
        var lines: [ScrollingBox.Line] = []
        for spec in document.controllers {
            let style = visible.contains(spec.id) ? Theme.selection : (live.contains(spec.id) ? Theme.bar : .plain)
            let kind = spec.customClass.map { " (\($0))" } ?? " (\(spec.kind.rawValue))"
            if screenReader {
                // The marks as words, after the name a reader hears first.
                let state = visible.contains(spec.id) ? ", on screen" : (live.contains(spec.id) ? ", in memory" : "")
                let initial = document.initialControllerID == spec.id ? ", start" : ""
                lines.append([("\(name(spec.id))\(kind)\(state)\(initial)", style)])
            } else {
                let marker = visible.contains(spec.id) ? "▶" : (live.contains(spec.id) ? "●" : "○")
                let initial = document.initialControllerID == spec.id ? " → start" : ""
                lines.append([("\(marker) \(name(spec.id))\(kind)\(initial)", style)])
            }
            for segue in spec.segues {
                let target = segue.kind == .unwind ? "exit (\(segue.unwindAction ?? "?"))" : name(segue.destinationID)
                let label = segue.kind == .relationship ? (segue.relationship?.rawValue ?? "relationship") : segue.kind.rawValue
                let identifier = segue.identifier.map { " \"\($0)\"" } ?? ""
                lines.append([(screenReader ? "  \(label)\(identifier) to \(target)" : "    └─ \(label)\(identifier) → \(target)", Theme.detail)])
            }
        }
        if screenReader {
            return ScrollingBox.draw(
                lines, title: "Overview of \(storyboard.name). Esc closes", in: body, scroll: scroll, into: &frame, plain: true)
        }
        lines += [[], [("▶ on screen   ● in memory   ○ not made yet", Theme.detail)]]
        return ScrollingBox.draw(
            lines, title: "Overview of \(storyboard.name) — Esc closes", in: body.inset(by: 1), scroll: scroll, into: &frame)
    }
}
