import Flow

/// A web view: a box labelled "Web page" and the page's address when one is known, taking a
/// block of the screen.
extension WebView: ViewPresentation {
    var placement: FormPlacement { .block }

    func addFocusables(to list: inout [View]) {}

    func draw(in rect: Rect, into frame: inout Frame, context: DrawContext) {
        LabelledBox.draw(["Web page"] + (url.map { [$0] } ?? []), in: rect, into: &frame, base: context.base)
    }
}
