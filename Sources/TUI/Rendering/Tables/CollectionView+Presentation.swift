import Flow

/// A grid: the items as boxes as many to a row as fit, the highlighted one reversed; the
/// arrows move in two dimensions.
extension CollectionView: ViewPresentation {
    var placement: FormPlacement { .block }

    /// The columns of one item's box, and its lines with one line of content.
    static let itemSize = Size(width: 18, height: 3)

    /// The most lines of content a box takes: a custom cell's rows (a big label over its
    /// caption, a title over a subtitle) each take one, up to this.
    static let maxContentLines = 3

    /// The grid, then the controls of its section header and footer (a segmented control
    /// choosing what the grid shows): the arrows move among the items from the start.
    func addFocusables(to list: inout [View]) {
        list.append(self)
        if let header = headerView, !header.isHidden { Focus.collect(header, into: &list) }
        if let footer = footerView, !footer.isHidden { Focus.collect(footer, into: &list) }
    }

    func draw(in rect: Rect, into frame: inout Frame, context: DrawContext) {
        var rect = rect
        // The section header is a row above the items, the footer a row below them, as a
        // table's section header and footer are.
        if let header = headerView, !header.isHidden, rect.height >= 5,
            drawSupplementary(header, row: rect.y, in: rect, into: &frame, context: context)
        {
            rect = rect.inset(top: 2)
        }
        if let footer = footerView, !footer.isHidden, rect.height >= 5,
            drawSupplementary(footer, row: rect.maxY - 1, in: rect, into: &frame, context: context)
        {
            rect = rect.inset(bottom: 2)
        }
        drawItems(in: rect, into: &frame, context: context)
    }

    /// Draws a section header or footer as one row of its views at `row`; false when it has
    /// nothing to draw.
    private func drawSupplementary(_ view: View, row: Int, in rect: Rect, into frame: inout Frame, context: DrawContext) -> Bool {
        let items = FormLayout.items(view)
        guard !items.isEmpty else { return false }
        FormRenderer.drawRow(items, in: Rect(x: rect.x + 1, y: row, width: max(0, rect.width - 2), height: 1), into: &frame, context: context)
        return true
    }

    /// The items as boxes, as many to a row as fit.
    private func drawItems(in rect: Rect, into frame: inout Frame, context: DrawContext) {
        let focused = context.isFocused(self)
        let count = numberOfItems
        guard count > 0 else {
            frame.buffer.put("No items", at: Point(x: rect.x + 1, y: rect.y + 1), style: Theme.empty, maxWidth: rect.width - 2)
            return
        }
        let itemWidth = Self.itemSize.width
        let columns = max(1, (rect.width + 1) / (itemWidth + 1))
        var topRow = context.state.view(self).gridTopRow ?? 0
        // Every box is as tall as the tallest content among the items a screen of one-line
        // boxes would show, so the grid stays even as it scrolls by a row.
        // The cells are kept for drawing, so the data source is asked for each once a frame.
        let firstShown = min(topRow * columns, count - 1)
        let lastShown = min(count, firstShown + columns * max(1, rect.height / Self.itemSize.height))
        var cells: [Int: TableViewCell] = [:]
        var tallest = 1
        for index in firstShown..<lastShown {
            guard let cell = cellForItem(at: index) else { continue }
            cells[index] = cell
            tallest = max(tallest, Self.contentRows(of: cell).count)
        }
        let contentLines = min(tallest, Self.maxContentLines, max(1, rect.height - 2))
        let itemHeight = contentLines + 2
        let visibleRows = max(1, rect.height / itemHeight)
        let selected = min(selectedIndex ?? 0, count - 1)
        let selectedRow = selected / columns
        if selectedRow < topRow { topRow = selectedRow }
        if selectedRow >= topRow + visibleRows { topRow = selectedRow - visibleRows + 1 }
        frame.grids[ObjectIdentifier(self)] = DrawnGrid(grid: self, scroll: GridScroll(columns: columns, topRow: topRow))
        for row in 0..<visibleRows {
            for column in 0..<columns {
                let index = (topRow + row) * columns + column
                guard index < count, let cell = cells[index] ?? cellForItem(at: index) else { continue }
                let box = Rect(x: rect.x + column * (itemWidth + 1), y: rect.y + row * itemHeight, width: itemWidth, height: itemHeight)
                let isSelected = index == selected && focused
                frame.buffer.drawBox(box, style: isSelected ? Theme.focused : Theme.barSeparator, border: .rounded)
                let inside = Rect(x: box.x + 1, y: box.y + 1, width: itemWidth - 2, height: contentLines)
                let rows = Self.contentRows(of: cell)
                if rows.count > 1 || rows.first.map({ $0.count > 1 }) == true {
                    // A custom cell shows its content's rows, a line each (its labels and
                    // images side by side on one).
                    let base = isSelected ? Theme.focused : Style.plain
                    frame.buffer.fill(inside, style: base)
                    let cellContext = context.inCell(base: base)
                    for (line, row) in rows.prefix(contentLines).enumerated() {
                        let slot = Rect(x: inside.x, y: inside.y + line, width: inside.width, height: 1)
                        FormRenderer.drawRow(row, in: slot, into: &frame, context: cellContext)
                    }
                } else {
                    frame.buffer.put(
                        DisplayWidth.truncate(cell.title, to: itemWidth - 2), at: inside.origin,
                        style: isSelected ? Theme.focused : .plain)
                }
                frame.addHit(box, self, part: .index(index))
                if isSelected { frame.focusRect = box }
            }
        }
    }

