import Flow

/// A label: its text in its alignment, bold and colour, cut with `…` where it must be.
extension Label: ViewPresentation {
    var placement: FormPlacement { .inline(.label(text: DisplayWidth.of(text))) }

    var titleViewWidth: Int? { text.isEmpty ? nil : DisplayWidth.of(text) }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        var style = context.base
        if isBold { style.attributes.insert(.bold) }
        if let textColor, !context.base.attributes.contains(.reverse) { style.foreground = Theme.color(textColor) }
        // A slot of several lines (a label of several lines in the file) wraps at words; the
        // last line is cut if the text runs on.
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
