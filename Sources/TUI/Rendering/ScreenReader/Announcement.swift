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
        if let alert = top as? AlertController {
            parts.append(selectedAction(of: alert, state: state))
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
        if let alert = top as? AlertController {
            return sentences(["Alert:", alert.displayTitle, alert.message].compactMap(nonEmpty))
        }
        var parts: [String] = []
        if let title = nonEmpty(top.displayTitle) { parts.append(title) }
        if let tabs = top.tabBarController, tabs.viewControllers.count > 1 {
            parts.append("tab \(tabs.selectedIndex + 1) of \(tabs.viewControllers.count)")
        }
        guard top.isViewLoaded else { return parts.joined(separator: ", ") }
        var rows = 0
        var items = 0
        var controls = 0
        for item in frame.focusables {
            switch item {
            case let table as TableView: rows += table.totalRowCount
            case let grid as CollectionView: items += grid.numberOfItems
            default: controls += 1
            }
        }
        switch top.view {
        case is TableView: parts.append("list")
        case is CollectionView: parts.append("grid")
        default: parts.append(controls > 0 && rows == 0 && items == 0 ? "form" : "screen")
        }
        if top.view is TableView || rows > 0 { parts.append(count(rows, "row", "rows")) }
        if top.view is CollectionView || items > 0 { parts.append(count(items, "item", "items")) }
        if controls > 0 { parts.append(count(controls, "control", "controls")) }
        return parts.joined(separator: ", ")
    }

    /// An alert's highlighted button: `Delete, button, 2 of 2`.
    static func selectedAction(of alert: AlertController, state: ShellState) -> String {
        let actions = alert.actions
        let index = state.screen(alert).alertSelection
        guard actions.indices.contains(index) else { return "" }
        var parts = [actions[index].title, "button", "\(index + 1) of \(actions.count)"]
        if actions[index].style == .destructive { parts.append("destructive") }
        return parts.joined(separator: ", ")
    }

    // MARK: Elements

    /// The focused element: `Sound effects, switch, on. Plays a sound when a brew is done`.
    static func describe(_ view: View, frame: Frame) -> String {
        let accessibility = view.accessibility
        var label = accessibility.spokenLabel
        var role: String
        var value: String?
        var hint = accessibility.spokenHint
        switch view {
        case let table as TableView:
            let row = self.row(of: table, frame: frame)
            label = row.label ?? label
            role = row.role
            value = row.value
            hint = row.hint ?? hint
        case let grid as CollectionView:
            let count = grid.numberOfItems
            let index = min(max(grid.selectedIndex ?? 0, 0), max(count - 1, 0))
            label = label ?? (count > 0 ? grid.cellForItem(at: index)?.title : nil)
            role = count > 0 ? "item \(index + 1) of \(count)" : "grid, no items"
        case let button as Button:
            label = label ?? nonEmpty(button.displayTitle)
            role = accessibility.traits.contains(.link) ? "link" : "button"
        case let toggle as Switch:
            label = label ?? formLabel(for: toggle)
            role = "switch"
            value = toggle.isOn ? "on" : "off"
        case let slider as Slider:
            label = label ?? formLabel(for: slider)
            role = "slider"
            value = DecimalText.fixed(slider.value, digits: 2)
        case let stepper as Stepper:
            label = label ?? formLabel(for: stepper)
            role = "stepper"
            value = stepper.value == stepper.value.rounded() ? String(Int(stepper.value)) : DecimalText.fixed(stepper.value, digits: 1)
        case let segments as SegmentedControl:
            label = label ?? formLabel(for: segments)
            role = "segmented control"
            let index = segments.selectedSegmentIndex
            if segments.segments.indices.contains(index) {
                value = "\(segments.segments[index]), \(index + 1) of \(segments.segments.count)"
            }
        case let field as TextField:
            let placeholder = nonEmpty(field.placeholder)
            label = label ?? formLabel(for: field) ?? placeholder
            role = field.isSecureTextEntry ? "secure text field" : "text field"
            if field.text.isEmpty {
                value = placeholder != nil && placeholder != label ? placeholder : "empty"
            } else {
                value = field.isSecureTextEntry ? count(field.text.count, "character", "characters") : field.text
            }
        case let textView as TextView:
            label = label ?? formLabel(for: textView)
            role = "text view"
            value = textView.text.isEmpty ? "empty" : textView.text
        case let picker as DatePicker:
            label = label ?? formLabel(for: picker)
            role = "date picker"
        default:
            role = kindName(of: view)
        }
        if accessibility.traits.contains(.header) { role = "heading" }
        if accessibility.traits.contains(.selected) { value = value.map { $0 + ", selected" } ?? "selected" }
        var parts = [label, role, value].compactMap { $0 }.filter { !$0.isEmpty }
        if accessibility.traits.contains(.notEnabled) || (view as? Control)?.isEnabled == false { parts.append("dimmed") }
        return sentences([parts.joined(separator: ", "), hint ?? ""])
    }

    /// The highlighted row of a table: its label (the cell's accessibility label, else its
    /// texts), `row N of M`, `selected` for a checkmark, and its hint.
    static func row(of table: TableView, frame: Frame) -> (label: String?, role: String, value: String?, hint: String?) {
        let total = table.totalRowCount
        guard total > 0, let path = table.selectedIndexPath else {
            return (nil, "list, no rows", nil, nil)
        }
        let role = "row \(TableLayout.ordinal(table, of: path) + 1) of \(total)"
        // Only a row the frame drew is asked for its cell: asking for another would make one.
        guard frame.tables[ObjectIdentifier(table)]?.rows.contains(path) == true, let cell = table.cellForRow(at: path) else {
            return (nil, role, nil, nil)
        }
        var value: String?
        var kind = role
        // A row holding a field or a switch (a settings form's) is used as that control.
        if let field = cell.contentView.first(TextField.self), !field.isHidden {
            kind = "text field, " + role
            value = field.text.isEmpty ? (nonEmpty(field.placeholder) ?? "empty")
                : (field.isSecureTextEntry ? count(field.text.count, "character", "characters") : field.text)
        } else if let toggle = cell.contentView.first(Switch.self), !toggle.isHidden {
            kind = "switch, " + role
            value = toggle.isOn ? "on" : "off"
        }
        if kind == role, cell.accessibility.traits.contains(.button) { kind = "button, " + role }
        if cell.accessoryType == .checkmark || cell.accessibility.traits.contains(.selected) {
            value = value.map { $0 + ", selected" } ?? "selected"
        }
        return (cell.accessibility.spokenLabel ?? text(of: cell), kind, value, cell.accessibility.spokenHint)
    }

    /// What a cell shows in words: its text and detail, or a custom cell's labels (a field's
    /// or a switch's own label first among them).
    static func text(of cell: TableViewCell) -> String? {
        var parts: [String] = []
        if cell.style == .custom {
            for view in cell.contentView.allViews where !view.isHidden {
                if let label = view as? Label, let text = label.accessibility.spokenLabel ?? nonEmpty(label.text) { parts.append(text) }
            }
        } else {
            parts = [cell.textLabel?.text, cell.detailTextLabel?.text].compactMap(nonEmpty)
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The label that names a control in its form: the one just before it in its row (`Sound
    /// [on]`), else a label alone on the row above (`Name` over its field).
    static func formLabel(for control: View) -> String? {
        guard let owner = control.owner, owner.isViewLoaded else { return nil }
        let rows = FormLayout.rows(owner.view)
        for (index, row) in rows.enumerated() {
            guard let position = row.items.firstIndex(where: { $0.view === control }) else { continue }
            if let label = row.items[..<position].last(where: { $0.view is Label })?.view as? Label {
                return label.accessibility.spokenLabel ?? nonEmpty(label.text)
            }
            if index > 0, rows[index - 1].items.count == 1, let label = rows[index - 1].items[0].view as? Label {
                return label.accessibility.spokenLabel ?? nonEmpty(label.text)
            }
            return nil
        }
        return nil
    }

    /// A kind of view this file does not know, named from its class: `PickerView` is
    /// `picker view`.
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

    /// `text` when it has something to say; nil when it is absent or blank.
    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }
}
