import Flow

/// A label: its text in its alignment, bold and colour, cut with `…` where it must be.
extension Label: ViewPresentation {
    var placement: FormPlacement { .inline(.label(text: DisplayWidth.of(text))) }

    var titleViewWidth: Int? { text.isEmpty ? nil : DisplayWidth.of(text) }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        var style = context.base
        if isBold { style.attributes.insert(.bold) }
        if let textColor, !context.base.attributes.contains(.reverse) { style.foreground = Theme.color(textColor) }
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
