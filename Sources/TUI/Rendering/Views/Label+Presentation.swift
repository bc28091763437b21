import Flow

/// A label: its text in its alignment, bold and colour, cut with `…` where it must be.
/// A text with line breaks (`\n`, `\r`, U+2028, U+2029) takes a line for each, as the device
/// breaks it; in a slot of fewer lines, the last holds the rest, joined by spaces.
extension Label: ViewPresentation {
    var placement: FormPlacement { .inline(.label(text: lines.map { DisplayWidth.of($0) }.max() ?? 0)) }
    var formRole: FormRole { .caption }
    var formText: String? { text }
    var isDrawnFromItsProperties: Bool { true }

    var titleViewWidth: Int? { text.isEmpty ? nil : DisplayWidth.of(text) }

    /// The label's lines: its text split at its line breaks, each made safe to draw.
    var lines: [String] { Self.lines(of: text) }

    /// A label's lines for `text`: split at its line breaks, each made safe to draw.
    static func lines(of text: String) -> [String] {
        hasLineBreak(text) ? Sanitizer.sanitizeLines(text) : [text]
    }

    /// Whether `text` holds a line break; most texts are looked at byte by byte only.
    static func hasLineBreak(_ text: String) -> Bool {
        // U+2028 and U+2029 start with the byte 0xE2, as `…` and `›` do.
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0xE2 }) else { return false }
        return text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    /// The label's weight and colour over `base` (its colour kept off a highlighted row).
    private func textStyle(over base: Style) -> Style {
        var style = base
        if isBold { style.attributes.insert(.bold) }
        if let textColor, !base.attributes.contains(.reverse) { style.foreground = Theme.color(textColor) }
        return style
    }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let style = textStyle(over: context.base)
        guard Self.hasLineBreak(text) else { return drawWrapping(text, in: slot, style: style, into: &frame) }
        var lines = self.lines
        let height = max(1, slot.height)
        // A slot of more lines than the text has breaks (a label of several lines in the
        // file) also wraps each line at words.
        if height > lines.count { lines = lines.flatMap { Wrap.lines($0, width: slot.width) } }
        if lines.count > height {
            lines[height - 1] = lines[(height - 1)...].joined(separator: " ")
            lines.removeLast(lines.count - height)
        }
        for (index, line) in lines.enumerated() {
            put(line, in: Rect(x: slot.x, y: slot.y + index, width: slot.width, height: 1), style: style, into: &frame)
        }
    }

    /// Draws line `part` of the `parts` lines the label's text wraps to in `slot`'s width: a
    /// label of several lines drawn a line at a time, as a table draws a cell. The last of
    /// them holds the rest of the text, cut at a word's end where it must be.
    func drawLine(_ part: Int, of parts: Int, in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let lines = Wrap.lines(text, width: slot.width)
        guard part < lines.count else { return }
        let shown = part == parts - 1 ? lines[part...].joined(separator: " ") : lines[part]
        put(shown, in: Rect(x: slot.x, y: slot.y, width: slot.width, height: 1), style: textStyle(over: context.base), into: &frame)
    }

    /// Draws text without line breaks: on one line, or wrapped at words when its slot has
    /// several (a label of several lines in the file), the last line cut if the text runs on.
    private func drawWrapping(_ text: String, in slot: Rect, style: Style, into frame: inout Frame) {
        if slot.height > 1, DisplayWidth.of(text) > slot.width {
            let lines = Wrap.lines(text, width: slot.width)
            for (index, line) in lines.prefix(slot.height).enumerated() {
                let last = index == slot.height - 1 && lines.count > slot.height
                let shown = last ? lines[index...].joined(separator: " ") : line
                put(shown, in: Rect(x: slot.x, y: slot.y + index, width: slot.width, height: 1), style: style, into: &frame)
            }
            return
        }
        put(text, in: slot, style: style, into: &frame)
    }

    /// Puts `text` on the first line of `slot` in the label's alignment, cut to fit.
    private func put(_ text: String, in slot: Rect, style: Style, into frame: inout Frame) {
        var shown = DisplayWidth.truncate(text, to: slot.width)
        // Cut at the end of a word when that keeps most of the room ("after…", not "after b…").
        if shown != text, shown.hasSuffix("…") {
            let kept = shown.dropLast()
            if let space = kept.lastIndex(of: " "), DisplayWidth.of(String(kept[..<space])) >= slot.width / 2 {
                shown = String(kept[..<space]) + "…"
            }
        }
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
