import Flow

/// An image: a terminal shows its accessibility label, else its name, in brackets. One the
/// storyboard takes out of accessibility is decoration, and a screen reader is not shown it.
extension ImageView: ViewPresentation {
    var placement: FormPlacement { .inline(.box(max: 20)) }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        if context.screenReader, accessibility.isElement == false { return }
        frame.buffer.put("[image \(displayName)]", at: slot.origin, style: Theme.detail.merged(over: context.base), maxWidth: slot.width)
    }
}
