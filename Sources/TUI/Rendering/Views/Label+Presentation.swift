import Flow

/// A label: its text in its alignment, bold and colour, cut with `…` where it must be.
/// A text with line breaks (`\n`, `\r`, U+2028, U+2029) takes a line for each, as the device
/// breaks it; in a slot of fewer lines, the last holds the rest, joined by spaces.
extension Label: ViewPresentation {
    var placement: FormPlacement { .inline(.label(text: lines.map { DisplayWidth.of($0) }.max() ?? 0)) }

    var titleViewWidth: Int? { text.isEmpty ? nil : DisplayWidth.of(text) }

    /// The label's lines: its text split at its line breaks, each made safe to draw.
    var lines: [String] {
        Self.hasLineBreak(text) ? Sanitizer.sanitizeLines(text) : [text]
    }

    /// Whether `text` holds a line break; most texts are looked at byte by byte only.
    static func hasLineBreak(_ text: String) -> Bool {
        // U+2028 and U+2029 start with the byte 0xE2, as `…` and `›` do.
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0xE2 }) else { return false }
        return text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        var style = context.base
        if isBold { style.attributes.insert(.bold) }
        if let textColor, !context.base.attributes.contains(.reverse) { style.foreground = Theme.color(textColor) }
        guard Self.hasLineBreak(text) else { return draw(text, in: slot, style: style, into: &frame) }
        var lines = self.lines
        let height = max(1, slot.height)
        if lines.count > height {
            lines[height - 1] = lines[(height - 1)...].joined(separator: " ")
            lines.removeLast(lines.count - height)
        }
        for (index, line) in lines.enumerated() {
            draw(line, in: Rect(x: slot.x, y: slot.y + index, width: slot.width, height: 1), style: style, into: &frame)
        }
    }

    /// One line of the label in its alignment.
    private func draw(_ text: String, in slot: Rect, style: Style, into frame: inout Frame) {
        let shown = DisplayWidth.truncate(text, to: slot.width)
        let width = DisplayWidth.of(shown)
        let x: Int
        switch alignment {
        case .right: x = slot.maxX - width
        case .center: x = slot.x + (slot.width - width) / 2
        default: x = slot.x
        }
        frame.buffer.put(shown, at: Point(x: x, y: slot.y), style: style, maxWidth: slot.width)
    }
}
