import Flow

/// What the screen-reader mode's announcement line says: the focused element as VoiceOver
/// would say it (its label or text, its role, its value, its hint), after the scene's title,
/// kind and size when the scene has just appeared.
///
/// A pure function of the frame drawn, the application and the shell's state: the line
/// changes only when what it says does, so a reader that speaks changed lines speaks it once.
enum Announcement {
    /// The announcement for `frame`.
    static func text(for frame: Frame, application: Application, state: ShellState) -> String {
        switch state.overlay {
        case .help?:
            return "Help: the keys of this screen. Up and Down scroll, any other key closes it"
        case .overview?:
            let name = (application.topViewController?.storyboard ?? application.rootViewController?.storyboard)?.name
            return "Overview of \(name ?? "the storyboard"): its scenes and segues. Up and Down scroll, any other key closes it"
        case nil:
            break
        }
        if state.traceFocused {
            let shown = TracePanel.transition(in: application.trace, state: state)
            let headline = shown.map { "\(SpokenText.prose($0.headline)), \(count($0.lines.count, "entry", "entries"))" } ?? "no transition yet"
            return "Trace: \(headline). Up and Down scroll, Left and Right go to older and newer, Esc goes back"
        }
        guard let top = frame.topController else {
            return application.presentationLayers.isEmpty ? "Nothing to show" : ""
        }
        var parts: [String] = []
        if state.announcedScene !== top { parts.append(scene(top, frame: frame)) }
        if let modal = top.modalPresentation {
            parts.append(modal.spokenFocus(state.screen(top).focusIndex, in: frame))
        } else if let focused = frame.focused {
            parts.append(describe(focused, frame: frame))
        }
        return sentences(parts)
    }

    /// `parts` as sentences: each ends with a full stop unless it already ends with a mark of
    /// its own (`Delete this session?`).
    static func sentences(_ parts: [String]) -> String {
        var text = ""
        for part in parts where !part.isEmpty {
            if let last = text.last { text += ".!?:".contains(last) ? " " : ". " }
            text += part
        }
        return text
    }

    // MARK: Scenes

    /// A scene as it appears: its title, its tab, its kind and how much it holds (`Brews,
    /// tab 1 of 2, list, 3 rows`; `Settings, form, 4 controls`).
    static func scene(_ top: ViewController, frame: Frame) -> String {
        if let modal = top.modalPresentation { return modal.spokenScene }
        var parts: [String] = []
        if let title = SpokenText.nonEmpty(top.displayTitle) { parts.append(title) }
        // Where the containers around it place it (`tab 1 of 2`), from the nearest out.
        var ancestor = top.parent
        while let container = ancestor {
            if let position = container.containerPresentation?.spokenPosition(of: top) { parts.append(position) }
            ancestor = container.parent
        }
        guard top.isViewLoaded else { return parts.joined(separator: ", ") }
        var rows = 0
        var items = 0
        var controls = 0
        for item in frame.focusables {
            switch item.presentation?.sceneShare ?? .control {
            case .rows(let count, _): rows += count
            case .items(let count, _): items += count
            case .control: controls += 1
            }
        }
        // A scene whose view is a list or a grid is named so, and counts its rows or items
        // even when there are none.
        let share = top.view.presentation?.sceneShare
        switch share {
        case .rows(_, let name)?, .items(_, let name)?: parts.append(name)
        default: parts.append(controls > 0 && rows == 0 && items == 0 ? "form" : "screen")
        }
        if case .rows? = share { parts.append(count(rows, "row", "rows")) } else if rows > 0 { parts.append(count(rows, "row", "rows")) }
        if case .items? = share { parts.append(count(items, "item", "items")) } else if items > 0 { parts.append(count(items, "item", "items")) }
        if controls > 0 { parts.append(count(controls, "control", "controls")) }
        return parts.joined(separator: ", ")
    }

    // MARK: Elements

    /// The focused element: `Sound effects, switch, on. Plays a sound when a brew is done`.
    /// Its kind says what it is (`ViewPresentation.spoken(in:)`); the storyboard's traits
    /// then make it a heading, selected or dimmed.
    static func describe(_ view: View, frame: Frame) -> String {
        var element = view.presentation?.spoken(in: frame) ?? SpokenElement(view)
        let traits = view.accessibility.traits
        if traits.contains(.header) { element.role = "heading" }
        var parts = [element.label, element.role, element.value, element.position].compactMap { $0 }.filter { !$0.isEmpty }
        if traits.contains(.selected) { parts.append("selected") }
        if traits.contains(.notEnabled) || (view as? Control)?.isEnabled == false { parts.append("dimmed") }
        return sentences([parts.joined(separator: ", "), element.hint ?? ""])
    }

    /// The label that names a control in its form: the one just before it in its row (`Sound
    /// [on]`), else a label alone on the row above (`Name` over its field).
    static func formLabel(for control: View) -> String? {
        guard let owner = control.owner, owner.isViewLoaded else { return nil }
        let rows = FormLayout.rows(owner.view)
        for (index, row) in rows.enumerated() {
            guard let position = row.items.firstIndex(where: { $0.view === control }) else { continue }
            if let caption = row.items[..<position].last(where: { $0.role == .caption }) {
                return spokenCaption(caption)
            }
            if index > 0, rows[index - 1].items.count == 1, rows[index - 1].items[0].role == .caption {
                return spokenCaption(rows[index - 1].items[0])
            }
            return nil
        }
        return nil
    }

    /// What a caption (an item whose form role is `.caption`) says: its accessibility label,
    /// else its text.
    private static func spokenCaption(_ caption: FormItem) -> String? {
        caption.view.accessibility.spokenLabel ?? SpokenText.nonEmpty(caption.presentation.formText)
    }

    /// A kind of view in words, named from its class: `PickerView` is `picker view` (what a
    /// kind that says nothing of itself is called).
    static func kindName(of view: View) -> String {
        var words = ""
        for character in String(describing: type(of: view)) {
            if character.isUppercase, !words.isEmpty { words.append(" ") }
            words.append(Character(character.lowercased()))
        }
        return words
    }

    /// `1 row`, `3 rows`.
    static func count(_ number: Int, _ one: String, _ many: String) -> String {
        number == 1 ? "1 \(one)" : "\(number) \(many)"
    }
}
