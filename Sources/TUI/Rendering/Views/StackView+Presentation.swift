import Flow

/// A stack view: a horizontal one is a row of its own, a vertical one lays its views out
/// top to bottom as if they were the form's own.
extension StackView: ViewPresentation {
    var placement: FormPlacement { axis == .horizontal ? .row : .transparent }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        FormRenderer.drawRow(FormLayout.items(self), in: slot, into: &frame, context: context)
    }
}

/// A table cell is drawn by its table, never as part of a form.
extension TableViewCell: ViewPresentation {
    var placement: FormPlacement { .skipped }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {}
}
