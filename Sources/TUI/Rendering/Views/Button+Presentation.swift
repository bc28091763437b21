import Flow

/// A button: `[ Title ]` (a button with an image only shows its accessibility label, else
/// the image's name); Enter or Space presses it.
extension Button: ViewPresentation {
    var placement: FormPlacement { .inline(.fixed(DisplayWidth.of(displayTitle) + 4)) }
    var titleViewWidth: Int? { DisplayWidth.of(displayTitle) + 4 }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let focused = context.isFocused(self)
        frame.buffer.put(
            "[ \(displayTitle) ]", at: slot.origin, style: focused ? Theme.focused : Theme.button.merged(over: context.base),
            maxWidth: slot.width)
        if focused { frame.focusRect = slot }
    }

    func focusBindings(in frame: Frame) -> [KeyBinding] {
        [KeyBinding([.enter, .char(" ")], "Enter", "press", .activate)]
    }

    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        guard command == .activate else { return false }
        tap()
        return true
    }
}
