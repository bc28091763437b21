/// One column of a `CellBuffer`: a character and its style.
///
/// A character two columns wide sits in its first cell (`isWide`); the cell to its
/// right is a continuation cell holding nothing of its own.
///
/// A cell is plain data, sixteen bytes with no references: the character is kept as its
/// Unicode scalar value, or as a number from `GraphemeTable` when it has several scalars.
/// Frames of thousands of cells are built, copied and compared on every key, and with a
/// `Character` inside (a string, with a reference count) that was a fifth of the work.
public struct Cell: Hashable, Sendable {
    /// The scalar value, or a `GraphemeTable` code (`GraphemeTable.firstCode` and above).
    private(set) var code: UInt32
    /// Colours and attributes.
    public var style: Style
    /// Whether `character` takes this cell and the next one.
    public internal(set) var isWide: Bool
    /// Whether this cell is the right half of the wide character to its left.
    public internal(set) var isContinuation: Bool

    /// A cell showing `character` (which must be safe and one or two columns wide;
    /// anything else is shown as U+FFFD, the replacement character).
    public init(_ character: Character, style: Style = .plain) {
        // A simple scalar (box drawing, arrows, Latin) is one column with nothing to escape:
        // the lines of boxes and bars are made of them on every frame.
        let scalars = character.unicodeScalars
        if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex,
            DisplayWidth.isSimple(first.value)
        {
            self.init(simple: first, style: style)
            return
        }
        var shown = character
        if Sanitizer.needsEscaping(character) { shown = "\u{FFFD}" }
        var width = DisplayWidth.of(shown)
        if width < 1 || width > 2 {
            shown = "\u{FFFD}"
            width = 1
        }
        self.init(trusted: shown, style: style, isWide: width == 2)
    }

    /// A cell of a character already known to be safe and of the given width: no checks
    /// (the hot path of drawing text).
    init(trusted character: Character, style: Style, isWide: Bool = false, isContinuation: Bool = false) {
        let scalars = character.unicodeScalars
        if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
            code = first.value
        } else {
            code = GraphemeTable.shared.code(for: character)
        }
        self.style = style
        self.isWide = isWide
        self.isContinuation = isContinuation
    }

    /// A cell of one printable ASCII byte (0x20–0x7E), which needs no checks at all.
    init(ascii byte: UInt8, style: Style) {
        code = UInt32(byte)
        self.style = style
        isWide = false
        isContinuation = false
    }

    /// A cell of a scalar `DisplayWidth.isSimple` accepts: one column, drawn as it is.
    init(simple scalar: Unicode.Scalar, style: Style) {
        code = scalar.value
        self.style = style
        isWide = false
        isContinuation = false
    }

    /// The character drawn here; a space in continuation cells.
    public var character: Character {
        if code < GraphemeTable.firstCode, let scalar = Unicode.Scalar(code) { return Character(scalar) }
        return GraphemeTable.shared.character(for: code)
    }

    /// The character's only scalar, or nil when it has several.
    var scalar: Unicode.Scalar? {
        code < GraphemeTable.firstCode ? Unicode.Scalar(code) : nil
    }

    /// Whether the character is one printable ASCII byte.
    var isPrintableASCII: Bool { code >= 0x20 && code < 0x7F }

    /// A space in the given style.
    public static func blank(_ style: Style = .plain) -> Cell {
        Cell(ascii: 0x20, style: style)
    }

    /// The right half of a wide character.
    static func continuation(_ style: Style) -> Cell {
        var cell = Cell(ascii: 0x20, style: style)
        cell.isContinuation = true
        return cell
    }

    /// Columns taken: 2 for wide characters, 0 for continuations, else 1.
    public var width: Int { isContinuation ? 0 : (isWide ? 2 : 1) }
}
