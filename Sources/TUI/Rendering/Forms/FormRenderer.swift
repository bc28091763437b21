import Flow

/// Draws a view that is neither a table nor a grid as a form: its rows top to bottom, with
/// blocks (tables, grids, container views) sharing the height the rows leave.
enum FormRenderer {
    /// Draws `view`'s rows into `rect`. A form taller than `rect` scrolls: it keeps the
    /// focused item's row in view when the focus moves, and otherwise stays where Page Down
    /// or Page Up left it (`DrawnForm`), with an indicator at the right edge.
    static func draw(_ view: View, in rect: Rect, into frame: inout Frame, context: DrawContext) {
        let rows = FormLayout.rows(view)
        let labelColumn = FormLayout.labelColumn(rows, width: rect.width)
        // A block as tall as its content (a table that does not scroll, in a scroll view that
        // scrolls for it) takes its lines as text does, up to a screen less a line.
        let ownLines: [Int?] = rows.map { row in
            guard let block = row.items.first(where: \.isBlock), let lines = block.presentation.blockLines(width: rect.width - 2)
            else { return nil }
            return min(max(1, lines), max(3, rect.height - 1))
        }
        let blocks = rows.indices.filter { rows[$0].items.contains(where: \.isBlock) && ownLines[$0] == nil }.count
        // The lines each row takes (a block its own, if it has any).
        let heights = rows.indices.map { index in
            let row = rows[index]
            return row.items.contains(where: \.isBlock)
                ? ownLines[index] ?? 0 : lines(ofTextRow: row, width: rect.width)
        }
        let textLines = heights.reduce(0, +)
        let fixedLines = textLines + rows.count
        let blockHeight = blocks > 0 ? max(3, (rect.height - fixedLines) / blocks) : 0
        // Rows are a line apart when there is room, except lines of one block of text.
        let tight = rows.filter(\.isTight).count
        let spaced = rect.height >= textLines + blocks + rows.count - tight
        // Where each row starts, from the form's top, and the lines it takes.
        var starts: [Int] = []
        starts.reserveCapacity(rows.count)
        var y = rect.height > textLines + blocks + rows.count + 1 ? 1 : 0
        for (index, row) in rows.enumerated() {
            starts.append(y)
            if row.items.contains(where: \.isBlock) {
                y += (ownLines[index] ?? blockHeight) + 1
            } else {
                let nextIsTight = index + 1 < rows.count && rows[index + 1].isTight
                y += heights[index] + (spaced && !nextIsTight ? 1 : 0)
            }
        }
        let lineCount = { (index: Int) in rows[index].items.contains(where: \.isBlock) ? ownLines[index] ?? blockHeight : heights[index] }
        let contentHeight = rows.isEmpty ? 0 : starts[rows.count - 1] + lineCount(rows.count - 1)
        var top = 0
        if contentHeight > rect.height {
            let focusedRow = context.focused.flatMap { row(holding: $0, in: rows) }
            let stored = context.state.view(view).formScroll
            let focusID = context.focused.map(ObjectIdentifier.init)
            var drawn = DrawnForm(
                view: view, scroll: FormScroll(top: stored?.top ?? 0, focused: focusID), rowStarts: starts,
                contentHeight: contentHeight, height: rect.height)
            top = drawn.scroll.top
            // The first frame shows the form's top, as the device does; after, when the
            // focus moved, the form scrolls as little as shows its row whole.
            if let focusedRow, let stored, stored.focused != focusID {
                let start = starts[focusedRow]
                let end = start + lineCount(focusedRow)
                if start < top {
                    top = start
                } else if end > top + rect.height {
                    top = min(start, starts.first { $0 >= end - rect.height } ?? start)
                }
            }
            top = max(0, min(top, drawn.maxTop))
            drawn.scroll.top = top
            frame.forms[ObjectIdentifier(view)] = drawn
        }
        for (index, row) in rows.enumerated() {
            guard starts[index] >= top else { continue }
            let y = rect.y + starts[index] - top
            guard y < rect.maxY else { break }
            if let block = row.items.first(where: \.isBlock) {
                let height = min(ownLines[index] ?? blockHeight, rect.maxY - y)
                let blockRect = Rect(x: rect.x + 1, y: y, width: rect.width - 2, height: height)
                block.presentation.draw(in: blockRect, into: &frame, context: context)
            } else {
                var line = Rect(x: rect.x + 2, y: y, width: rect.width - 4, height: min(heights[index], rect.maxY - y))
                if FormLayout.isCentred(row) {
                    let width = min(FormLayout.widths(of: row.items, in: line.width, labelColumn: nil)[0], line.width)
                    line = Rect(x: line.x + (line.width - width) / 2, y: y, width: width, height: line.height)
                }
                drawRow(row.items, in: line, into: &frame, context: context, labelColumn: labelColumn)
            }
        }
        if contentHeight > rect.height, rect.height > 1 {
            let x = rect.maxX - 1
            frame.buffer.drawVerticalLine(from: Point(x: x, y: rect.y), length: rect.height, style: Theme.scrollIndicator)
            let limit = max(1, frame.forms[ObjectIdentifier(view)]?.maxTop ?? 1)
            let thumb = Int((Double(top) / Double(limit) * Double(rect.height - 1)).rounded())
            frame.buffer.set("█", at: Point(x: x, y: rect.y + min(max(thumb, 0), rect.height - 1)), style: Theme.scrollIndicator)
        }
    }

