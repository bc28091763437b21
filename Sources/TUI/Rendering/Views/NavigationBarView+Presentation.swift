import Flow

/// A navigation bar placed as a plain subview: a row in the bar's style, its left items at
/// the left, its title centred, its right items at the right. Its items are its button
/// subviews, which take the focus and clicks as any button does.
extension NavigationBarView: ViewPresentation {
    var placement: FormPlacement { .inline(.shared(stretches: true)) }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let buttons = subviews.compactMap { $0 as? Button }.filter { !$0.isHidden }
        let base = Theme.bar.merged(over: context.base)
        var left = slot.x
        var right = slot.maxX
        for button in buttons where (button.spec?.frameOrigin?.x ?? 0) == 0 {
            left += drawItem(button, at: left, in: slot, into: &frame, context: context) + 2
        }
        for button in buttons.reversed() where (button.spec?.frameOrigin?.x ?? 0) != 0 {
            let width = DisplayWidth.of(button.shownTitle)
            guard right - width >= left else { break }
            right -= width
            _ = drawItem(button, at: right, in: slot, into: &frame, context: context)
            right -= 2
        }
        let room = max(0, right - left - 1)
        let shown = DisplayWidth.truncate(title ?? "", to: room)
        let width = DisplayWidth.of(shown)
        let x = min(max(slot.x + (slot.width - width) / 2, left), max(left, right - width - 1))
        frame.buffer.put(shown, at: Point(x: x, y: slot.y), style: base, maxWidth: room)
    }

    /// Draws one of the bar's buttons as a bar button at `x`; returns its width.
    private func drawItem(_ button: Button, at x: Int, in slot: Rect, into frame: inout Frame, context: DrawContext) -> Int {
        let focused = context.isFocused(button)
        let style = focused ? Theme.focused : (button.isEnabled ? Theme.barButton : Theme.disabled).merged(over: context.base)
        let width = frame.buffer.put(button.shownTitle, at: Point(x: x, y: slot.y), style: style, maxWidth: max(0, slot.maxX - x))
        let rect = Rect(x: x, y: slot.y, width: width, height: 1)
        if focused { frame.focusRect = rect }
        if context.isTop, !context.inCell, width > 0 { frame.addHit(rect, button) }
        frame.anchors[button.id] = rect
        return width
    }
}
