import Flow

/// A stepper: `[−] value [+]`; ← or - steps down, → or + up, and so do clicks on `[−]` and
/// `[+]`.
extension Stepper: ViewPresentation {
    var placement: FormPlacement { .inline(.fixed(12)) }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let focused = context.isFocused(self)
        let shown = value == value.rounded() ? String(Int(value)) : DecimalText.fixed(value, digits: 1)
        let text = "[−] \(shown) [+]"
        frame.buffer.put(text, at: slot.origin, style: focused ? Theme.focused : context.base, maxWidth: slot.width)
        if focused { frame.focusRect = slot }
        if context.isTop, !context.inCell {
            let plus = DisplayWidth.of(text) - 3
            frame.addHit(Rect(x: slot.x, y: slot.y, width: min(3, slot.width), height: 1), self, part: .index(0))
            if plus + 3 <= slot.width { frame.addHit(Rect(x: slot.x + plus, y: slot.y, width: 3, height: 1), self, part: .index(1)) }
        }
    }

    func focusBindings(in frame: Frame) -> [KeyBinding] {
        [
            KeyBinding([.left, .char("-")], "←", "step down", .decrease, pairedInFooterAs: ("←→", "step")),
            KeyBinding([.right, .char("+")], "→", "step up", .increase, pairedInFooterAs: ("←→", "step")),
        ]
    }

    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        switch command {
        case .decrease: step(by: -1)
        case .increase: step(by: 1)
        default: return false
        }
        return true
    }

    /// A click focuses the stepper; on `[−]` or `[+]` it also steps.
    func click(_ part: HitPart, input: inout InputContext) {
        input.focus(self)
        switch part {
        case .index(0): step(by: -1)
        case .index(1): step(by: 1)
        default: break
        }
    }
}

extension Stepper {
    /// `Cups, stepper, 2`.
    func spoken(in frame: Frame) -> SpokenElement {
        var element = SpokenElement(self)
        element.label = element.label ?? Announcement.formLabel(for: self)
        element.role = "stepper"
        element.value = value == value.rounded() ? String(Int(value)) : DecimalText.fixed(value, digits: 1)
        return element
    }
}
