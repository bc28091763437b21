import Flow

/// How a table draws one line of a cell: its style's labels, its accessory and swatch, or a
/// custom cell's content as a row of views.
enum TableCellDrawing {
    /// Draws line `line` of `cell` in `rect` as `draw` does, from the cells kept from the
    /// last time it was drawn when nothing it is drawn from has changed since: a key that
    /// moves the highlight draws the two rows it changes, and copies the others.
    ///
    /// A line is kept with its cell (`TableViewCell.keptDrawing`) when its views are all of
    /// kinds that draw from their own properties and the style beneath alone (labels,
    /// images, and the plain and stack views holding them), with what it was drawn from: the
    /// cell's `revision` (which every change to a drawn property of the cell or of a view
    /// inside it moves), its text and detail labels' (not subviews of the cell), the line,
    /// the width, the style beneath and the screen-reader mode. Any other difference draws
    /// it again. The highlighted row of the focused table (where typing and the cursor go)
    /// is always drawn afresh, and so is a row the frame does not hold whole.
    static func drawKeeping(
        _ cell: TableViewCell, line: CellLine, in rect: Rect, into frame: inout Frame, selected: Bool, focused: Bool,
        context: DrawContext
    ) {
        guard !(selected && focused), rect.width > 2, rect.height == 1, rect.x >= 0, rect.y >= 0,
            rect.maxX <= frame.buffer.width, rect.y < frame.buffer.height
        else {
            draw(cell, line: line, in: rect, into: &frame, selected: selected, focused: focused, context: context)
            return
        }
        let key = KeptCellDrawing.Key(
            revision: cell.revision, textRevision: cell.textLabel?.revision ?? 0,
            detailRevision: cell.detailTextLabel?.revision ?? 0, line: line, width: rect.width, base: context.base,
            screenReader: context.screenReader)
        let kept = cell.keptDrawing as? KeptCellDrawing
        if let kept, let line = kept.line(for: key) {
            frame.buffer.paste(line, at: rect.origin)
            return
        }
        guard kept?.unkeepableRevision != cell.revision, KeptCellDrawing.isKeepable(cell) else {
            KeptCellDrawing.record(of: cell).unkeepableRevision = cell.revision
            draw(cell, line: line, in: rect, into: &frame, selected: selected, focused: focused, context: context)
            return
        }
        // Drawn alone, into a line of its own, so what is kept is exactly what the row shows.
        var alone = Frame(size: Size(width: rect.width, height: 1))
        draw(
            cell, line: line, in: Rect(x: 0, y: 0, width: rect.width, height: 1), into: &alone, selected: selected,
            focused: focused, context: context)
        let line = KeptLine(alone.buffer.cells[...], fill: .blank(context.base))
        KeptCellDrawing.record(of: cell).keep(line, for: key)
        frame.buffer.paste(line, at: rect.origin)
    }

    /// The columns a cell's first line gives to its swatch and accessory, as many as the
    /// wider of the accessory's mark and its words for a screen reader.
    static func leadingWidth(of cell: TableViewCell) -> Int {
        let accessory = max(DisplayWidth.of(self.accessory(cell.accessoryType)), DisplayWidth.of(spokenAccessory(cell.accessoryType)))
        return (accessory == 0 ? 0 : accessory + 1) + (cell.swatch == nil ? 0 : 3)
    }

