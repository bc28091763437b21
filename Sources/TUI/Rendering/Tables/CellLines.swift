import Flow

/// The lines of a cell: a custom cell's views grouped into the rows their frames sit on in
/// the file, as many as the cell's height holds, so a chat row ("Chat with" and a time above
/// "Last message" and a badge) reads on two lines as it was drawn; and a label of several
/// lines, alone on its row, wrapped onto the lines the cell has left (`CellLine`).
enum CellLines {
    /// Points of a cell's height per terminal line: a 44-point cell holds two lines of text
    /// (a title over a subtitle), a 60-point one three.
    static let pointsPerLine = 22.0

    /// The lines `cell` takes in a row `rowWidth` columns wide: a line per row of its views,
    /// and for a label of several lines in the file (`numberOfLines` 0 or more than 1) that
    /// is a row alone, the lines its words wrap to, as many as the cell's height holds. A
    /// Basic cell's title wraps the same way; a Subtitle cell shows its detail on a second
    /// line. Kept with the cell until it changes or the width does.
    static func lines(of cell: TableViewCell, rowWidth: Int) -> [CellLine] {
        // Asked of every visible cell on every frame: the style is read once.
        let style = cell.style
        var textRevision: UInt64 = 0
        switch style {
        case .custom:
            // Its texts are its content view's, which the cell's `revision` covers.
            break
        case .basic:
            guard let label = cell.textLabel, wraps(label, text: label.text) else { return CellLine.one }
            textRevision = label.revision
        case .subtitle:
            return cell.detailTextLabel?.text.isEmpty ?? true ? CellLine.one : CellLine.titleAndDetail
        default:
            return CellLine.one
        }
        let record = KeptCellDrawing.record(of: cell)
        let key = CellLine.Key(revision: cell.revision, textRevision: textRevision, rowWidth: rowWidth)
        if let kept = record.cellLines, kept.key == key { return kept.lines }
        let lines = planLines(of: cell, rowWidth: rowWidth)
        record.cellLines = (key, lines)
        return lines
    }

    /// Whether `label`, with `text`, is drawn on several lines on the device when its text
    /// is longer than its width.
    static func wraps(_ label: View, text: String) -> Bool {
        (label.spec?.numberOfLines ?? 1) != 1 && !text.isEmpty
    }

    /// The lines of a Basic or custom cell, worked out afresh (see `lines(of:rowWidth:)`).
    private static func planLines(of cell: TableViewCell, rowWidth: Int) -> [CellLine] {
        let height = cell.contentView.spec?.frameSize?.height
        let limit = max(1, Int(((height ?? 44) + 1) / pointsPerLine))
        let leading = rowWidth - 2 - TableCellDrawing.leadingWidth(of: cell)
        if cell.style == .basic {
            guard let label = cell.textLabel else { return [.single] }
            return parts(of: label, text: label.text, width: leading, room: limit).map { CellLine(row: 0, part: $0.part, parts: $0.parts) }
        }
        let rows = rows(of: cell)
        var room = limit - rows.count
        var lines: [CellLine] = []
        for (index, row) in rows.enumerated() {
            guard row.count == 1, let text = row[0].captionText, wraps(row[0].view, text: text), room > 0 else {
                lines.append(CellLine(row: index, part: 0, parts: 1))
                continue
            }
            var width = leading
            if index > 0 {
                width = rowWidth - 2
                width -= indent(of: row, under: rows[0], in: cell.contentView, width: width)
            }
            let parts = parts(of: row[0].view, text: text, width: width, room: room + 1)
            room -= parts.count - 1
            lines += parts.map { CellLine(row: index, part: $0.part, parts: $0.parts) }
        }
        return lines
    }

    /// The lines `label`'s words wrap to in `width` columns, at most `room` and at most its
    /// `numberOfLines`.
    private static func parts(of label: View, text: String, width: Int, room: Int) -> [(part: Int, parts: Int)] {
        guard width > 0, DisplayWidth.of(text) > width || Label.hasLineBreak(text) else { return [(0, 1)] }
        var count = min(room, Wrap.lines(text, width: width).count)
        if let most = label.spec?.numberOfLines, most > 0 { count = min(count, most) }
        count = max(1, count)
        return (0..<count).map { ($0, count) }
    }

    /// A custom cell's rows, as `rows(of:)` finds them from its content view, kept with the
    /// cell until something inside it changes (its content view's `revision` moves on): a
    /// table asks for every visible cell's rows on every frame, and finding them asks every
    /// view in the cell for its presentation.
    static func rows(of cell: TableViewCell) -> [[FormItem]] {
        let record = KeptCellDrawing.record(of: cell)
        let revision = cell.contentView.revision
        if let kept = record.rows, kept.revision == revision { return kept.rows }
        let rows = rows(of: cell.contentView)
        record.rows = (revision, rows)
        return rows
    }

