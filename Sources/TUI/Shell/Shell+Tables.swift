import Flow

extension Shell {
    // MARK: Tables

    /// Draws a table: headers, rows in their cell styles, accessories, the selection, and a
    /// scroll indicator. Only the rows that fit are asked for.
    func drawTable(
        _ table: TableView, controller: ViewController, in rect: Rect, into buffer: inout CellBuffer,
        focused: Bool, base: Style
    ) {
        let state = state(for: controller)
        let key = ObjectIdentifier(table)
        if focused { lastTableViewportHeight = rect.height }
        guard let first = table.firstIndexPath else {
            let message = table.emptyMessage ?? "No rows"
            let lines = Wrap.lines(message, width: max(1, rect.width - 4))
            for (index, line) in lines.enumerated() where index < rect.height {
                let x = rect.x + max(0, (rect.width - DisplayWidth.of(line)) / 2)
                buffer.put(line, at: Point(x: x, y: rect.y + rect.height / 3 + index), style: Theme.empty, maxWidth: rect.width)
            }
            return
        }
        if table.selectedIndexPath == nil { table.selectedIndexPath = first }
        let selected = table.selectedIndexPath ?? first
        // The last frame's rows tell whether the selection is still on screen; only when it
        // isn't is the first row worked out again.
        let top: IndexPath
        if let previous = state.drawnRows[key], previous.reloads == table.reloadCount, previous.height == rect.height,
            let first = previous.first, let last = previous.last, first <= selected, selected < last
        {
            top = state.scrollTop[key] ?? first
        } else {
            top = TableLayout.adjustedTop(table, top: state.scrollTop[key], selected: selected, height: rect.height)
        }
        state.scrollTop[key] = top
        let total = table.totalRowCount
        let lines = TableLayout.lines(table, from: top, height: rect.height, width: rect.width)
        // Rows shown whole (the last one may be cut): the range in which moving needs no scroll.
        let rowPaths = lines.compactMap { line -> IndexPath? in if case .row(let path, _, _) = line { path } else { nil } }
        state.drawnRows[key] = (rowPaths.first, rowPaths.last, table.reloadCount, rect.height)
        let showsIndicator = total > 0 && (lines.count >= rect.height && (top != first || total > rect.height))
        let contentWidth = rect.width - (showsIndicator ? 1 : 0)
        let margin = table.style == .insetGrouped ? 3 : (table.style == .grouped ? 1 : 0)
        for (offset, line) in lines.enumerated() {
            let y = rect.y + offset
            switch line {
            case .header(let title):
                let text = table.style == .plain ? " " + title : String(repeating: " ", count: margin + 1) + title.uppercased()
                if table.style == .plain {
                    buffer.fill(Rect(x: rect.x, y: y, width: contentWidth, height: 1), style: Theme.sectionHeader.with(reverse: true))
                    buffer.put(text, at: Point(x: rect.x, y: y), style: Theme.sectionHeader.with(reverse: true), maxWidth: contentWidth)
                } else {
                    buffer.put(text, at: Point(x: rect.x, y: y), style: Theme.sectionHeader.merged(over: base), maxWidth: contentWidth)
                }
            case .footer(let title):
                buffer.put(String(repeating: " ", count: margin + 1) + title, at: Point(x: rect.x, y: y), style: Theme.sectionFooter.merged(over: base), maxWidth: contentWidth)
            case .gap:
                break
            case .row(let path, let cell, let line):
                let rowRect = Rect(x: rect.x + margin, y: y, width: max(0, contentWidth - 2 * margin), height: 1)
                let isSelected = path == selected && cell.isSelectable
                drawCell(cell, line: line, in: rowRect, into: &buffer, selected: isSelected, focused: focused, controller: controller, base: base)
                hits.append(Hit(rect: rowRect, action: .row(table, path)))
                if cell.accessoryType == .detailDisclosureButton || cell.accessoryType == .detailButton {
                    hits.append(Hit(rect: Rect(x: rowRect.maxX - 3, y: y, width: 3, height: 1), action: .accessory(table, path)))
                }
            }
        }
        table.endDisplaying(keeping: Set(rowPaths))
        hits.append(Hit(rect: rect, action: .scroll(table)))
        // Hits are searched from the end: rows must win over the scroll area.
        if let scroll = hits.popLast() { hits.insert(scroll, at: 0) }
        if showsIndicator {
            let x = rect.maxX - 1
            buffer.drawVerticalLine(from: Point(x: x, y: rect.y), length: rect.height, style: Theme.scrollIndicator)
            let position = TableLayout.ordinal(table, of: selected)
            let thumb = total <= 1 ? 0 : Int((Double(position) / Double(total - 1) * Double(rect.height - 1)).rounded())
            buffer.set("█", at: Point(x: x, y: rect.y + min(max(thumb, 0), rect.height - 1)), style: Theme.scrollIndicator)
        }
    }

