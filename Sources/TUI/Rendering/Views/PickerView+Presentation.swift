import Flow

/// A picker view: its rows come from its data source, which is code, so it is a stand-in
/// saying so; with nothing to choose, the focus passes it by.
extension PickerView: ViewPresentation {
    var placement: FormPlacement { .inline(.shared(stretches: true)) }

    func addFocusables(to list: inout [View]) {}

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        frame.buffer.put("⟨picker: its rows come from code⟩", at: slot.origin, style: Theme.detail.merged(over: context.base), maxWidth: slot.width)
    }
}
