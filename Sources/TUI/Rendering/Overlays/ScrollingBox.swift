import Flow

/// A box over the screen holding lines that may run past it: the help and the overview.
/// It says how to close it, scrolls, and shows on its border how much lies above and below.
/// A plain one, for a screen reader, is a list: its title, its lines, and how much more as
/// lines of words.
enum ScrollingBox {
    /// One line: pieces of text, each in its style, left to right.
    typealias Line = [(text: String, style: Style)]

    /// Draws `lines` in `box` scrolled `scroll` lines down (kept within the lines); returns the
    /// furthest scroll that still fills the box, which input keeps to.
    @discardableResult
    static func draw(
        _ lines: [Line], title: String, in box: Rect, scroll: Int, into frame: inout Frame, plain: Bool = false
    ) -> Int {
        if plain { return drawList(lines, title: title, in: box, scroll: scroll, into: &frame) }
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

    /// The lines as a plain list filling `area`: the title, a line saying how many lie above
    /// when scrolled, the lines, and a line saying how many lie below.
    private static func drawList(_ lines: [Line], title: String, in area: Rect, scroll: Int, into frame: inout Frame) -> Int {
        guard area.width >= 4, area.height >= 2 else { return 0 }
        frame.buffer.fill(area, style: .plain)
        frame.buffer.put(title, at: area.origin, style: Theme.bar, maxWidth: area.width)
        // Room for the lines, less the two notes: scrolling keeps to what fills it.
        let room = max(1, area.height - 3)
        let limit = max(0, lines.count - room)
        let top = min(max(scroll, 0), limit)
        var y = area.y + 1
        if top > 0 {
            frame.buffer.put("\(top) more above, Up scrolls", at: Point(x: area.x, y: y), style: Theme.detail, maxWidth: area.width)
        }
        y += 1
        for line in lines.dropFirst(top).prefix(room) {
            var x = area.x
            for piece in line {
                x += frame.buffer.put(piece.text, at: Point(x: x, y: y), style: piece.style, maxWidth: max(0, area.maxX - x))
            }
            y += 1
        }
        let below = lines.count - top - room
        if below > 0, y < area.maxY {
            frame.buffer.put("\(below) more below, Down scrolls", at: Point(x: area.x, y: y), style: Theme.detail, maxWidth: area.width)
        }
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
