import Flow

/// A navigation bar placed as a plain subview: its title, in the bar's style. Its buttons
/// are its subviews and take the focus as any button does.
extension NavigationBarView: ViewPresentation {
    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        frame.buffer.put(title ?? "", at: slot.origin, style: Theme.bar.merged(over: context.base), maxWidth: slot.width)
    }
}
