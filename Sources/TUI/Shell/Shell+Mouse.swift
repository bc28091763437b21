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
        if case .drag = event {
            handleDrag(to: event.location, frame: frame)
            return
        }
        let hit = frame.hit(at: event.location)
        if case .click = event { updateState { $0.pressed = hit.map { ObjectIdentifier($0.target) } } }
        guard let hit, let top = application.topViewController else { return }
        withInput(frame, top) { input in
            switch event {
            case .wheelUp: hit.target.wheel(-Self.wheelLines, over: hit.part, input: &input)
            case .wheelDown: hit.target.wheel(Self.wheelLines, over: hit.part, input: &input)
            case .click: hit.target.click(hit.part, input: &input)
            case .drag: break
            }
        }
    }

    /// A drag goes to what the button went down on, at the part of it nearest the pointer:
    /// a slider's knob follows the pointer, and stops at the track's end when the pointer
    /// leaves it.
    private func handleDrag(to point: Point, frame: Frame) {
        guard let pressed = state.pressed, let top = application.topViewController else { return }
        // Its parts (a track's cells) rather than its whole, latest first as a click finds them.
        let regions = frame.hits.reversed().filter { ObjectIdentifier($0.target) == pressed }
        let parts = regions.filter { $0.part != .whole }
        let nearest = (parts.isEmpty ? regions : parts).min { Self.distance(from: point, to: $0.rect) < Self.distance(from: point, to: $1.rect) }
        guard let nearest else { return }
        withInput(frame, top) { input in nearest.target.drag(to: nearest.part, input: &input) }
    }

    /// How far `point` is from `rect`, across first (a track is a row), then up or down.
    private static func distance(from point: Point, to rect: Rect) -> Int {
        let across = point.x < rect.x ? rect.x - point.x : max(0, point.x - (rect.maxX - 1))
        let down = point.y < rect.y ? rect.y - point.y : max(0, point.y - (rect.maxY - 1))
        return across * 1_000 + down
    }

    /// How many lines a notch of the wheel moves.
    static let wheelLines = 3
}
