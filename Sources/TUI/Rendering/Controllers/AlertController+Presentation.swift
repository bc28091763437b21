import Flow

/// An alert: a double-bordered box in the middle of the screen with its title, message, text
/// fields and buttons, the highlighted button reversed and a destructive one in red. The focus
/// goes through the fields, then the buttons: Tab (or ← and → on a button) moves it, typing goes
/// into the field that has it, Enter presses the focused button (from a field, the one
/// highlighted first), Esc presses Cancel (or closes an alert without one); a click presses the
/// button or focuses the field under it; a screen reader hears the alert, then what has the focus.
extension AlertController: ModalPresentation {
    func drawModal(in body: Rect, into frame: inout Frame, context: DrawContext) {
        let buttons = actions.map { "[ \($0.title) ]" }
        let buttonsWidth = buttons.map(DisplayWidth.of).reduce(0, +) + max(0, buttons.count - 1) * 2
        let width = min(body.width - 2, max(30, buttonsWidth + 4, DisplayWidth.of(displayTitle ?? "") + 4))
        let message = Wrap.lines(message ?? "", width: max(1, width - 4))
        let height = min(body.height, 5 + message.count + textFields.count)
        let box = Rect(x: body.x + (body.width - width) / 2, y: body.y + (body.height - height) / 2, width: width, height: height)
        frame.buffer.fill(box, style: .plain)
        frame.buffer.drawBox(box, style: Theme.sheetBorder, border: .double)
        let title = DisplayWidth.truncate(displayTitle ?? "", to: width - 4)
        frame.buffer.put(title, at: Point(x: box.x + (width - DisplayWidth.of(title)) / 2, y: box.y + 1), style: Theme.bar)
        for (index, line) in message.enumerated() where box.y + 2 + index < box.maxY - 2 - textFields.count {
            frame.buffer.put(line, at: Point(x: box.x + 2, y: box.y + 2 + index), maxWidth: width - 4)
        }
        let focusIndex = context.state.screen(self).focusIndex
        let typedInto = activeTextField(focusIndex)
        for (index, field) in textFields.enumerated() {
            let slot = Rect(x: box.x + 2, y: box.maxY - 3 - textFields.count + index, width: width - 4, height: 1)
            guard slot.y > box.y + 1 else { continue }
            let fieldContext = DrawContext(
                state: context.state, controller: self, isTop: context.isTop, focused: typedInto, keys: context.keys,
                screenReader: context.screenReader)
            field.presentation?.draw(in: slot, into: &frame, context: fieldContext)
            frame.addHit(slot, self, part: .index(actions.count + index))
        }
        let selection = focusIndex - textFields.count
        var x = box.x + max(2, (width - buttonsWidth) / 2)
        let y = box.maxY - 2
        for (index, label) in buttons.enumerated() {
            let style: Style
            if index == selection {
                style = Theme.focused
            } else if actions[index].style == .destructive {
                style = Style(foreground: .red, attributes: [.bold])
            } else {
                style = Theme.button
            }
            let drawn = frame.buffer.put(label, at: Point(x: x, y: y), style: style, maxWidth: max(0, box.maxX - 1 - x))
            frame.addHit(Rect(x: x, y: y, width: drawn, height: 1), self, part: .index(index))
            if index == selection { frame.focusRect = Rect(x: x, y: y, width: drawn, height: 1) }
            x += drawn + 2
        }
        if context.isTop { frame.noteDrawnOnTop(self) }
    }

    /// A click on one of the alert's buttons presses it; one on a field gives it the focus
    /// (a field's part follows the buttons').
    func click(_ part: HitPart, input: inout InputContext) {
        guard case .index(let index) = part else { return }
        if index < actions.count {
            tapAction(at: index)
        } else {
            input.shell.updateState { $0.updateScreen(self) { $0.focusIndex = index - self.actions.count } }
        }
    }

    // MARK: Keys

    var modalBindings: [KeyBinding] {
        // In a field ← and → move its cursor, so the footer names Tab.
        let moves = textFields.isEmpty ? [
            KeyBinding([.left, .backTab], "←", "previous", .focusPrevious, pairedInFooterAs: ("←→", "choose")),
            KeyBinding([.right, .tab], "→", "next", .focusNext, pairedInFooterAs: ("←→", "choose")),
        ] : [
            KeyBinding([.tab, .right], "Tab", "next", .focusNext),
            KeyBinding([.backTab, .left], "⇧Tab", "previous", .focusPrevious, footer: false),
        ]
        return moves + [
            KeyBinding([.enter, .char(" ")], "Enter", "press", .activate),
            KeyBinding([.escape], "Esc", "cancel", .back),
            KeyBinding([.ctrl("c")], "^C", "quit", .forceQuit),
        ]
    }

    /// Its fields, then its buttons.
    var modalFocusCount: Int { textFields.count + actions.count }

    /// The first field, as UIKit gives it the keyboard; else the button the alert highlights
    /// first.
    var initialFocusIndex: Int { textFields.isEmpty ? preferredActionIndex : 0 }

    /// The button an alert highlights first, which Enter presses from a field: Cancel when
    /// another button destroys something (Enter must never delete by default, as iOS keeps a
    /// destructive button from being the default), else the last that is not Cancel, as UIKit
    /// makes it the preferred one.
    var preferredActionIndex: Int {
        if actions.contains(where: { $0.style == .destructive }), let cancel = cancelActionIndex {
            return cancel
        }
        return actions.lastIndex { $0.style != .cancel } ?? 0
    }

    func activeTextField(_ focusIndex: Int) -> TextField? {
        textFields.indices.contains(focusIndex) ? textFields[focusIndex] : nil
    }

    func performModal(_ command: ShellCommand, focusIndex: Int, input: inout InputContext) {
        let count = modalFocusCount
        switch command {
        case .focusNext, .focusPrevious:
            guard count > 0 else { return }
            let step = command == .focusNext ? 1 : count - 1
            input.shell.updateState { $0.updateScreen(self) { $0.focusIndex = (focusIndex + step) % count } }
        case .activate:
            tapAction(at: focusIndex < textFields.count ? preferredActionIndex : focusIndex - textFields.count)
        case .back:
            if let cancel = cancelActionIndex { tapAction(at: cancel) } else { dismiss() }
        default:
            break
        }
    }

    // MARK: Speech

    var spokenScene: String {
        Announcement.sentences(["Alert:", displayTitle, message].compactMap(SpokenText.nonEmpty))
    }

    /// The field with the focus as any field is said, or the highlighted button: `Delete,
    /// button, 2 of 2`, and `destructive` when it is.
    func spokenFocus(_ focusIndex: Int, in frame: Frame) -> String {
        if let field = activeTextField(focusIndex) { return Announcement.describe(field, frame: frame) }
        let index = focusIndex - textFields.count
        guard actions.indices.contains(index) else { return "" }
        var parts = [actions[index].title, "button", "\(index + 1) of \(actions.count)"]
        if actions[index].style == .destructive { parts.append("destructive") }
        return parts.joined(separator: ", ")
    }
}
