/// A grid of cells, `width × height`: the surface every renderer draws into and
/// the only thing a `Terminal` is handed.
///
/// Wide characters take two cells (the second a continuation). Writing over
/// either half of a wide character blanks the other half, so the grid never
/// holds half a character. Text put into the buffer is sanitized on the way in.
public struct CellBuffer: Hashable, Sendable {
    /// Columns and rows.
    public private(set) var size: Size
    /// Row-major cells.
    var cells: [Cell]

    /// A buffer of spaces in `style`.
    public init(size: Size, style: Style = .plain) {
        self.size = size
        self.cells = Array(repeating: .blank(style), count: size.area)
    }

    /// A buffer holding `lines` as plain text (a literal screen for tests); as wide as
    /// the widest line, padded with spaces.
    public init(lines: [String]) {
        let width = lines.map { DisplayWidth.of(Sanitizer.sanitize($0)) }.max() ?? 0
        self.init(size: Size(width: width, height: lines.count))
        for (row, line) in lines.enumerated() {
            put(line, at: Point(x: 0, y: row))
        }
    }

    /// Number of columns.
    public var width: Int { size.width }
    /// Number of rows.
    public var height: Int { size.height }
    /// The whole buffer as a rectangle at the origin.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The cell at `point`, or nil outside the buffer.
    public subscript(point: Point) -> Cell? {
        guard bounds.contains(point) else { return nil }
        return cells[point.y * width + point.x]
    }

    /// The cell at column `x`, row `y`, or nil outside the buffer.
    public subscript(x: Int, y: Int) -> Cell? {
        self[Point(x: x, y: y)]
    }

    // MARK: - Writing

