import Flow

extension Shell {
    /// A click or the wheel, resolved against the regions `frame` drew and handed back to
    /// what drew the region hit, with the part it landed on.
    func handleMouse(_ event: MouseEvent, frame: Frame) {
        // A click outside a popover dismisses it, as a tap outside one does.
        if case .click = event, let box = frame.popoverRect, !box.contains(event.location) {
            application.topViewController?.dismiss()
            return
        }
        guard let hit = frame.hit(at: event.location), let top = application.topViewController else { return }
        withInput(frame, top) { input in
            switch event {
            case .wheelUp: hit.target.wheel(-Self.wheelLines, over: hit.part, input: &input)
            case .wheelDown: hit.target.wheel(Self.wheelLines, over: hit.part, input: &input)
            case .click: hit.target.click(hit.part, input: &input)
            }
        }
    }

    /// How many lines a notch of the wheel moves.
    static let wheelLines = 3
}