    /// The rows of `view` and the lines it takes drawn whole `width` columns wide, each row
    /// followed by a blank line (the last one's parts it from what comes below); nil when a
    /// row holds a block, whose height is the room the rows leave.
    static func wholeLines(of view: View, width: Int) -> (rows: Int, lines: Int)? {
        let rows = FormLayout.rows(view)
        var lines = 0
        for row in rows {
            if row.items.contains(where: \.isBlock) { return nil }
            lines += Self.lines(ofTextRow: row, width: width) + 1
        }
        return (rows.count, lines)
    }

    /// `items` without the pictures drawn as their names (artwork the terminal cannot draw)
    /// when `widths` cut a text to less than four columns (`…` and a letter or two): the
    /// names give way first, so a tile's title is not cut to nothing beside its icon's. Nil
    /// when every text has its room, or no picture is drawn as a name.
    static func withoutNamedPictures(_ items: [FormItem], widths: [Int]) -> [FormItem]? {
        let isNamedPicture = { (item: FormItem) -> Bool in
            guard item.role == .picture, case .inline(.box) = item.placement else { return false }
            return true
        }
        guard items.count > 1, items.contains(where: isNamedPicture) else { return nil }
        let starved = zip(items, widths).contains { item, width in
            guard case .inline(.label(let text)) = item.placement else { return false }
            return width < min(text, 4)
        }
        return starved ? items.filter { !isNamedPicture($0) } : nil
    }

    /// The lines a row of text takes in a form `width` columns wide: a label's line breaks,
    /// or a lone label too long for its row wrapped onto the lines its frame gives it.
    private static func lines(ofTextRow row: FormRow, width: Int) -> Int {
        max(row.height, FormLayout.lines(of: row, width: width - 4))
    }

    /// The index of the row that holds `focused` (the item itself, or the block or stack it
    /// sits in).
    static func row(holding focused: View, in rows: [FormRow]) -> Int? {
        var chain = Set<ObjectIdentifier>()
        var node: View? = focused
        while let current = node {
            chain.insert(ObjectIdentifier(current))
            node = current.superview
        }
        return rows.firstIndex { row in row.items.contains { chain.contains(ObjectIdentifier($0.view)) } }
    }

    /// Scrolls the form `drawn` shows a page down (or up): the row cut at the bottom (or the
    /// first below) comes to the top; up, the row that then ends where the top was.
    static func pageTop(of drawn: DrawnForm, down: Bool) -> Int {
        let top = drawn.scroll.top
        if down {
            let target = top + drawn.height
            let next = drawn.rowStarts.last { $0 > top && $0 <= target } ?? target
            return min(next, drawn.maxTop)
        }
        let target = top - drawn.height
        return max(0, drawn.rowStarts.first { $0 >= target } ?? 0)
    }

    /// Draws one row of views side by side (see `FormLayout.widths`). Controls of the screen
    /// on top can be clicked, except inside a table cell, where the row takes the click.
    static func drawRow(
        _ items: [FormItem], in rect: Rect, into frame: inout Frame, context: DrawContext, labelColumn: Int? = nil
    ) {
        guard !items.isEmpty, rect.width > 0 else { return }
        // A cell's columns, and a row of columns (vertical stacks side by side), share the row
        // as their frames do, so equal columns stay equal.
        var items = items
        let byFrames = context.inCell || (items.count > 1 && items.allSatisfy { $0.role.isStack })
        var widths = FormLayout.widths(of: items, in: rect.width, labelColumn: labelColumn, byFrames: byFrames)
        if let kept = withoutNamedPictures(items, widths: widths) {
            items = kept
            widths = FormLayout.widths(of: items, in: rect.width, labelColumn: labelColumn, byFrames: byFrames)
        }
        // The last view of a row, pinned to the trailing edge in the file, ends at the right
        // edge: what it needs, with the room it does not need left between.
        var trailingX: Int?
        if items.count > 1, let last = items.last, FormLayout.isTrailing(last.view) {
            let need: Int? =
                switch last.placement {
                case .inline(.label(let text)): text
                case .inline(.fixed(let columns)): columns
                default: nil
                }
            if let need {
                // Short of room (a cell's columns shared by frames), it takes what the labels
                // before it leave unused, so a timestamp beside a short title stays whole.
                var deficit = need - widths[widths.count - 1]
                for index in items.indices.dropLast() where deficit > 0 {
                    guard case .inline(.label(let text)) = items[index].placement, widths[index] > text else { continue }
                    let spare = min(widths[index] - text, deficit)
                    widths[index] -= spare
                    widths[widths.count - 1] += spare
                    deficit -= spare
                }
                if need <= widths[widths.count - 1] {
                    widths[widths.count - 1] = need
                    trailingX = rect.maxX - need
                }
            }
        }
        var x = rect.x
        for (index, item) in items.enumerated() {
            if index == items.count - 1, let trailingX, trailingX >= x { x = trailingX }
            let width = min(widths[index], rect.maxX - x)
            guard width > 0 else { break }
            // A label takes the row's lines (its line breaks, or its words wrapped when it is
            // alone), and so does a column; every other view, its first.
            let tall = item.role == .caption || item.role.isStack || items.count == 1
            let slot = Rect(x: x, y: rect.y, width: width, height: tall ? max(1, rect.height) : 1)
            // The control's whole slot first: the parts it draws (a stepper's − and +, a
            // slider's track) add their own regions after, which a click finds first.
            if context.isTop, !context.inCell, item.view is Control {
                frame.addHit(slot, item.presentation)
            }
            item.presentation.draw(in: slot, into: &frame, context: context)
            if !context.inCell { frame.anchors[item.view.id] = slot }
            x += width + 1
        }
    }
}
