import Flow

/// A date picker, as a placeholder for its date.
extension DatePicker: ViewPresentation {
    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        frame.buffer.put("[date]", at: slot.origin, style: context.base, maxWidth: slot.width)
        if context.isFocused(self) { frame.focusRect = slot }
    }
}
