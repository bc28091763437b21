import Flow

/// A toolbar placed among a view's subviews: its bar button items in a row, with their keys,
/// as the toolbar along the bottom of a screen shows them.
extension Toolbar: ViewPresentation {
    var placement: FormPlacement { .inline(.shared(stretches: true)) }

    /// The controls its items show in their place take the focus; its other items have keys.
    func addFocusables(to list: inout [View]) {
        for item in items {
            if let control = item.customView as? Control, control.isEnabled, !control.isHidden { list.append(control) }
        }
    }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        ToolbarDrawing.drawItems(items, in: slot, into: &frame, context: context)
    }
}
