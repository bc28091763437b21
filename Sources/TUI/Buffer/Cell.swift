/// One column of a `CellBuffer`: a character and its style.
///
/// A character two columns wide sits in its first cell (`isWide`); the cell to its
/// right is a continuation cell holding nothing of its own.
public struct Cell: Hashable, Sendable {
    /// The character drawn here; a space in continuation cells.
    public internal(set) var character: Character
    /// Colours and attributes.
    public var style: Style
    /// Whether `character` takes this cell and the next one.
    public internal(set) var isWide: Bool
    /// Whether this cell is the right half of the wide character to its left.
    public internal(set) var isContinuation: Bool

    /// A cell showing `character` (which must be safe and one or two columns wide;
    /// anything else is shown as U+FFFD, the replacement character).
    public init(_ character: Character, style: Style = .plain) {
        var shown = character
        if Sanitizer.needsEscaping(character) { shown = "\u{FFFD}" }
        var width = DisplayWidth.of(shown)
        if width < 1 || width > 2 {
            shown = "\u{FFFD}"
            width = 1
        }
        self.character = shown
        self.style = style
        self.isWide = width == 2
        self.isContinuation = false
    }

    /// A cell of a character already known to be safe and of the given width: no checks
    /// (the hot path of drawing text).
    init(trusted character: Character, style: Style, isWide: Bool = false, isContinuation: Bool = false) {
        self.character = character
        self.style = style
        self.isWide = isWide
        self.isContinuation = isContinuation
    }

    /// A space in the given style.
    public static func blank(_ style: Style = .plain) -> Cell {
        Cell(trusted: " ", style: style)
    }

    /// The right half of a wide character.
    static func continuation(_ style: Style) -> Cell {
        Cell(trusted: " ", style: style, isContinuation: true)
    }

    /// Columns taken: 2 for wide characters, 0 for continuations, else 1.
    public var width: Int { isContinuation ? 0 : (isWide ? 2 : 1) }
}
