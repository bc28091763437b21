extension Style {
    /// This style with reverse video on or off.
    func with(reverse: Bool) -> Style {
        var copy = self
        if reverse { copy.attributes.insert(.reverse) } else { copy.attributes.remove(.reverse) }
        return copy
    }

    /// This style's attributes and colours, keeping `base`'s colours where this has none.
    func merged(over base: Style) -> Style {
        var copy = self
        if copy.foreground == .default { copy.foreground = base.foreground }
        if copy.background == .default { copy.background = base.background }
        copy.attributes.formUnion(base.attributes)
        return copy
    }
}
