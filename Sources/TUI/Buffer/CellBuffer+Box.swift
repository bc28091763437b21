/// Boxes and lines.
extension CellBuffer {
    /// Outlines `rect` with `border`, optionally with `title` on the top edge
    /// (`┌ Title ──┐`, truncated to fit). Rectangles narrower or shorter than two
    /// cells are left alone.
    public mutating func drawBox(
        _ rect: Rect, style: Style = .plain, border: BoxBorder = .single, title: String? = nil
    ) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.maxX - 1
        let bottom = rect.maxY - 1
        drawHorizontalLine(
            from: Point(x: rect.x + 1, y: rect.y), length: rect.width - 2, style: style, border: border)
        drawHorizontalLine(
            from: Point(x: rect.x + 1, y: bottom), length: rect.width - 2, style: style, border: border)
        drawVerticalLine(
            from: Point(x: rect.x, y: rect.y + 1), length: rect.height - 2, style: style, border: border)
        drawVerticalLine(
            from: Point(x: right, y: rect.y + 1), length: rect.height - 2, style: style, border: border)
        set(border.topLeft, at: rect.origin, style: style)
        set(border.topRight, at: Point(x: right, y: rect.y), style: style)
        set(border.bottomLeft, at: Point(x: rect.x, y: bottom), style: style)
        set(border.bottomRight, at: Point(x: right, y: bottom), style: style)
        if let title, !title.isEmpty, rect.width >= 5 {
            let room = rect.width - 4
            let shown = " " + DisplayWidth.truncate(title, to: room) + " "
            put(shown, at: Point(x: rect.x + 1, y: rect.y), style: style, maxWidth: rect.width - 2)
        }
    }

    /// A horizontal line of `length` cells starting at `point`.
    public mutating func drawHorizontalLine(
        from point: Point, length: Int, style: Style = .plain, border: BoxBorder = .single
    ) {
        guard length > 0 else { return }
        fill(Rect(origin: point, size: Size(width: length, height: 1)), with: border.horizontal, style: style)
    }

    /// A vertical line of `length` cells starting at `point`.
    public mutating func drawVerticalLine(
        from point: Point, length: Int, style: Style = .plain, border: BoxBorder = .single
    ) {
        guard length > 0 else { return }
        fill(Rect(origin: point, size: Size(width: 1, height: length)), with: border.vertical, style: style)
    }
}
