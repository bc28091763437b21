import Flow

/// What a view is to a form's layout beyond the room it takes: the few kinds of view the
/// layout treats apart from the rest. Each kind says which it is through its presentation
/// (`ViewPresentation.formRole`), so the layout names no kind. (No case carries a payload that needs counting: the layout
/// copies roles with every item it lays out.)
enum FormRole: Equatable {
    /// A caption (a label), whose text is its presentation's `formText`: captions one under
    /// another in a stack read as one block, one alone in its row wraps, one with line breaks
    /// takes a line for each, and one hidden from VoiceOver under a button that covers it is
    /// the button's text.
    case caption
    /// A button: alone in its row and spanning it, it is centred; it covers the caption and
    /// artwork beneath it, which it names.
    case button
    /// A picture (an image view): behind a whole scene it is a backdrop, under a button
    /// it is the button's artwork.
    case picture
    /// A stack of views along an axis: a vertical one inside a row is a column, its rows
    /// drawn line under line, and rows of stacks share the row as their frames do.
    case stack(StackAxis)
    /// Text that scrolls in a box of its own (a text view): a cell's row keeps it beside its
    /// neighbours, though it takes a block.
    case scrollingText
    /// Any other view: a control, a table, a stand-in.
    case other

    /// Whether the view is a stack, of either axis.
    var isStack: Bool {
        if case .stack = self { return true }
        return false
    }
}
