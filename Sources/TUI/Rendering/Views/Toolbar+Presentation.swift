import Flow

/// A toolbar placed among a view's subviews: its bar button items in a row, with their keys,
/// as the toolbar along the bottom of a screen shows them.
extension Toolbar: ViewPresentation {
    var placement: FormPlacement { .inline(.shared(stretches: true)) }

    func addFocusables(to list: inout [View]) {}

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        ToolbarDrawing.drawItems(items, in: slot, into: &frame, context: context)
    }
}
