import Flow

/// A slider: a track with a knob and the value beside it (for a screen reader, the value and
/// its range in words); ← and → move it a hundredth of its range, Page Up and Page Down a
/// tenth; a click on the track puts the knob there and a drag takes it along.
extension Slider: ViewPresentation {
    var placement: FormPlacement { .inline(.shared(stretches: true)) }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let focused = context.isFocused(self)
        let shown = DecimalText.fixed(value, digits: 2)
        if context.screenReader {
            let range = "\(DecimalText.fixed(minimumValue, digits: 2)) to \(DecimalText.fixed(maximumValue, digits: 2))"
            frame.buffer.put("\(shown) (\(range))", at: slot.origin, style: focused ? Theme.focused : context.base, maxWidth: slot.width)
            if focused { frame.focusRect = slot }
            return
        }
        let barWidth = max(3, slot.width - shown.count - 1)
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? (value - minimumValue) / span : 0
        let knob = Int((fraction * Double(barWidth - 1)).rounded())
        var bar = ""
        for index in 0..<barWidth { bar += index < knob ? "━" : (index == knob ? "●" : "─") }
        frame.buffer.put(bar, at: slot.origin, style: focused ? Theme.focused : context.base, maxWidth: slot.width)
        if context.isTop, !context.inCell {
            for index in 0..<min(barWidth, slot.width) {
                frame.addHit(Rect(x: slot.x + index, y: slot.y, width: 1, height: 1), self, part: .position(index, of: barWidth))
            }
        }
        frame.buffer.put(
            shown, at: Point(x: slot.x + barWidth + 1, y: slot.y), style: context.base,
            maxWidth: max(0, slot.width - barWidth - 1))
        if focused { frame.focusRect = slot }
    }

    func focusBindings(in frame: Frame) -> [KeyBinding] {
        [
            KeyBinding([.left], "←", "less", .decrease, pairedInFooterAs: ("←→", "adjust")),
            KeyBinding([.right], "→", "more", .increase, pairedInFooterAs: ("←→", "adjust")),
            KeyBinding([.pageDown], "PgDn", "less ×10", .decreaseMore, footer: false),
            KeyBinding([.pageUp], "PgUp", "more ×10", .increaseMore, footer: false),
        ]
    }

    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        switch command {
        case .decrease: setValue(value - step)
        case .increase: setValue(value + step)
        case .decreaseMore: setValue(value - step * 10)
        case .increaseMore: setValue(value + step * 10)
        default: return false
        }
        return true
    }

    /// A click on the track focuses the slider and puts its knob there; elsewhere, focus.
    func click(_ part: HitPart, input: inout InputContext) {
        input.focus(self)
        drag(to: part, input: &input)
    }

    func drag(to part: HitPart, input: inout InputContext) {
        guard case .position(let index, let length) = part, length > 1 else { return }
        setValue(minimumValue + (maximumValue - minimumValue) * Double(index) / Double(length - 1))
    }
}

extension Slider {
    /// `Volume, slider, 0.50`.
    func spoken(in frame: Frame) -> SpokenElement {
        var element = SpokenElement(self)
        element.label = element.label ?? Announcement.formLabel(for: self)
        element.role = "slider"
        element.value = DecimalText.fixed(value, digits: 2)
        return element
    }
}
