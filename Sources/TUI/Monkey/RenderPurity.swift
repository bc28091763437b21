import Flow

/// The promise that drawing changes nothing: rendering the state a shell shows gives the
/// frame it shows, again and again, and leaves the application and the shell exactly as
/// they were (stacks, selections, scroll, focus, values, the trace).
///
/// The monkey checks it as it goes; tests call it on every bundled storyboard and fixture.
public enum RenderPurity {
    /// What is wrong, or nil: renders the shell's state twice and compares both frames with
    /// the one on screen and the state before and after.
    public static func violation(in shell: Shell) -> String? {
        let before = fingerprint(shell)
        let first = shell.render()
        let second = shell.render()
        let after = fingerprint(shell)
        if before != after {
            let changed = zip(before, after).first { $0 != $1 }.map { "\($0.0) became \($0.1)" } ?? "the state's size changed"
            return "rendering changed the state: \(changed)"
        }
        if first != second { return "rendering the same state twice gave different frames: \(difference(first, second))" }
        if first != shell.lastFrame { return "rendering again gave another frame than the one shown: \(difference(shell.lastFrame, first))" }
        return nil
    }

    /// Where two frames differ, in words.
    static func difference(_ one: Frame, _ other: Frame) -> String {
        if let cells = one.buffer.firstDifference(from: other.buffer) { return cells }
        if one.hits != other.hits { return "hit regions \(one.hits.map(\.rect)) and \(other.hits.map(\.rect))" }
        if one.cursor != other.cursor { return "cursor \(String(describing: one.cursor)) and \(String(describing: other.cursor))" }
        if one.tables != other.tables { return "table layouts differ" }
        if one.grids != other.grids { return "grid layouts differ" }
        if one.bindings != other.bindings { return "key bindings differ" }
        return "focus or top controller differ"
    }

    /// Everything a render could change if it were not pure, as lines to compare: the
    /// hierarchy, the shell's state, each loaded view's values, the trace and the warnings.
    static func fingerprint(_ shell: Shell) -> [String] {
        let application = shell.application
        var lines = [
            application.navigationState.description,
            "trace \(application.trace.events.count) \(application.trace.events.last.map(String.init(describing:)) ?? "")",
            "warnings \(application.warnings.count)",
            "overlay \(String(describing: shell.state.overlay)) trace \(shell.state.showsTrace) status \(shell.state.statusMessage ?? "") \(shell.state.liveProblem ?? "")",
        ]
        for (_, screen) in shell.state.screens.sorted(by: { $0.value.controller?.instanceNumber ?? -1 < $1.value.controller?.instanceNumber ?? -1 }) {
            lines.append("screen \(screen.controller?.debugName ?? "gone") focus \(screen.focusIndex)")
        }
        lines.append("view states \(shell.state.views.count)")
        for controller in application.allControllers where controller.isViewLoaded {
            lines.append("\(controller.debugName) visible \(controller.isVisible)")
            for view in controller.view.allViews {
                let state = shell.state.view(view)
                var line = "  \(view.id) hidden \(view.isHidden) scroll \(String(describing: state.tableScroll)) grid \(String(describing: state.gridTopRow)) cursor \(String(describing: state.cursor))"
                if let described = view.stateDescription { line += " " + described }
                lines.append(line)
            }
        }
        return lines
    }
}
