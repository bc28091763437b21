import Flow

/// An image: a symbol's glyph where the terminal knows one (followed by its accessibility
/// label, when it has one), else its label, else the image's name, in brackets; an image view
/// without an image takes no room. One the storyboard takes out of accessibility is
/// decoration, and a screen reader is not shown it.
extension ImageView: ViewPresentation {
    var placement: FormPlacement {
        guard let image else { return .transparent }
        return image.showsGlyph ? .inline(.fixed(DisplayWidth.of(shownText(screenReader: false)))) : .inline(.box(max: 20))
    }

    var titleViewWidth: Int? { image == nil ? nil : DisplayWidth.of(shownText(screenReader: false)) }

    /// The text drawn for the image: a glyph as it is, words in brackets.
    func shownText(screenReader: Bool) -> String {
        guard let image else { return "" }
        let text = image.shownText(label: accessibility.spokenLabel, screenReader: screenReader)
        return image.showsGlyph && !screenReader ? text : "[\(text)]"
    }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        if context.screenReader, accessibility.isElement == false { return }
        guard let image else { return }
        let style = image.showsGlyph ? context.base : Theme.detail.merged(over: context.base)
        var text = shownText(screenReader: context.screenReader)
        // Words too long for the slot are cut inside their brackets, so they still read as a name.
        if text.hasPrefix("["), text.hasSuffix("]"), DisplayWidth.of(text) > slot.width, slot.width > 3 {
            text = "[" + DisplayWidth.truncate(String(text.dropFirst().dropLast()), to: slot.width - 2) + "]"
        }
        frame.buffer.put(text, at: slot.origin, style: style, maxWidth: slot.width)
    }
}
