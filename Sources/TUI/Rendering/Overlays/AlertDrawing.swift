import Flow

/// An alert: a double-bordered box in the middle of the screen with its title, message and
/// buttons, the highlighted button reversed and a destructive one in red.
enum AlertDrawing {
    static func draw(_ alert: AlertController, in body: Rect, into frame: inout Frame, context: DrawContext) {
        let buttons = alert.actions.map { "[ \($0.title) ]" }
        let buttonsWidth = buttons.map(DisplayWidth.of).reduce(0, +) + max(0, buttons.count - 1) * 2
        let width = min(body.width - 2, max(30, buttonsWidth + 4, DisplayWidth.of(alert.displayTitle ?? "") + 4))
        let message = Wrap.lines(alert.message ?? "", width: max(1, width - 4))
        let height = min(body.height, 5 + message.count)
        let box = Rect(x: body.x + (body.width - width) / 2, y: body.y + (body.height - height) / 2, width: width, height: height)
        frame.buffer.fill(box, style: .plain)
        frame.buffer.drawBox(box, style: Theme.sheetBorder, border: .double)
        let title = DisplayWidth.truncate(alert.displayTitle ?? "", to: width - 4)
        frame.buffer.put(title, at: Point(x: box.x + (width - DisplayWidth.of(title)) / 2, y: box.y + 1), style: Theme.bar)
        for (index, line) in message.enumerated() where box.y + 2 + index < box.maxY - 2 {
            frame.buffer.put(line, at: Point(x: box.x + 2, y: box.y + 2 + index), maxWidth: width - 4)
        }
        let selection = context.state.screen(alert).alertSelection
        var x = box.x + max(2, (width - buttonsWidth) / 2)
        let y = box.maxY - 2
        for (index, label) in buttons.enumerated() {
            let style: Style
            if index == selection {
                style = Theme.focused
            } else if alert.actions[index].style == .destructive {
                style = Style(foreground: .red, attributes: [.bold])
            } else {
                style = Theme.button
            }
            let drawn = frame.buffer.put(label, at: Point(x: x, y: y), style: style, maxWidth: max(0, box.maxX - 1 - x))
            frame.addHit(Rect(x: x, y: y, width: drawn, height: 1), alert, part: .index(index))
            if index == selection { frame.focusRect = Rect(x: x, y: y, width: drawn, height: 1) }
            x += drawn + 2
        }
    }
}

extension AlertController: HitTarget {
    /// A click on one of the alert's buttons presses it.
    func click(_ part: HitPart, input: inout InputContext) {
        if case .index(let index) = part { tapAction(at: index) }
    }
}
