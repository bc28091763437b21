import Flow

/// A box over the screen holding lines that may run past it: the help and the overview.
/// It says how to close it, scrolls, and shows on its border how much lies above and below.
enum ScrollingBox {
    /// One line: pieces of text, each in its style, left to right.
    typealias Line = [(text: String, style: Style)]

    /// Draws `lines` in `box` scrolled `scroll` lines down (kept within the lines); returns the
    /// furthest scroll that still fills the box, which input keeps to.
    @discardableResult
    static func draw(
        _ lines: [Line], title: String, in box: Rect, scroll: Int, into frame: inout Frame
    ) -> Int {
        guard box.width >= 4, box.height >= 3 else { return 0 }
        frame.buffer.fill(box, style: .plain)
        frame.buffer.drawBox(box, style: Theme.sheetBorder, border: .rounded, title: title)
        let room = box.height - 2
        let limit = max(0, lines.count - room)
        let top = min(max(scroll, 0), limit)
        for (offset, line) in lines.dropFirst(top).prefix(room).enumerated() {
            var x = box.x + 2
            for piece in line {
                x += frame.buffer.put(piece.text, at: Point(x: x, y: box.y + 1 + offset), style: piece.style, maxWidth: max(0, box.maxX - 2 - x))
            }
        }
        if top > 0 { mark("↑ \(top) more", row: box.y, in: box, into: &frame) }
        let below = lines.count - top - room
        if below > 0 { mark("↓ \(below) more, ↑↓ scroll", row: box.maxY - 1, in: box, into: &frame) }
        return limit
    }

    /// A note on the border's right end (how much more there is).
    private static func mark(_ text: String, row: Int, in box: Rect, into frame: inout Frame) {
        let shown = " " + DisplayWidth.truncate(text, to: max(0, box.width - 6)) + " "
        let width = DisplayWidth.of(shown)
        guard width < box.width - 2 else { return }
        frame.buffer.put(shown, at: Point(x: box.maxX - 2 - width, y: row), style: Theme.sheetBorder)
    }
}
