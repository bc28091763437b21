import Flow

/// A button: `[ Title ]`, with its image before the title (`[ → Continue ]`) or alone
/// (`[ + ]`); Enter or Space presses it.
extension Button: ViewPresentation {
    var placement: FormPlacement { .inline(.fixed(DisplayWidth.of(shownTitle) + 4)) }
    var titleViewWidth: Int? { DisplayWidth.of(shownTitle) + 4 }

    /// The title with the image's glyph before it; an untitled button's image, by glyph or
    /// name.
    var shownTitle: String {
        guard let image else { return title }
        if title.isEmpty { return image.shownText }
        return image.showsGlyph ? image.shownText + " " + title : title
    }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let focused = context.isFocused(self)
        frame.buffer.put(
            "[ \(shownTitle) ]", at: slot.origin, style: focused ? Theme.focused : Theme.button.merged(over: context.base),
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
