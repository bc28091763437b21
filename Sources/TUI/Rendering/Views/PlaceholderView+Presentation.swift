import Flow

/// A view of a kind the terminal cannot draw: its class in brackets.
extension PlaceholderView: ViewPresentation {
    var placement: FormPlacement { .inline(.box(max: 20)) }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        frame.buffer.put("[\(className)]", at: slot.origin, style: Theme.detail.merged(over: context.base), maxWidth: slot.width)
    }
}
