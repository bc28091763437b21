import Flow

/// An image: a terminal shows its name in brackets.
extension ImageView: ViewPresentation {
    var placement: FormPlacement { .inline(.box(max: 20)) }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        frame.buffer.put("[image \(imageName ?? "")]", at: slot.origin, style: Theme.detail.merged(over: context.base), maxWidth: slot.width)
    }
}
