import Flow

/// A button: `[ Title ]`, with its image's glyph before the title (`[ → Continue ]`); a
/// button with an image only shows the glyph and its accessibility label (`[ ⓘ About ]`),
/// else whichever of them it has, else the image's name; Enter or Space presses it.
extension Button: ViewPresentation {
    var placement: FormPlacement { .inline(.fixed(DisplayWidth.of(laidOutTitle) + 4)) }
    var formRole: FormRole { .button }
    var titleViewWidth: Int? { DisplayWidth.of(laidOutTitle) + 4 }

    /// The title the button takes room for: the one drawn in the mode its app is in.
    private var laidOutTitle: String {
        shownTitle(screenReader: owner?.application?.isScreenReaderRunning ?? false)
    }

    /// The title with the image's glyph before it; an untitled button's image, by glyph and
    /// accessibility label, else its name.
    var shownTitle: String { shownTitle(screenReader: false) }

    /// The title as drawn; for a screen reader, the words it speaks (`AccessibleName`), so
    /// the line a reader reads at the cursor says what the announcement does. Xcode's
    /// placeholder title ("Button") on a button with an image or an accessibility label
    /// counts as no title.
    func shownTitle(screenReader: Bool) -> String {
        if screenReader { return spokenName }
        if title.isEmpty || AccessibleName.isDesignTimeDefault(title), let caption { return Sanitizer.sanitizeLines(caption).joined(separator: " ") }
        guard let image else { return displayTitle }
        let named = AccessibleName(accessibility, title: title, image: image)
        guard named.shown != nil, !title.isEmpty, !AccessibleName.isDesignTimeDefault(title) else {
            return image.shownText(label: accessibility.spokenLabel, screenReader: screenReader)
        }
        return image.showsGlyph && !screenReader ? image.shownText() + " " + title : title
    }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let focused = context.isFocused(self)
        frame.buffer.put(
            "[ \(shownTitle(screenReader: context.screenReader)) ]", at: slot.origin, style: focused ? Theme.focused : Theme.button.merged(over: context.base),
            maxWidth: slot.width)
        if focused { frame.focusRect = slot }
    }

    func focusBindings(in frame: Frame) -> [KeyBinding] {
        [KeyBinding([.enter, .char(" ")], "Enter", "press", .activate)]
    }

    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        guard command == .activate else { return false }
        tap()
        return true
    }

    /// A click focuses the button and presses it.
    func click(_ part: HitPart, input: inout InputContext) {
        input.focus(self)
        tap()
    }
}

extension Button {
    /// `Continue, button`; a link for a button the storyboard marks as one.
    func spoken(in frame: Frame) -> SpokenElement {
        var element = SpokenElement(self)
        element.label = SpokenText.nonEmpty(spokenName)
        element.role = accessibility.traits.contains(.link) ? "link" : "button"
        return element
    }

    /// What a screen reader calls the button, by the one naming rule: its accessibility
    /// label, else its title (not Xcode's placeholder "Button" beside an image or a label),
    /// else its image's description, else the image's name.
    var spokenName: String {
        AccessibleName(accessibility, title: title, image: image).spoken
    }

    /// The words drawn on an untitled button's face: a label beneath it that VoiceOver
    /// skips (a tile's caption, under a button that covers the tile). The form leaves the
    /// label out (`FormLayout.isCaptionUnderButton`) and the button shows its text, while a
    /// screen reader hears the button's accessibility label.
    var caption: String? { FormLayout.caption(under: self) }

    /// A button wired to nothing does nothing when pressed: one with actions, segues or a key
    /// of its own does.
    var isActionable: Bool {
        if !actionTargets.isEmpty || keyEquivalent != nil { return true }
        return owner?.hasSegues(ownedBy: id, accessory: false) ?? false
    }
}
