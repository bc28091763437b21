import Flow

/// The screen-reader mode's last step over a frame, whatever drew it: no drawn lines or
/// blocks left for a reader to speak, the focused element marked with `>`, the announcement
/// on its own line, and the terminal's cursor on the focused element's text, where a
/// reader's review cursor and a braille display follow it.
///
/// Generic on purpose: a kind of view drawn with box-drawing or block characters is read
/// cleanly without knowing of this mode, and its focus is marked from the frame's
/// `focusRect`. Runs only in that mode: a frame drawn without it costs nothing here.
enum ScreenReaderPass {
    /// The mark put before the focused element.
    static let focusMark: Character = ">"

    /// Finishes `frame`: decoration out, the focus marked, `announcement` wrapped onto the
    /// rows `lines` (cut with `…` when it needs more), and the cursor on the focused element,
    /// or at `home` when something covers the screen (an overlay, the trace panel taking the
    /// keys), or else at the announcement.
    static func finish(_ frame: inout Frame, announcement: String, lines: Range<Int>, home: Point?) {
        frame.buffer.removeDrawnLines()
        var focusPoint: Point?
        if home == nil, let rect = frame.focusRect {
            focusPoint = markFocus(rect, in: &frame.buffer)
        }
        let width = frame.size.width
        let rows = lines.clamped(to: 0..<frame.size.height)
        if !rows.isEmpty, width > 0 {
            frame.buffer.fill(Rect(x: 0, y: rows.lowerBound, width: width, height: rows.count), style: .plain)
            var wrapped = Wrap.lines(announcement, width: width)
            if wrapped.count > rows.count {
                let kept = wrapped.prefix(rows.count - 1) + [wrapped[(rows.count - 1)...].joined(separator: " ")]
                wrapped = kept.map { $0 }
                wrapped[wrapped.count - 1] = DisplayWidth.truncate(wrapped[wrapped.count - 1], to: width)
            }
            for (offset, text) in wrapped.prefix(rows.count).enumerated() {
                frame.buffer.put(text, at: Point(x: 0, y: rows.lowerBound + offset), maxWidth: width)
            }
        }
        if let home {
            frame.cursor = home
        } else if frame.cursor == nil {
            let fallback = rows.isEmpty ? Point(x: 0, y: 0) : Point(x: 0, y: rows.lowerBound)
            frame.cursor = focusPoint ?? fallback
        }
    }

    /// Puts the focus mark just before the focused element's text in `rect` (when that cell
    /// is free) and returns where its text starts: the first letter or digit of the first row
    /// of `rect` that shows anything, else that row's first character, else the rectangle's
    /// corner.
    static func markFocus(_ rect: Rect, in buffer: inout CellBuffer) -> Point? {
        guard let (first, text) = start(of: rect, in: buffer) else { return nil }
        let markX = first.x - 1
        if markX >= 0, isBlank(buffer[markX, first.y]) {
            buffer.set(focusMark, at: Point(x: markX, y: first.y), style: buffer[markX, first.y]?.style ?? .plain)
        }
        return text
    }

    /// Where the text of the element drawn in `rect` starts: the first letter or digit of
    /// the first row of `rect` that shows anything, else that row's first character, else
    /// the rectangle's corner. Where the cursor rests in every mode, so that a screen reader
    /// reading at the cursor reads the focused element and not what was written last.
    static func textStart(of rect: Rect, in buffer: CellBuffer) -> Point? {
        start(of: rect, in: buffer)?.text
    }

    /// The first cell of `rect` that shows anything (its corner when none does) and where
    /// the element's text starts; nil when `rect` is off the screen.
    private static func start(of rect: Rect, in buffer: CellBuffer) -> (first: Point, text: Point)? {
        let area = rect.intersection(buffer.bounds)
        guard !area.isEmpty else { return nil }
        var start: Point?
        for y in area.y..<area.maxY {
            if let x = (area.x..<area.maxX).first(where: { !isBlank(buffer[$0, y]) }) {
                start = Point(x: x, y: y)
                break
            }
        }
        let first = start ?? area.origin
        guard start != nil else { return (first, first) }
        let text = (first.x..<area.maxX).first { x in
            guard let cell = buffer[x, first.y], !cell.isContinuation else { return false }
            return cell.character.isLetter || cell.character.isNumber
        }
        return (first, Point(x: text ?? first.x, y: first.y))
    }

    /// Whether a cell shows nothing: a space (not half of a wide character).
    private static func isBlank(_ cell: Cell?) -> Bool {
        guard let cell else { return false }
        return !cell.isContinuation && cell.character == " "
    }
}

extension CellBuffer {
    /// Replaces every box-drawing and block character (U+2500–U+259F) with a space in the
    /// cell's style: lines and boxes become blank space, which a screen reader passes over.
    mutating func removeDrawnLines() {
        for index in cells.indices {
            let code = cells[index].code
            guard code >= 0x2500, code <= 0x259F else { continue }
            let cell = cells[index]
            cells[index] = .blank(cell.style)
            if cell.isWide, index + 1 < cells.count { cells[index + 1] = .blank(cells[index + 1].style) }
        }
    }
}