    /// Draws line `line` of `cell` (a Subtitle cell's detail is its second line; a wrapped
    /// label's lines follow its first) in `rect`.
    static func draw(
        _ cell: TableViewCell, line: CellLine, in rect: Rect, into frame: inout Frame, selected: Bool, focused: Bool,
        context: DrawContext
    ) {
        guard rect.width > 2 else { return }
        // For a screen reader the highlighted row keeps its style (the focus mark and the
        // cursor show it): a ↓ then rewrites two marks and the announcement, not two rows a
        // reader that speaks all new output would read again.
        let rowStyle = selected && focused && !context.screenReader ? Theme.selection : context.base
        frame.buffer.fill(rect, style: rowStyle)
        let accessory = context.screenReader ? spokenAccessory(cell.accessoryType) : self.accessory(cell.accessoryType)
        let accessoryWidth = accessory.isEmpty ? 0 : DisplayWidth.of(accessory) + 1
        var x = rect.x + 1
        if let swatch = cell.swatch, line.isFirst {
            frame.buffer.put("  ", at: Point(x: x, y: rect.y), style: Style(background: Theme.color(swatch)))
        }
        if cell.swatch != nil { x += 3 }
        // The first row's lines, beside the swatch and clear of the accessory.
        let textRect = Rect(x: x, y: rect.y, width: max(0, rect.maxX - accessoryWidth - x - 1), height: 1)
        let rows = cell.style == .custom ? CellLines.rows(of: cell) : []
        // A row's lines below the first start under the first-line view they sit under.
        let lineRect =
            line.row == 0 || line.row >= rows.count
            ? textRect
            : Rect(x: rect.x + 1, y: rect.y, width: max(0, rect.width - 2), height: 1).inset(
                left: CellLines.indent(of: rows[line.row], under: rows[0], in: cell.contentView, width: max(0, rect.width - 2)))
        if line.parts > 1 {
            // One line of a label wrapped over several (see `CellLines`).
            let label: ViewPresentation? =
                rows.isEmpty ? cell.textLabel : rows.indices.contains(line.row) ? rows[line.row].first?.presentation : nil
            label?.drawLine(line.part, of: line.parts, in: lineRect, into: &frame, context: context.inCell(base: rowStyle))
        } else if line.row > 0, !rows.isEmpty {
            guard line.row < rows.count else { return }
            FormRenderer.drawRow(rows[line.row], in: lineRect, into: &frame, context: context.inCell(base: rowStyle))
        } else if line.row > 0 {
            let detail = cell.detailTextLabel?.text ?? ""
            frame.buffer.put(
                DisplayWidth.truncate(detail, to: max(0, rect.width - 4)), at: Point(x: rect.x + 3, y: rect.y),
                style: Theme.detail.merged(over: rowStyle), maxWidth: rect.width - 4)
        } else {
            // The first line of a cell of one line: its style's labels, or a custom cell's
            // first row of views.
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
                    shown, at: Point(x: textRect.maxX - DisplayWidth.of(shown), y: textRect.y), style: Theme.detail.merged(over: rowStyle))
                drawText(
                    cell.textLabel, in: Rect(x: textRect.x, y: textRect.y, width: max(0, textRect.width - detailWidth - 1), height: 1),
                    into: &frame, base: rowStyle)
            case .value2:
                let column = min(12, textRect.width / 3)
                let shown = DisplayWidth.truncate(cell.textLabel?.text ?? "", to: column)
                frame.buffer.put(
                    shown, at: Point(x: textRect.x + column - DisplayWidth.of(shown), y: textRect.y), style: Theme.barButton.merged(over: rowStyle))
                frame.buffer.put(
                    cell.detailTextLabel?.text ?? "", at: Point(x: textRect.x + column + 1, y: textRect.y), style: rowStyle,
                    maxWidth: max(0, textRect.width - column - 1))
            case .custom:
                // The highlighted row's field is where typing goes: it draws as focused, with the cursor.
                let activeField = selected && focused ? TableView.field(in: cell) : nil
                let cellContext = context.inCell(base: rowStyle, focused: activeField)
                FormRenderer.drawRow(rows[0], in: textRect, into: &frame, context: cellContext)
            }
        }
        if !accessory.isEmpty, line.isFirst {
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

/// The lines of a cell as last drawn, and what they were drawn from (see
/// `TableCellDrawing.drawKeeping`).
final class KeptCellDrawing {
    /// Everything a kept line was drawn from.
    struct Key: Equatable {
        var revision: UInt64
        var textRevision: UInt64
        var detailRevision: UInt64
        var line: CellLine
        var width: Int
        var base: Style
        var screenReader: Bool
    }

    // Read for every visible cell on every frame, on the main thread only: no dynamic
    // exclusivity checks, as with the cell's own `keptDrawing`.

    /// A line per line of the cell (a Subtitle cell has two).
    @exclusivity(unchecked) private var lines: [(key: Key, line: KeptLine)] = []
    /// The cell's `revision` when it was found to hold a view of a kind not kept.
    @exclusivity(unchecked) var unkeepableRevision: UInt64?
    /// The cell's lines in a row of a width, with what they were worked out from (see
    /// `CellLines.lines(of:rowWidth:)`).
    @exclusivity(unchecked) var cellLines: (key: CellLine.Key, lines: [CellLine])?
    /// A custom cell's rows of views, with its content view's `revision` they were found
    /// at (see `CellLines.rows(of:)`).
    @exclusivity(unchecked) var rows: (revision: UInt64, rows: [[FormItem]])?
    /// The control in the cell that a highlighted row's keys work, if any, with the content
    /// view's `revision` it was found at (see `TableView.rowControl(in:)`).
    @exclusivity(unchecked) var control: (revision: UInt64, control: ViewPresentation?)?

    /// What is kept of drawing `cell`, made the first time it is asked for.
    static func record(of cell: TableViewCell) -> KeptCellDrawing {
        if let record = cell.keptDrawing as? KeptCellDrawing { return record }
        let record = KeptCellDrawing()
        cell.keptDrawing = record
        return record
    }

    /// The line drawn from exactly `key`, if kept.
    func line(for key: Key) -> KeptLine? {
        for entry in lines where entry.key == key { return entry.line }
        return nil
    }

    /// Keeps `line` as the line `key.line` drawn from `key`, in place of what that line was.
    func keep(_ line: KeptLine, for key: Key) {
        if let index = lines.firstIndex(where: { $0.key.line == key.line }) {
            lines[index] = (key, line)
        } else {
            lines.append((key, line))
        }
    }

    /// Whether every view `cell` draws is of a kind drawn from its own properties and the
    /// style beneath alone: its labels for the standard styles, else the content view's
    /// views that say so (labels, images, stacks) and the plain and scroll views holding them.
    static func isKeepable(_ cell: TableViewCell) -> Bool {
        guard cell.style == .custom else { return true }
        func keepable(_ view: View) -> Bool {
            guard view.presentation?.isDrawnFromItsProperties ?? view.isPlainHolder else { return false }
            return view.subviews.allSatisfy(keepable)
        }
        return cell.contentView.subviews.allSatisfy(keepable)
    }
}