    /// Draws one line of a cell in its style, with its accessory and swatch.
    func drawCell(
        _ cell: TableViewCell, line: Int, in rect: Rect, into buffer: inout CellBuffer, selected: Bool,
        focused: Bool, controller: ViewController, base: Style
    ) {
        guard rect.width > 2 else { return }
        let highlight = selected && focused
        let rowStyle = highlight ? Theme.selection : base
        buffer.fill(rect, style: rowStyle)
        if line > 0 {
            let detail = cell.detailTextLabel?.text ?? ""
            buffer.put(DisplayWidth.truncate(detail, to: max(0, rect.width - 4)), at: Point(x: rect.x + 3, y: rect.y), style: Theme.detail.merged(over: rowStyle), maxWidth: rect.width - 4)
            return
        }
        let accessory: String
        switch cell.accessoryType {
        case .none: accessory = ""
        case .disclosureIndicator: accessory = "›"
        case .detailDisclosureButton: accessory = "ⓘ ›"
        case .detailButton: accessory = "ⓘ"
        case .checkmark: accessory = "✓"
        }
        let accessoryWidth = accessory.isEmpty ? 0 : DisplayWidth.of(accessory) + 1
        var x = rect.x + 1
        if let swatch = cell.swatch {
            let swatchStyle = Style(background: Theme.color(swatch))
            buffer.put("  ", at: Point(x: x, y: rect.y), style: swatchStyle)
            x += 3
        }
        let textRect = Rect(x: x, y: rect.y, width: max(0, rect.maxX - accessoryWidth - x - 1), height: 1)
        let textStyle = rowStyle
        switch cell.style {
        case .basic:
            drawLabelText(cell.textLabel, in: textRect, into: &buffer, base: textStyle)
        case .subtitle:
            drawLabelText(cell.textLabel, in: textRect, into: &buffer, base: textStyle)
        case .value1:
            let detail = cell.detailTextLabel?.text ?? ""
            // The title and the detail share the row by need: neither is cut while the other
            // leaves room unused.
            let shares = Self.fairShares(
                needs: [DisplayWidth.of(cell.textLabel?.text ?? ""), DisplayWidth.of(detail)], room: max(0, textRect.width - 1))
            let detailWidth = min(DisplayWidth.of(detail), shares[1])
            let shown = DisplayWidth.truncate(detail, to: detailWidth)
            buffer.put(shown, at: Point(x: textRect.maxX - DisplayWidth.of(shown), y: rect.y), style: Theme.detail.merged(over: textStyle))
            drawLabelText(cell.textLabel, in: Rect(x: textRect.x, y: rect.y, width: max(0, textRect.width - detailWidth - 1), height: 1), into: &buffer, base: textStyle)
        case .value2:
            let column = min(12, textRect.width / 3)
            let detailLabel = cell.textLabel?.text ?? ""
            let shown = DisplayWidth.truncate(detailLabel, to: column)
            buffer.put(shown, at: Point(x: textRect.x + column - DisplayWidth.of(shown), y: rect.y), style: Theme.barButton.merged(over: textStyle))
            let value = cell.detailTextLabel?.text ?? ""
            buffer.put(value, at: Point(x: textRect.x + column + 1, y: rect.y), style: textStyle, maxWidth: max(0, textRect.width - column - 1))
        case .custom:
            // The selected row's field is where typing goes: it draws as focused, with the cursor.
            let activeField = selected && focused ? cell.contentView.first(TextField.self) : nil
            drawRow(formItems(cell.contentView), controller: controller, in: textRect, into: &buffer, focused: activeField, base: textStyle, isTop: false, inCell: true)
        }
        if !accessory.isEmpty {
            buffer.put(accessory, at: Point(x: rect.maxX - accessoryWidth, y: rect.y), style: Theme.accessory.merged(over: rowStyle))
        }
    }

