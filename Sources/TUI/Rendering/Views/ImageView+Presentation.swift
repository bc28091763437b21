import Flow

/// An image: a symbol's glyph where the terminal knows one (followed by its accessibility
/// label, when it has one), else its label, else the image's name, in brackets; an image view
/// without an image takes no room, unless the storyboard makes it an accessibility element
/// with a label (a QR code the app draws, "QR code for account ID"): VoiceOver reads it, so
/// its label shows in brackets. One the storyboard takes out of accessibility is decoration,
/// and a screen reader is not shown it.
extension ImageView: ViewPresentation {
    var placement: FormPlacement {
        guard let image else { return labelledElement == nil ? .transparent : .inline(.fixed(DisplayWidth.of(shownText(screenReader: false)))) }
        return image.showsGlyph ? .inline(.fixed(DisplayWidth.of(shownText(screenReader: false)))) : .inline(.box(max: 20))
    }

    var formRole: FormRole { .picture }
    var isDrawnFromItsProperties: Bool { true }

    var titleViewWidth: Int? { image == nil ? nil : DisplayWidth.of(shownText(screenReader: false)) }

    /// The text drawn for the image: a glyph as it is, words in brackets.
    func shownText(screenReader: Bool) -> String {
        guard let image else { return labelledElement.map { "[\($0)]" } ?? "" }
        let text = image.shownText(label: accessibility.spokenLabel, screenReader: screenReader)
        return image.showsGlyph && !screenReader ? text : "[\(text)]"
    }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        if context.screenReader, accessibility.isElement == false { return }
        guard image != nil || labelledElement != nil else { return }
        let style = image?.showsGlyph == true ? context.base : Theme.detail.merged(over: context.base)
        var text = shownText(screenReader: context.screenReader)
        // Words too long for the slot are cut inside their brackets, so they still read as a name.
        if text.hasPrefix("["), text.hasSuffix("]"), DisplayWidth.of(text) > slot.width, slot.width > 3 {
            text = "[" + DisplayWidth.truncate(String(text.dropFirst().dropLast()), to: slot.width - 2) + "]"
        }
        frame.buffer.put(text, at: slot.origin, style: style, maxWidth: slot.width)
    }
}

extension ImageView {
    /// The label of an image view with no image of its own in the file that the storyboard
    /// makes an accessibility element: the only name it has on a screen.
    var labelledElement: String? {
        guard image == nil, accessibility.isElement == true else { return nil }
        return accessibility.spokenLabel
    }
}
