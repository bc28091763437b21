import Flow

/// An image: a symbol's glyph where the terminal knows one, else the image's name in
/// brackets; an image view without an image takes no room.
extension ImageView: ViewPresentation {
    var placement: FormPlacement {
        guard let image else { return .transparent }
        return image.showsGlyph ? .inline(.fixed(DisplayWidth.of(image.shownText))) : .inline(.box(max: 20))
    }

    var titleViewWidth: Int? { image.map { DisplayWidth.of($0.showsGlyph ? $0.shownText : "[\($0.name)]") } }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        guard let image else { return }
        if image.showsGlyph {
            frame.buffer.put(image.shownText, at: slot.origin, style: context.base, maxWidth: slot.width)
        } else {
            frame.buffer.put("[\(image.name)]", at: slot.origin, style: Theme.detail.merged(over: context.base), maxWidth: slot.width)
        }
    }
}