    private func drawLabelText(_ label: Label?, in rect: Rect, into buffer: inout CellBuffer, base: Style) {
        guard let label else { return }
        var style = base
        if label.isBold { style.attributes.insert(.bold) }
        if let color = label.textColor, !base.attributes.contains(.reverse) { style.foreground = Theme.color(color) }
        buffer.put(DisplayWidth.truncate(label.text, to: max(0, rect.width)), at: rect.origin, style: style, maxWidth: rect.width)
    }

    // MARK: Grids

    func drawGrid(_ grid: CollectionView, controller: ViewController, in rect: Rect, into buffer: inout CellBuffer, focused: Bool) {
        let count = grid.numberOfItems
        guard count > 0 else {
            buffer.put("No items", at: Point(x: rect.x + 1, y: rect.y + 1), style: Theme.empty, maxWidth: rect.width - 2)
            return
        }
        let itemWidth = 18
        let columns = max(1, (rect.width + 1) / (itemWidth + 1))
        let itemHeight = 3
        let visibleRows = max(1, rect.height / itemHeight)
        if focused { lastGridColumns = columns }
        let selected = min(grid.selectedIndex ?? 0, count - 1)
        grid.selectedIndex = selected
        let state = state(for: controller)
        let key = ObjectIdentifier(grid)
        var topRow = state.gridTopRow[key] ?? 0
        let selectedRow = selected / columns
        if selectedRow < topRow { topRow = selectedRow }
        if selectedRow >= topRow + visibleRows { topRow = selectedRow - visibleRows + 1 }
        state.gridTopRow[key] = topRow
        for row in 0..<visibleRows {
            for column in 0..<columns {
                let index = (topRow + row) * columns + column
                guard index < count, let cell = grid.cellForItem(at: index) else { continue }
                let box = Rect(x: rect.x + column * (itemWidth + 1), y: rect.y + row * itemHeight, width: itemWidth, height: itemHeight)
                let isSelected = index == selected && focused
                buffer.drawBox(box, style: isSelected ? Theme.focused : Theme.barSeparator, border: .rounded)
                buffer.put(DisplayWidth.truncate(cell.title, to: itemWidth - 2), at: Point(x: box.x + 1, y: box.y + 1), style: isSelected ? Theme.focused : .plain)
                hits.append(Hit(rect: box, action: .item(grid, index)))
            }
        }
    }
}

extension Style {
    /// This style with reverse video on or off.
    func with(reverse: Bool) -> Style {
        var copy = self
        if reverse { copy.attributes.insert(.reverse) } else { copy.attributes.remove(.reverse) }
        return copy
    }

    /// This style's attributes and colours, keeping `base`'s colours where this has none.
    func merged(over base: Style) -> Style {
        var copy = self
        if copy.foreground == .default { copy.foreground = base.foreground }
        if copy.background == .default { copy.background = base.background }
        copy.attributes.formUnion(base.attributes)
        return copy
    }
}

/// Word wrapping for messages.
enum Wrap {
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var result: [String] = []
        for paragraph in Sanitizer.sanitizeLines(text) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if DisplayWidth.of(candidate) <= width {
                    line = candidate
                } else {
                    if !line.isEmpty { result.append(line) }
                    var rest = String(word)
                    while DisplayWidth.of(rest) > width {
                        let (head, _) = DisplayWidth.prefix(rest, fitting: width)
                        guard !head.isEmpty else { break }
                        result.append(head)
                        rest = String(rest.dropFirst(head.count))
                    }
                    line = rest
                }
            }
            result.append(line)
        }
        return result
    }
}
