import Flow

/// A stack view: a horizontal one is a row of its own, a vertical one lays its views out
/// top to bottom as if they were the form's own; inside a horizontal one, a vertical one is
/// a column, its rows drawn line under line in its slot.
extension StackView: ViewPresentation {
    var placement: FormPlacement { axis == .horizontal ? .row : .transparent }
    var formRole: FormRole { .stack(axis) }
    var isDrawnFromItsProperties: Bool { true }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        guard axis == .vertical else {
            FormRenderer.drawRow(FormLayout.items(self), in: slot, into: &frame, context: context)
            return
        }
        var y = slot.y
        for row in FormLayout.rows(self) where y < slot.maxY {
            let height = min(row.height, slot.maxY - y)
            FormRenderer.drawRow(row.items, in: Rect(x: slot.x, y: y, width: slot.width, height: height), into: &frame, context: context)
            y += height
        }
    }
}

/// A table cell is drawn by its table, never as part of a form.
extension TableViewCell: ViewPresentation {
    var placement: FormPlacement { .skipped }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {}
}
