/// Turns a sequence of frames into the bytes a terminal would be sent to show them, each
/// frame written as what changed since the one before: what a headless recording
/// (`storyboard render --format cast`) plays.
///
/// The output is plain ANSI: cursor positioning (CUP), SGR with colours at the chosen depth,
/// and showing or hiding the cursor, which every terminal and asciinema's player take.
/// Characters terminals measure otherwise than the app (emoji sequences, VS16) are written
/// in the reduced form the curses back end writes (`CursesGlyph`). The
/// first frame, and any frame of another size, clears the screen and is written whole. Each
/// frame ends with the attributes reset, so no style leaks into the next.
public struct ANSIFrameWriter: Sendable {
    /// The colours frames are written with.
    public let colorDepth: ColorDepth
    private var previous: CellBuffer?
    private var cursorShown: Bool?

    /// A writer that has written nothing yet.
    public init(colorDepth: ColorDepth = .trueColor) {
        self.colorDepth = colorDepth
    }

    /// Gaps of unchanged cells shorter than this are written again rather than jumped over
    /// (a cursor move is about this long).
    static let shortestJump = 6

    /// The bytes that turn the screen last written into `buffer`, with the text cursor shown
    /// at `cursor` (a field being edited) or hidden.
    public mutating func update(to buffer: CellBuffer, cursor: Point?) -> String {
        var output = ""
        let before: CellBuffer
        if let previous, previous.size == buffer.size {
            before = previous
        } else {
            // Hide the cursor while drawing, home, clear: then only what is not blank is written.
            output += "\u{1B}[?25l\u{1B}[0m\u{1B}[H\u{1B}[2J"
            cursorShown = false
            before = CellBuffer(size: buffer.size)
        }
        if cursorShown == true {
            output += "\u{1B}[?25l"
            cursorShown = false
        }
        var current = CellBuffer.selectGraphicRendition(.plain, depth: colorDepth)
        var codes: [Style: String] = [:]
        let width = buffer.width
        for y in 0..<buffer.height {
            var x = 0
            // Where the terminal's cursor is on this row (nil: elsewhere).
            var column: Int?
            while x < width {
                guard let start = Self.nextChange(in: buffer, since: before, row: y, from: x) else { break }
                // The run goes on over further changes and the short gaps between them.
                var end = start + max(1, buffer.cells[y * width + start].width)
                while let next = Self.nextChange(in: buffer, since: before, row: y, from: end),
                    next - end < Self.shortestJump
                {
                    end = next + max(1, buffer.cells[y * width + next].width)
                }
                if column != start {
                    output += "\u{1B}[\(y + 1);\(start + 1)H"
                }
                var index = start
                while index < min(end, width) {
                    let cell = buffer.cells[y * width + index]
                    if cell.isContinuation {
                        index += 1
                        continue
                    }
                    let code = codes[cell.style] ?? CellBuffer.selectGraphicRendition(cell.style, depth: colorDepth)
                    codes[cell.style] = code
                    if code != current {
                        output += code
                        current = code
                    }
                    if cell.isPrintableASCII || cell.scalar.map({ DisplayWidth.isSimple($0.value) }) == true {
                        output.append(cell.character)
                    } else {
                        // In the form terminals count as the app does (as the curses back end
                        // writes it), so nothing after it on the line shifts.
                        let columns = CursesGlyph.columns(
                            for: cell.character, width: cell.width, isUTF8: true, maximumScalars: 5,
                            wcwidth: DisplayWidth.of(_:))
                        for scalars in columns { output.unicodeScalars.append(contentsOf: scalars) }
                    }
                    index += cell.width
                }
                column = index
                x = index
            }
        }
        let plain = CellBuffer.selectGraphicRendition(.plain, depth: colorDepth)
        if current != plain { output += plain }
        if let cursor, buffer.bounds.contains(cursor) {
            output += "\u{1B}[\(cursor.y + 1);\(cursor.x + 1)H\u{1B}[?25h"
            cursorShown = true
        }
        previous = buffer
        return output
    }

    /// The first column at or after `x` on row `y` whose cell differs from the frame before.
    private static func nextChange(in buffer: CellBuffer, since before: CellBuffer, row y: Int, from x: Int) -> Int? {
        let width = buffer.width
        var column = x
        while column < width {
            let index = y * width + column
            let cell = buffer.cells[index]
            let changed = before.cells[index] != cell
            // A continuation changes with its wide character, which was found first.
            if changed && !cell.isContinuation { return column }
            column += 1
        }
        return nil
    }
}
