import Flow

/// An image: a terminal shows its accessibility label, else its name, in brackets.
extension ImageView: ViewPresentation {
    var placement: FormPlacement { .inline(.box(max: 20)) }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        frame.buffer.put("[image \(displayName)]", at: slot.origin, style: Theme.detail.merged(over: context.base), maxWidth: slot.width)
    }
}
