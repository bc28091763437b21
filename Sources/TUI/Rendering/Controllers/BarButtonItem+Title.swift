import Flow

extension BarButtonItem {
    /// The text a bar shows for the item: its image when it has one (UIKit draws an item's
    /// image in place of its title), as a symbol's glyph and its accessibility label, else
    /// whichever of them it has, else the image's name; else its title or its system item's
    /// name.
    ///
    /// An image of the app's own, which a terminal cannot draw, gives way to the item's
    /// title (UIKit draws the image and VoiceOver reads the title): a toolbar of "Browse
    /// Back" and "Browse Forward" rather than of asset names.
    var shownTitle: String {
        guard let image else { return displayTitle }
        if !image.showsGlyph, let words = AccessibleName(accessibility, title: title, image: image).shown { return words }
        return image.shownText(label: accessibility.spokenLabel)
    }

    /// The words the footer and help name the item by, and whose letters its key is picked
    /// from: what the bar shows, or for a glyph the item's title (unless it is Xcode's
    /// placeholder "Item"), else its accessibility label, else the symbol's name in words
    /// (`backward.fill` is "backward").
    var keyName: String {
        guard let image, image.showsGlyph else { return shownTitle }
        if let title, !title.isEmpty, !AccessibleName.isDesignTimeDefault(title) { return title }
        if let label = accessibility.spokenLabel { return label }
        var words = image.name.split(separator: ".").map(String.init)
        while words.count > 1, let last = words.last, SystemSymbols.lookVariants.contains(last) { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// The columns the item's custom view takes in a bar, when it has one that can show
    /// there (a segmented control, a switch, a label).
    var customViewWidth: Int? {
        guard let view = customView, !view.isHidden else { return nil }
        return view.presentation?.titleViewWidth
    }

    /// Draws the item's custom view into `slot`, focused and clickable as any control of the
    /// screen on top, and a popover's possible anchor.
    func drawCustomView(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        guard let view = customView, let presentation = view.presentation else { return }
        presentation.draw(in: slot, into: &frame, context: context.with(base: Theme.bar))
        if context.isTop, view is Control { frame.addHit(slot, presentation) }
        frame.anchors[id] = slot
    }
}

extension BarButtonItem: HitTarget {
    /// A click presses the item.
    func click(_ part: HitPart, input: inout InputContext) { tap() }
}
