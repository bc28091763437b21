/// How the stand-ins for what a terminal cannot show (a map, a web page, a picker's wheels)
/// draw: a box with what it stands for centred inside, or the words alone on a line when
/// the room is one or two lines high.
enum LabelledBox {
    /// Draws `lines` (the first bold) centred in a box filling `rect`.
    static func draw(_ lines: [String], in rect: Rect, into frame: inout Frame, base: Style) {
        guard rect.width > 0, rect.height > 0, !lines.isEmpty else { return }
        guard rect.height >= 3, rect.width >= 6 else {
            let text = lines.joined(separator: ": ")
            frame.buffer.put("[\(text)]", at: rect.origin, style: Theme.detail.merged(over: base), maxWidth: rect.width)
            return
        }
        frame.buffer.drawBox(rect, style: Theme.barSeparator.merged(over: base), border: .rounded)
        let inner = rect.inset(by: 1)
        let shown = Array(lines.prefix(inner.height))
        let top = inner.y + (inner.height - shown.count) / 2
        for (index, line) in shown.enumerated() {
            let text = DisplayWidth.truncate(line, to: inner.width)
            let x = inner.x + (inner.width - DisplayWidth.of(text)) / 2
            let style = (index == 0 ? Theme.bar : Theme.detail).merged(over: base)
            frame.buffer.put(text, at: Point(x: x, y: top + index), style: style, maxWidth: inner.width)
        }
    }
}