    /// Draws `text` on one line from `point`, sanitized, clipped to the buffer and to
    /// `maxWidth` columns. A character that does not fit whole is not drawn, so the
    /// text never exceeds the budget and never shows half a character.
    ///
    /// - Returns: the columns advanced from `point.x` (at most `maxWidth`).
    @discardableResult
    public mutating func put(
        _ text: String, at point: Point, style: Style = .plain, maxWidth: Int? = nil
    ) -> Int {
        guard point.y >= 0, point.y < height else { return 0 }
        let budget = maxWidth ?? Int.max
        guard budget > 0 else { return 0 }
        let (end, overflow) = point.x.addingReportingOverflow(budget)
        let limit = overflow ? width : min(width, end)
        var column = point.x
        // Printable ASCII needs neither sanitizing nor measuring: one byte, one column.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            let (first, end) = prepareRun(row: point.y, from: point.x, count: text.utf8.count, limit: limit)
            if end > first {
                var index = point.y * width + first
                cells.withUnsafeMutableBufferPointer { row in
                    for byte in text.utf8.dropFirst(first - point.x).prefix(end - first) {
                        row[index] = Cell(ascii: byte, style: style)
                        index += 1
                    }
                }
            }
            return max(0, end - point.x)
        }
        // Text of simple scalars (`203°F`, `‹ Back`): still one column a scalar, nothing to
        // escape.
        if let columns = DisplayWidth.simpleWidth(text) {
            let (first, end) = prepareRun(row: point.y, from: point.x, count: columns, limit: limit)
            if end > first {
                var index = point.y * width + first
                cells.withUnsafeMutableBufferPointer { row in
                    for scalar in text.unicodeScalars.dropFirst(first - point.x).prefix(end - first) {
                        row[index] = Cell(simple: scalar, style: style)
                        index += 1
                    }
                }
            }
            return max(0, end - point.x)
        }
        for character in text {
            if Sanitizer.needsEscaping(character) {
                for safe in Sanitizer.sanitize(String(character)) {
                    guard place(safe, column: &column, row: point.y, limit: limit, style: style)
                    else { return column - point.x }
                }
            } else {
                guard place(character, column: &column, row: point.y, limit: limit, style: style)
                else { return column - point.x }
            }
        }
        return column - point.x
    }

    /// Readies a run of `count` one-column cells from column `start` of `row`, cut at `limit`
    /// and at the buffer's left edge, to be written whole: only a wide character cut at either
    /// end of the run needs its other half blanked, since every cell inside is replaced.
    /// Returns the columns the run covers, `first..<end` (nothing shows when `end <= first`;
    /// `end` is still where the run stops, which callers count their advance to).
    private mutating func prepareRun(row: Int, from start: Int, count: Int, limit: Int) -> (first: Int, end: Int) {
        let (reach, overflow) = start.addingReportingOverflow(count)
        let end = overflow ? limit : min(limit, reach)
        let first = max(start, 0)
        guard end > first else { return (first, end) }
        let base = row * width
        if first > 0, cells[base + first].isContinuation {
            cells[base + first - 1] = .blank(cells[base + first - 1].style)
        }
        if end < width, cells[base + end - 1].isWide {
            cells[base + end] = .blank(cells[base + end].style)
        }
        return (first, end)
    }

    /// Places one safe character at `column`, advancing it; false when it does not fit.
    private mutating func place(
        _ character: Character, column: inout Int, row: Int, limit: Int, style: Style
    ) -> Bool {
        let columns = DisplayWidth.clusterWidth(character)
        guard columns > 0 else { return true }
        guard column <= limit - columns else { return false }
        if column < 0 {
            // Clipped on the left: a wide character straddling the edge leaves a blank.
            if column + columns > 0 {
                for x in 0..<(column + columns) {
                    write(.blank(style), x: x, y: row)
                }
            }
        } else {
            write(Cell(trusted: columns > 2 ? "\u{FFFD}" : character, style: style, isWide: columns == 2), x: column, y: row)
        }
        column += columns
        return true
    }

    /// Writes one (non-continuation) cell, repairing wide characters it overlaps.
    mutating func write(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        var cell = cell
        if cell.isWide && x + 1 >= width {
            cell = .blank(cell.style)
        }
        let index = y * width + x
        detach(at: index, x: x)
        cells[index] = cell
        if cell.isWide {
            detach(at: index + 1, x: x + 1)
            cells[index + 1] = .continuation(cell.style)
        }
    }

    /// Blanks the other half of a wide character about to lose one half at `index`.
    private mutating func detach(at index: Int, x: Int) {
        let existing = cells[index]
        if existing.isContinuation, x > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        } else if existing.isWide, x + 1 < width {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
        cells[index] = .blank(existing.style)
    }

    /// Sets one cell to `character` (one or two columns) in `style`.
    public mutating func set(_ character: Character, at point: Point, style: Style = .plain) {
        write(Cell(character, style: style), x: point.x, y: point.y)
    }

    /// Fills `rect` (clipped to the buffer) with `character` in `style`.
    public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let cell: Cell
        if let byte = character.asciiValue, byte >= 0x20, byte < 0x7F {
            cell = Cell(ascii: byte, style: style)
        } else {
            cell = Cell(character, style: style)
        }
        if !cell.isWide {
            // One column each: only a wide character cut by the rect's edges needs care.
            for y in area.y..<area.maxY {
                let start = y * width + area.x
                let end = y * width + area.maxX
                if cells[start].isContinuation, area.x > 0 { cells[start - 1] = .blank(cells[start - 1].style) }
                if cells[end - 1].isWide, area.maxX < width { cells[end] = .blank(cells[end].style) }
                cells.withUnsafeMutableBufferPointer { row in
                    for index in start..<end { row[index] = cell }
                }
            }
            return
        }
        let step = 2
        for y in area.y..<area.maxY {
            var x = area.x
            while x < area.maxX {
                if cell.isWide && x + 1 >= area.maxX {
                    write(.blank(style), x: x, y: y)
                } else {
                    write(cell, x: x, y: y)
                }
                x += step
            }
        }
    }

    /// Replaces every cell with a space in `style`.
    public mutating func clear(style: Style = .plain) {
        cells = Array(repeating: .blank(style), count: size.area)
    }

    /// Changes the style of the cells in `rect`, keeping their characters
    /// (a highlighted row, a focused field).
    public mutating func setStyle(_ style: Style, in rect: Rect) {
        updateStyle(in: rect) { $0 = style }
    }

    /// Edits the style of each cell in `rect` (clipped to the buffer).
    public mutating func updateStyle(in rect: Rect, _ change: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                change(&cells[y * width + x].style)
            }
        }
    }

    /// Copies `other` into this buffer with its top-left corner at `origin`, clipped.
    public mutating func draw(_ other: CellBuffer, at origin: Point) {
        for y in 0..<other.height {
            var x = 0
            while x < other.width {
                let cell = other.cells[y * other.width + x]
                if !cell.isContinuation {
                    let target = Point(x: origin.x + x, y: origin.y + y)
                    if cell.isWide && (target.x < 0 || target.x + 1 >= width) {
                        write(.blank(cell.style), x: target.x, y: target.y)
                        write(.blank(cell.style), x: target.x + 1, y: target.y)
                    } else {
                        write(cell, x: target.x, y: target.y)
                    }
                }
                x += 1
            }
        }
    }

    /// Checks the wide-character invariants; returns a description of each violation
    /// (none when the buffer is consistent).
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        if cells.count != size.area {
            problems.append("\(cells.count) cells for size \(size)")
            return problems
        }
        for y in 0..<height {
            for x in 0..<width {
                let cell = cells[y * width + x]
                if cell.isWide {
                    if x + 1 >= width {
                        problems.append("wide character at the last column \(Point(x: x, y: y))")
                    } else if !cells[y * width + x + 1].isContinuation {
                        problems.append("wide character without continuation at \(Point(x: x, y: y))")
                    }
                }
                if cell.isContinuation && (x == 0 || !cells[y * width + x - 1].isWide) {
                    problems.append("continuation without wide character at \(Point(x: x, y: y))")
                }
                if cell.isPrintableASCII { continue }
                if Sanitizer.needsEscaping(cell.character) {
                    problems.append("unsafe character at \(Point(x: x, y: y))")
                }
            }
        }
        return problems
    }
}

