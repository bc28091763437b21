import Flow

/// How one kind of view shows in a terminal: the room it takes in a form, how it draws,
/// whether the focus stops on it, which keys it takes while focused, and what they do.
///
/// Each kind conforms in a file of its own (`Slider+Presentation.swift`), so a new kind of
/// view is its model in Flow, its loading entry, and one presentation here. A view of a kind
/// with no presentation (a plain `View`, a scroll view) is transparent: its subviews are laid
/// out in its place.
protocol ViewPresentation: View {
    /// How the view takes room in a form.
    var placement: FormPlacement { get }
    /// The columns the view needs as a navigation bar's title view; nil when it cannot show
    /// there (the bar shows the title instead).
    var titleViewWidth: Int? { get }
    /// Adds the items Tab stops on, in reading order: by default the view itself when it is
    /// an enabled control, else what its subviews add.
    func addFocusables(to list: inout [View])
    /// Draws the view into `slot` of `frame`.
    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext)
    /// The keys the view takes while it has the focus, for the key map (footer and help).
    func focusBindings(in frame: Frame) -> [KeyBinding]
    /// Carries out `command` while the view has the focus; false when it means nothing here.
    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool
}

/// How a view takes room in a form's layout, which reads top to bottom and puts views drawn
/// at the same height side by side.
enum FormPlacement: Equatable {
    /// Drawn on one line, beside its neighbours: a label, a control, an image.
    case inline(InlineWidth)
    /// A block taking a share of the height: a table, a grid, a container view.
    case block
    /// A row of its own whose leaves sit side by side (a horizontal stack view).
    case row
    /// Not drawn itself: its subviews are laid out in its place.
    case transparent
    /// Never drawn in a form (a table's cells, drawn by their table).
    case skipped
}

/// The columns an inline view asks for in its row.
enum InlineWidth: Equatable {
    /// A label: its text's width, lined up with other labels beside controls.
    case label(text: Int)
    /// A fixed number of columns (a button's title in brackets, a switch).
    case fixed(Int)
    /// Up to `max` columns, and never more than half the row (an image's name).
    case box(max: Int)
    /// A share of what the row has left; `stretches` for controls that fill their share (a
    /// field, a slider), beside which labels line up in one column.
    case shared(stretches: Bool)
}

extension ViewPresentation {
    var placement: FormPlacement { .inline(.shared(stretches: false)) }
    var titleViewWidth: Int? { nil }

    func addFocusables(to list: inout [View]) {
        if let control = self as? Control {
            if control.isEnabled { list.append(control) }
            return
        }
        for subview in subviews { Focus.collect(subview, into: &list) }
    }

    func focusBindings(in frame: Frame) -> [KeyBinding] { [] }
    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool { false }
}

extension View {
    /// How this view shows in a terminal, if its kind has a presentation.
    ///
    /// A kind is found by its conformance, so a new kind needs nothing here. The kinds a
    /// frame meets most are found by their class first: a protocol lookup costs as much as
    /// drawing a label, and a frame asks once for every view it lays out (a list of custom
    /// cells, dozens of labels a key).
    var presentation: ViewPresentation? {
        switch self {
        case let label as Label: label
        case let button as Button: button
        case let field as TextField: field
        case let table as TableView: table
        case let cell as TableViewCell: cell
        case let stack as StackView: stack
        case let image as ImageView: image
        case let toggle as Switch: toggle
        case let slider as Slider: slider
        case let segments as SegmentedControl: segments
        case let container as ContainerView: container
        case let grid as CollectionView: grid
        default:
            // Plain views and scroll views have none; their subviews are laid out instead.
            type(of: self) == View.self || self is ScrollView ? nil : self as? ViewPresentation
        }
    }

    /// Where this view sits in a form (transparent for a kind with no presentation).
    var formPlacement: FormPlacement { presentation?.placement ?? .transparent }

    /// Whether the form layout draws this view as a block (a table, a grid, a container).
    var isFormBlock: Bool { formPlacement == .block }
}