    /// A custom cell's rows of content, top to bottom (see `CellLines.rows(of:)`); none for a
    /// cell of a system style, which shows its title.
    private static func contentRows(of cell: TableViewCell) -> [[FormItem]] {
        guard cell.style == .custom else { return [] }
        return CellLines.rows(of: cell).filter { !$0.isEmpty }
    }

    func focusBindings(in frame: Frame) -> [KeyBinding] {
        guard numberOfItems > 0 else { return [] }
        return TableKeys.movement + [
            KeyBinding([.left, .char("h")], "←", "left", .decrease, footer: false),
            KeyBinding([.right, .char("l")], "→", "right", .increase, footer: false),
        ]
    }

    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        let count = numberOfItems
        guard count > 0 else { return true }
        let columns = max(1, input.columns(of: self))
        var index = min(selectedIndex ?? 0, count - 1)
        switch command {
        case .moveUp: index -= columns
        case .moveDown: index += columns
        case .pageUp: index -= columns * 3
        case .pageDown: index += columns * 3
        case .top: index = 0
        case .bottom: index = count - 1
        case .decrease: index -= 1
        case .increase: index += 1
        case .activate:
            selectItem(at: selectedIndex ?? 0)
            return true
        default: return command == .decreaseMore || command == .increaseMore || command == .toggle
        }
        selectedIndex = min(max(index, 0), count - 1)
        return true
    }
}

extension CollectionView {
    /// A click on an item gives the grid the focus and selects the item.
    func click(_ part: HitPart, input: inout InputContext) {
        guard case .index(let index) = part else { return }
        input.focus(self)
        selectItem(at: index)
    }
}

extension CollectionView {
    /// The highlighted item can be copied: its title.
    var canCopy: Bool { selectedIndex != nil }
    var copiedText: String? {
        guard let index = selectedIndex, let title = cellForItem(at: index)?.title, !title.isEmpty else { return nil }
        return title
    }
}

extension CollectionView {
    var isActionable: Bool { true }
    var sceneShare: SceneShare { .items(numberOfItems, name: "grid") }

    /// The highlighted item: `Espresso, item 3 of 12`.
    func spoken(in frame: Frame) -> SpokenElement {
        var element = SpokenElement(self)
        let count = numberOfItems
        let index = min(max(selectedIndex ?? 0, 0), max(count - 1, 0))
        element.label = element.label ?? (count > 0 ? cellForItem(at: index)?.title : nil)
        element.role = count > 0 ? "item \(index + 1) of \(count)" : "grid, no items"
        return element
    }
}
