import Flow

/// A stepper: `[−] value [+]`; ← or - steps down, → or + up.
extension Stepper: ViewPresentation {
    var placement: FormPlacement { .inline(.fixed(12)) }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let focused = context.isFocused(self)
        let shown = value == value.rounded() ? String(Int(value)) : DecimalText.fixed(value, digits: 1)
        frame.buffer.put("[−] \(shown) [+]", at: slot.origin, style: focused ? Theme.focused : context.base, maxWidth: slot.width)
        if focused { frame.focusRect = slot }
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
