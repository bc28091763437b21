import Flow

/// One line of a table as drawn: a section header or footer, a gap, or (part of) a row.
enum TableLine {
    case header(String)
    case footer(String)
    case gap
    case row(IndexPath, TableViewCell, line: CellLine)
}

/// Lays out the visible part of a table from its first visible row, asking the data
/// source only for the rows that fit: a million rows cost what a hundred do.
enum TableLayout {
    /// The columns a table of `style` leaves at each side of its rows: a grouped table's
    /// sections sit in from its edges.
    static func margin(of style: TableSpec.Style) -> Int {
        style == .insetGrouped ? 3 : (style == .grouped ? 1 : 0)
    }

    /// The width of a row of `table` in a table `width` columns wide, room kept for the
    /// scroll indicator: what a cell's lines are worked out for, the same whether the
    /// indicator shows or not.
    static func rowWidth(of table: TableView, width: Int) -> Int {
        max(0, width - 2 * margin(of: table.style) - 1)
    }

    /// The lines that fill `height`, starting at the row `top` (with its section's header
    /// when it is the section's first row).
    static func lines(_ table: TableView, from top: IndexPath, height: Int, width: Int = 80) -> [TableLine] {
        var lines: [TableLine] = []
        let rowWidth = rowWidth(of: table, width: width)
        var section = top.section
        var row = top.row
        let grouped = table.style != .plain
        let sections = table.numberOfSections
        while lines.count < height, section < sections {
            let rows = table.numberOfRows(inSection: section)
            if row == 0 {
                if let title = table.titleForHeader(inSection: section), !title.isEmpty {
                    lines.append(.header(title))
                }
            }
            while row < rows, lines.count < height {
                let path = IndexPath(row: row, section: section)
                guard let cell = table.cellForRow(at: path) else { break }
                for line in CellLines.lines(of: cell, rowWidth: rowWidth) {
                    lines.append(.row(path, cell, line: line))
                }
                row += 1
            }
            if row >= rows {
                if let title = table.titleForFooter(inSection: section), !title.isEmpty {
                    for part in Wrap.lines(title, width: max(8, width - 4)) where lines.count < height {
                        lines.append(.footer(part))
                    }
                }
                if grouped, section + 1 < sections, lines.count < height {
                    lines.append(.gap)
                }
                section += 1
                row = 0
            }
        }
        return Array(lines.prefix(height))
    }

    /// Moves the first visible row so that the selected row is fully on screen, looking
    /// only at rows between the two.
    static func adjustedTop(_ table: TableView, top: IndexPath?, selected: IndexPath, height: Int, width: Int = 80) -> IndexPath {
        guard height > 0 else { return selected }
        let rowWidth = rowWidth(of: table, width: width)
        var top = top ?? table.firstIndexPath ?? selected
        if selected < top { return selected }
        // Walk back from the selection: the furthest top that still shows it.
        var earliest = selected
        var used = linesFor(table, selected, rowWidth: rowWidth) + headerLines(table, selected)
        while let previous = table.indexPath(before: earliest) {
            let needed = linesFor(table, previous, rowWidth: rowWidth) + headerLines(table, previous)
                + (previous.section != earliest.section ? footerLines(table, previous.section) : 0)
            if used + needed > height { break }
            used += needed
            earliest = previous
            if earliest <= top { break }
        }
        if top < earliest { top = earliest }
        return top
    }

    /// The row `count` rows after `path`, stopping at the last.
    static func indexPath(_ table: TableView, from path: IndexPath, forwardRows count: Int) -> IndexPath {
        var current = path
        var section = path.section
        var remaining = count
        // Jump within a section arithmetically: no data source calls for skipped rows.
        while remaining > 0 {
            let rows = table.numberOfRows(inSection: section)
            let room = rows - 1 - current.row
            if remaining <= room {
                return IndexPath(row: current.row + remaining, section: section)
            }
            remaining -= room
            guard let next = table.indexPath(after: IndexPath(row: rows - 1, section: section)) else {
                return IndexPath(row: max(rows - 1, 0), section: section)
            }
            remaining -= 1
            current = next
            section = next.section
        }
        return current
    }

    private static func linesFor(_ table: TableView, _ path: IndexPath, rowWidth: Int) -> Int {
        guard let cell = table.cellForRow(at: path) else { return 1 }
        defer { table.recycle(cell) }
        return CellLines.lines(of: cell, rowWidth: rowWidth).count
    }

    private static func headerLines(_ table: TableView, _ path: IndexPath) -> Int {
        guard path.row == 0, let title = table.titleForHeader(inSection: path.section), !title.isEmpty else { return 0 }
        return 1
    }

    private static func footerLines(_ table: TableView, _ section: Int) -> Int {
        var count = table.style != .plain ? 1 : 0
        if let title = table.titleForFooter(inSection: section), !title.isEmpty { count += 1 }
        return count
    }

    /// The position of `path` among all rows, for the scroll indicator.
    static func ordinal(_ table: TableView, of path: IndexPath) -> Int {
        var total = path.row
        for section in 0..<min(path.section, table.numberOfSections) {
            total += table.numberOfRows(inSection: section)
        }
        return total
    }
}