    /// A cell's rows of views, top to bottom; each row left to right. A view as tall as most
    /// of the cell (an image at the side) sits on the first line, and the lines below keep
    /// clear of its column.
    static func rows(of contentView: View) -> [[FormItem]] {
        let items = FormLayout.items(contentView)
        guard items.count > 1 else { return [items] }
        let height = contentView.spec?.frameSize?.height
        let limit = max(1, Int(((height ?? 44) + 1) / pointsPerLine))
        guard limit > 1 else { return [items] }
        var placed: [(item: FormItem, top: Double, bottom: Double)] = []
        placed.reserveCapacity(items.count)
        for item in items {
            guard let origin = origin(of: item.view, in: contentView) else { return [items] }
            let size = item.view.spec?.frameSize?.height ?? 20
            placed.append((item, origin.y, origin.y + size))
        }
        // Views spanning most of the cell (an avatar, a thumbnail, a label with no text drawn
        // as a bar down its side) are not a row of their own.
        let spanning = { (entry: (item: FormItem, top: Double, bottom: Double)) -> Bool in
            guard let height, entry.item.captionText.map({ $0.isEmpty }) ?? true else { return false }
            return entry.bottom - entry.top >= height * 0.6
        }
        // A view joins the row above when its middle is inside that row; a text also when
        // most of the shorter of it and a row of texts overlap (a price centred at the side
        // between two lines of text sits beside the lower line it mostly shares).
        var rows: [(top: Double, bottom: Double, items: [FormItem])] = []
        for entry in placed.filter({ !spanning($0) }).sorted(by: { $0.top < $1.top }) {
            let middle = (entry.top + entry.bottom) / 2
            let overlapsMostly = { (last: (top: Double, bottom: Double, items: [FormItem])) -> Bool in
                guard entry.item.role == .caption, last.items.allSatisfy({ $0.role == .caption }) else { return false }
                let overlap = min(entry.bottom, last.bottom) - max(entry.top, last.top)
                return overlap > 0 && overlap * 2 >= min(entry.bottom - entry.top, last.bottom - last.top)
            }
            if let last = rows.last, middle < last.bottom || overlapsMostly(last) {
                rows[rows.count - 1].items.append(entry.item)
                rows[rows.count - 1].bottom = max(last.bottom, min(entry.bottom, middle + 11))
            } else {
                rows.append((entry.top, entry.bottom, [entry.item]))
            }
        }
        guard rows.count > 1 else { return [items] }
        // Rows beyond what the height holds join the last line that it does.
        while rows.count > limit {
            let extra = rows.removeLast()
            rows[rows.count - 1].items += extra.items
        }
        rows[0].items += placed.filter(spanning).map(\.item)
        return rows.map { row in
            row.items.sorted { (origin(of: $0.view, in: contentView)?.x ?? 0) < (origin(of: $1.view, in: contentView)?.x ?? 0) }
        }
    }

    /// Where `view`'s frame sits in `ancestor`'s coordinates, adding up the frames between;
    /// nil when one of them has no frame in the file.
    static func origin(of view: View, in ancestor: View) -> (x: Double, y: Double)? {
        var x = 0.0
        var y = 0.0
        var node: View? = view
        while let current = node, current !== ancestor {
            guard let frame = current.spec?.frameOrigin else { return nil }
            x += frame.x
            y += frame.y
            node = current.superview
        }
        return node == nil ? nil : (x, y)
    }

    /// The column line `index` of a cell starts at: beneath the first line's view it sits
    /// under in the file (a subtitle under its title, right of the avatar), found from the
    /// first line's widths in `width` columns.
    static func indent(of row: [FormItem], under first: [FormItem], in contentView: View, width: Int) -> Int {
        guard let leading = row.first, let x = origin(of: leading.view, in: contentView)?.x else { return 0 }
        let widths = FormLayout.widths(of: first, in: width, labelColumn: nil)
        var column = 0
        var indent = 0
        for (item, itemWidth) in zip(first, widths) {
            guard let start = origin(of: item.view, in: contentView)?.x, start <= x + 4 else { break }
            indent = column
            column += itemWidth + 1
        }
        return min(indent, max(0, width - 8))
    }
}

/// One line of a table cell as drawn: which row of its views (or of a standard style's
/// labels) it shows, and which of that row's lines when its text wraps.
struct CellLine: Equatable {
    /// The row of views: 0 is the first, which holds the accessory.
    var row: Int
    /// The line of the row's text, from 0.
    var part: Int
    /// The lines the row's text takes.
    var parts: Int

    /// A cell of one line.
    static let single = CellLine(row: 0, part: 0, parts: 1)
    /// The lines of a cell of one line, and of a Subtitle cell with a detail: made once, as
    /// most cells are one of these and a table asks for every visible cell's lines.
    static let one = [single]
    static let titleAndDetail = [single, CellLine(row: 1, part: 0, parts: 1)]

    /// Whether this is the cell's first line, where its accessory is drawn and its hit and
    /// focus are.
    var isFirst: Bool { row == 0 && part == 0 }

    /// What a cell's lines were worked out from.
    struct Key: Equatable {
        var revision: UInt64
        var textRevision: UInt64
        var rowWidth: Int
    }
}
