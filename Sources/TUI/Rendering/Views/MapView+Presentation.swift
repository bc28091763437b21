import Flow

/// A map view: a box labelled "Map" taking a block of the screen, as a map takes most of it.
extension MapView: ViewPresentation {
    var placement: FormPlacement { .block }

    func addFocusables(to list: inout [View]) {}

    func draw(in rect: Rect, into frame: inout Frame, context: DrawContext) {
        LabelledBox.draw(["Map"], in: rect, into: &frame, base: context.base)
    }
}
