import Flow

/// An activity indicator: a spinner that turns a step each `Frame.animationInterval` while it
/// animates, a still mark when it is stopped and shown. Drawing one that turns marks the
/// frame as animating, so the shell draws again after the interval; a frame with no spinner
/// turning leaves the shell waiting for a key. Nothing else looks for spinners: one not
/// drawn (hidden, on a screen pushed away) costs nothing and asks for no frame.
extension ActivityIndicatorView: ViewPresentation {
    var placement: FormPlacement { .inline(.fixed(1)) }
    var titleViewWidth: Int? { 1 }

    /// The spinner's steps, one a frame.
    static let spinner: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        guard isAnimating || !hidesWhenStopped, slot.width > 0 else { return }
        let count = Self.spinner.count
        let glyph = isAnimating ? Self.spinner[(context.animationStep % count + count) % count] : "⠿"
        frame.buffer.set(glyph, at: slot.origin, style: context.base)
        if isAnimating { frame.isAnimating = true }
    }
}
