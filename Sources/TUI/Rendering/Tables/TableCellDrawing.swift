import Flow

/// How a table draws one line of a cell: its style's labels, its accessory and swatch, or a
/// custom cell's content as a row of views.
enum TableCellDrawing {
    /// Draws line `line` of `cell` (a Subtitle cell's detail is its second line) in `rect`.
    static func draw(
        _ cell: TableViewCell, line: Int, in rect: Rect, into frame: inout Frame, selected: Bool, focused: Bool,
        context: DrawContext
    ) {
        guard rect.width > 2 else { return }
        let rowStyle = selected && focused ? Theme.selection : context.base
        frame.buffer.fill(rect, style: rowStyle)
        if line > 0 {
            let detail = cell.detailTextLabel?.text ?? ""
            frame.buffer.put(
                DisplayWidth.truncate(detail, to: max(0, rect.width - 4)), at: Point(x: rect.x + 3, y: rect.y),
                style: Theme.detail.merged(over: rowStyle), maxWidth: rect.width - 4)
            return
        }
        let accessory = context.screenReader ? spokenAccessory(cell.accessoryType) : self.accessory(cell.accessoryType)
        let accessoryWidth = accessory.isEmpty ? 0 : DisplayWidth.of(accessory) + 1
        var x = rect.x + 1
        if let swatch = cell.swatch {
            frame.buffer.put("  ", at: Point(x: x, y: rect.y), style: Style(background: Theme.color(swatch)))
            x += 3
        }
        let textRect = Rect(x: x, y: rect.y, width: max(0, rect.maxX - accessoryWidth - x - 1), height: 1)
        switch cell.style {
        case .basic, .subtitle:
            drawText(cell.textLabel, in: textRect, into: &frame, base: rowStyle)
        case .value1:
            let detail = cell.detailTextLabel?.text ?? ""
            // The title and the detail share the row by need: neither is cut while the other
            // leaves room unused.
            let shares = FormLayout.fairShares(
                needs: [DisplayWidth.of(cell.textLabel?.text ?? ""), DisplayWidth.of(detail)], room: max(0, textRect.width - 1))
            let detailWidth = min(DisplayWidth.of(detail), shares[1])
            let shown = DisplayWidth.truncate(detail, to: detailWidth)
            frame.buffer.put(
                shown, at: Point(x: textRect.maxX - DisplayWidth.of(shown), y: rect.y), style: Theme.detail.merged(over: rowStyle))
            drawText(
                cell.textLabel, in: Rect(x: textRect.x, y: rect.y, width: max(0, textRect.width - detailWidth - 1), height: 1),
                into: &frame, base: rowStyle)
        case .value2:
            let column = min(12, textRect.width / 3)
            let shown = DisplayWidth.truncate(cell.textLabel?.text ?? "", to: column)
            frame.buffer.put(
                shown, at: Point(x: textRect.x + column - DisplayWidth.of(shown), y: rect.y), style: Theme.barButton.merged(over: rowStyle))
            frame.buffer.put(
                cell.detailTextLabel?.text ?? "", at: Point(x: textRect.x + column + 1, y: rect.y), style: rowStyle,
                maxWidth: max(0, textRect.width - column - 1))
        case .custom:
            // The highlighted row's field is where typing goes: it draws as focused, with the cursor.
            let activeField = selected && focused ? cell.contentView.first(TextField.self) : nil
            let cellContext = context.inCell(base: rowStyle, focused: activeField)
            FormRenderer.drawRow(FormLayout.items(cell.contentView), in: textRect, into: &frame, context: cellContext)
        }
        if !accessory.isEmpty {
            frame.buffer.put(accessory, at: Point(x: rect.maxX - accessoryWidth, y: rect.y), style: Theme.accessory.merged(over: rowStyle))
        }
    }

    /// An accessory as a mark: `›` opens something, `ⓘ` has more to show, `✓` is chosen.
    private static func accessory(_ type: AccessoryType) -> String {
        switch type {
        case .none: ""
        case .disclosureIndicator: "›"
        case .detailDisclosureButton: "ⓘ ›"
        case .detailButton: "ⓘ"
        case .checkmark: "✓"
        }
    }

    /// An accessory in words for a screen reader: a row that opens something says nothing
    /// (VoiceOver does not either), the info button and the checkmark say what they mean.
    private static func spokenAccessory(_ type: AccessoryType) -> String {
        switch type {
        case .none, .disclosureIndicator: ""
        case .detailDisclosureButton, .detailButton: "(info)"
        case .checkmark: "(selected)"
        }
    }

    /// A cell's label in its weight and colour (kept off a highlighted row).
    private static func drawText(_ label: Label?, in rect: Rect, into frame: inout Frame, base: Style) {
        guard let label else { return }
        var style = base
        if label.isBold { style.attributes.insert(.bold) }
        if let color = label.textColor, !base.attributes.contains(.reverse) { style.foreground = Theme.color(color) }
        frame.buffer.put(DisplayWidth.truncate(label.text, to: max(0, rect.width)), at: rect.origin, style: style, maxWidth: rect.width)
    }
}
