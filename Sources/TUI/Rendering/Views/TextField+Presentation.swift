import Flow

/// A text field: an underlined slot with its text (bullets when secure) or its placeholder,
/// scrolled to keep the cursor in view; the terminal's cursor sits in it while focused.
extension TextField: ViewPresentation {
    var placement: FormPlacement { .inline(.shared(stretches: true)) }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let focused = context.isFocused(self)
        FieldDrawing.draw(
            text: text, placeholder: placeholder, secure: isSecureTextEntry,
            cursor: context.state.view(self).cursor, in: slot, into: &frame, focused: focused, base: context.base)
        if focused {
            frame.cursor = FieldDrawing.cursorPoint(self, cursor: context.state.view(self).cursor, in: slot)
            frame.focusRect = slot
        }
    }

    /// Return moves on to the next field, as the return key does in a form.
    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        guard command == .activate else { return false }
        input.moveFocus(by: 1)
        return true
    }
}

/// A text view: drawn as a field showing its text (edited like one in a terminal).
extension TextView: ViewPresentation {
    var placement: FormPlacement { .inline(.shared(stretches: true)) }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        FieldDrawing.draw(
            text: text, placeholder: nil, secure: false, cursor: 0, in: slot, into: &frame,
            focused: context.isFocused(self), base: context.base)
        if context.isFocused(self) { frame.focusRect = slot }
    }
}

/// How fields and text views draw their text.
enum FieldDrawing {
    /// The slot filled in the field's style, with the text scrolled left when the cursor
    /// (`cursor` characters in; nil: at the end) would otherwise fall outside it.
    static func draw(
        text: String, placeholder: String?, secure: Bool, cursor: Int?, in slot: Rect, into frame: inout Frame,
        focused: Bool, base: Style
    ) {
        let style = (focused ? Theme.focusedField : Theme.field).merged(over: base)
        frame.buffer.fill(slot, with: " ", style: style)
        if text.isEmpty {
            frame.buffer.put(placeholder ?? "", at: slot.origin, style: Theme.placeholder.merged(over: style), maxWidth: slot.width)
            return
        }
        let shown = secure ? String(repeating: "•", count: text.count) : text
        let before = String(shown.prefix(cursor ?? text.count))
        var start = 0
        while DisplayWidth.of(String(before.dropFirst(start))) >= slot.width, start < before.count { start += 1 }
        frame.buffer.put(String(shown.dropFirst(start)), at: slot.origin, style: style, maxWidth: slot.width)
    }

    /// Where the terminal's cursor goes in `field` drawn in `slot`.
    static func cursorPoint(_ field: TextField, cursor: Int?, in slot: Rect) -> Point {
        let text = field.isSecureTextEntry ? String(repeating: "•", count: field.text.count) : field.text
        let position = min(cursor ?? text.count, text.count)
        let before = String(text.prefix(position))
        return Point(x: slot.x + min(DisplayWidth.of(before), slot.width - 1), y: slot.y)
    }
}
