import Flow

extension BarButtonItem {
    /// The text a bar shows for the item: its image when it has one (UIKit draws an item's
    /// image in place of its title), as a symbol's glyph and its accessibility label, else
    /// whichever of them it has, else the image's name; else its title or its system item's
    /// name.
    var shownTitle: String {
        image.map { $0.shownText(label: accessibility.spokenLabel) } ?? displayTitle
    }

    /// The words the footer and help name the item by, and whose letters its key is picked
    /// from: what the bar shows, or for a glyph the item's title (unless it is Xcode's
    /// placeholder "Item"), else its accessibility label, else the symbol's name in words
    /// (`backward.fill` is "backward").
    var keyName: String {
        guard let image, image.showsGlyph else { return shownTitle }
        if let title, !title.isEmpty, title != "Item" { return title }
        if let label = accessibility.spokenLabel { return label }
        var words = image.name.split(separator: ".").map(String.init)
        while words.count > 1, let last = words.last, SystemSymbols.lookVariants.contains(last) { words.removeLast() }
        return words.joined(separator: " ")
    }
}
