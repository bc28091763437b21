import Flow

/// A switch: `[ ON]` or `[OFF]` (`[on]` or `[off]` for a screen reader, which reads the
/// capitals letter by letter); Space or Enter flips it.
extension Switch: ViewPresentation {
    var placement: FormPlacement { .inline(.fixed(6)) }
    var titleViewWidth: Int? { 5 }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let focused = context.isFocused(self)
        let text = context.screenReader ? (isOn ? "[on]" : "[off]") : (isOn ? "[ ON]" : "[OFF]")
        frame.buffer.put(text, at: slot.origin, style: focused ? Theme.focused : context.base, maxWidth: slot.width)
        if focused { frame.focusRect = slot }
    }

    func focusBindings(in frame: Frame) -> [KeyBinding] {
        [KeyBinding([.char(" "), .enter], "Space", "switch", .toggle)]
    }

    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        guard command == .toggle || command == .activate else { return false }
        toggle()
        return true
    }

    /// A click focuses the switch and flips it.
    func click(_ part: HitPart, input: inout InputContext) {
        input.focus(self)
        toggle()
    }
}

extension Switch {
    /// `Sound effects, switch, on`.
    func spoken(in frame: Frame) -> SpokenElement {
        var element = SpokenElement(self)
        element.label = element.label ?? Announcement.formLabel(for: self)
        element.role = "switch"
        element.value = isOn ? "on" : "off"
        return element
    }
}
