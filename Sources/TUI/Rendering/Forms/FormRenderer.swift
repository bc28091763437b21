import Flow

/// Draws a view that is neither a table nor a grid as a form: its rows top to bottom, with
/// blocks (tables, grids, container views) sharing the height the rows leave.
enum FormRenderer {
    /// Draws `view`'s rows into `rect`.
    static func draw(_ view: View, in rect: Rect, into frame: inout Frame, context: DrawContext) {
        let rows = FormLayout.rows(view)
        let labelColumn = FormLayout.labelColumn(rows, width: rect.width)
        let blocks = rows.filter { $0.items.contains(where: \.isBlock) }.count
        // The lines each row of text takes: a label's line breaks, or a lone label too long
        // for its row wrapped onto the lines its frame gives it.
        let heights = rows.map { row in
            row.items.contains(where: \.isBlock) ? 0 : max(row.height, FormLayout.lines(of: row, width: rect.width - 4))
        }
        let textLines = heights.reduce(0, +)
        let fixedLines = textLines + rows.count
        let blockHeight = blocks > 0 ? max(3, (rect.height - fixedLines) / blocks) : 0
        // Rows are a line apart when there is room, except lines of one block of text.
        let tight = rows.filter(\.isTight).count
        let spaced = rect.height >= textLines + blocks + rows.count - tight
        var y = rect.y + (rect.height > textLines + blocks + rows.count + 1 ? 1 : 0)
        for (index, row) in rows.enumerated() {
            guard y < rect.maxY else { break }
            if let block = row.items.first(where: \.isBlock) {
                let height = min(blockHeight, rect.maxY - y)
                let blockRect = Rect(x: rect.x + 1, y: y, width: rect.width - 2, height: height)
                block.presentation.draw(in: blockRect, into: &frame, context: context)
                y += height + 1
            } else {
                var line = Rect(x: rect.x + 2, y: y, width: rect.width - 4, height: min(heights[index], rect.maxY - y))
                if FormLayout.isCentred(row) {
                    let width = min(FormLayout.widths(of: row.items, in: line.width, labelColumn: nil)[0], line.width)
                    line = Rect(x: line.x + (line.width - width) / 2, y: y, width: width, height: line.height)
                }
                drawRow(row.items, in: line, into: &frame, context: context, labelColumn: labelColumn)
                let nextIsTight = index + 1 < rows.count && rows[index + 1].isTight
                y += line.height + (spaced && !nextIsTight ? 1 : 0)
            }
        }
    }

    /// Draws one row of views side by side (see `FormLayout.widths`). Controls of the screen
    /// on top can be clicked, except inside a table cell, where the row takes the click.
    static func drawRow(
        _ items: [FormItem], in rect: Rect, into frame: inout Frame, context: DrawContext, labelColumn: Int? = nil
    ) {
        guard !items.isEmpty, rect.width > 0 else { return }
        var widths = FormLayout.widths(of: items, in: rect.width, labelColumn: labelColumn, byFrames: context.inCell)
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
            // alone); every other view, its first.
            let slot = Rect(x: x, y: rect.y, width: width, height: item.view is Label || items.count == 1 ? max(1, rect.height) : 1)
            item.presentation.draw(in: slot, into: &frame, context: context)
            if !context.inCell { frame.anchors[item.view.id] = slot }
            if context.isTop, !context.inCell, item.view is Control {
                frame.addHit(slot, item.presentation)
            }
            x += width + 1
        }
    }
}