extension CellBuffer {
    /// Writes `line`, the cells of one line drawn alone (in a buffer of its own, whole wide
    /// characters only), at `point`, as drawing it there would: a wide character of this
    /// buffer cut at either end of the line loses its other half, as `fill` does. The line
    /// must lie inside the buffer.
    mutating func paste(_ line: KeptLine, at point: Point) {
        guard line.width > 0 else { return }
        precondition(point.y >= 0 && point.y < height && point.x >= 0 && point.x + line.width <= width)
        let start = point.y * width + point.x
        let end = start + line.width
        if cells[start].isContinuation, point.x > 0 { cells[start - 1] = .blank(cells[start - 1].style) }
        if cells[end - 1].isWide, point.x + line.width < width { cells[end] = .blank(cells[end].style) }
        cells.withUnsafeMutableBufferPointer { target in
            guard let row = target.baseAddress.map({ $0 + start }) else { return }
            // The blank between the runs, and the runs themselves, each written once.
            var at = 0
            for run in line.runs {
                row.advanced(by: at).update(repeating: line.fill, count: run.offset - at)
                run.cells.withUnsafeBufferPointer { source in
                    row.advanced(by: run.offset).update(from: source.baseAddress!, count: source.count)
                }
                at = run.offset + run.cells.count
            }
            row.advanced(by: at).update(repeating: line.fill, count: line.width - at)
        }
    }
}

/// The cells of one line kept compactly: the cell most of it is (the row's blank) and the
/// runs of other cells, where they start. A row of a long list at 200 columns is a few dozen
/// cells of text and a mark, and keeping the visible rows whole took a fifth of a megabyte.
struct KeptLine {
    /// How many cells the line has.
    let width: Int
    /// The cell every cell outside `runs` is.
    let fill: Cell
    /// The other cells, in runs, by their offset from the line's start.
    let runs: [(offset: Int, cells: [Cell])]

    /// `cells` kept as the runs of cells that are not `fill`.
    init(_ cells: ArraySlice<Cell>, fill: Cell) {
        width = cells.count
        self.fill = fill
        var runs: [(offset: Int, cells: [Cell])] = []
        var index = cells.startIndex
        while index < cells.endIndex {
            guard cells[index] != fill else {
                index += 1
                continue
            }
            let start = index
            while index < cells.endIndex, cells[index] != fill { index += 1 }
            runs.append((start - cells.startIndex, Array(cells[start..<index])))
        }
        self.runs = runs
    }
}
