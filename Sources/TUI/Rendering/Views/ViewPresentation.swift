import Flow

/// Everything one kind of view does in a terminal: the room it takes in a form, how it
/// draws, where the focus stops on it, which keys it takes while focused and which it adds to
/// its whole screen, what a click on each of its parts does, what a screen reader says of it
/// and what the copy key copies.
///
/// Each kind conforms in a file of its own (`Slider+Presentation.swift`), so a new kind of
/// view is its model in Flow, its line in the loader's table, and one presentation here; the
/// shell, the key map, the mouse, the clipboard and the screen reader ask, and name no kind.
/// Every answer but drawing has a default, so a kind says only what differs. A view of a
/// kind with no presentation (a plain `View`, a scroll view) is transparent: its subviews are
/// laid out in its place.
protocol ViewPresentation: View, HitTarget, ScreenBindingSource {
    // MARK: Room and drawing

    /// How the view takes room in a form.
    var placement: FormPlacement { get }
    /// What the view is to a form's layout beyond its room (a caption, a button, a
    /// picture, a stack): by default nothing the layout treats apart.
    var formRole: FormRole { get }
    /// The text a form measures, wraps and compares for a caption (a label's); nil for a
    /// view that is no caption.
    var formText: String? { get }
    /// The columns the view needs as a navigation bar's title view; nil when it cannot show
    /// there (the bar shows the title instead).
    var titleViewWidth: Int? { get }
    /// Draws the view into `slot` of `frame`.
    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext)
    /// Draws line `part` of the `parts` lines the view's text wraps to in `slot`'s width, as
    /// a table draws a cell a line at a time (a label of several lines); by default the
    /// whole view on the first.
    func drawLine(_ part: Int, of parts: Int, in slot: Rect, into frame: inout Frame, context: DrawContext)
    /// Whether what the view draws comes from its own properties and the style beneath
    /// alone, so a table may keep a cell's drawing of it until the cell changes (a label, an
    /// image, a stack): by default not.
    var isDrawnFromItsProperties: Bool { get }
    /// The lines a block takes when it is as tall as its content rather than a share of the
    /// form's height (a table that does not scroll), in a slot `width` columns wide; nil
    /// for a block that shares.
    func blockLines(width: Int) -> Int?

    // MARK: Focus

    /// Adds the items Tab stops on, in reading order: by default the view itself when it is
    /// an enabled control, else what its subviews add.
    func addFocusables(to list: inout [View])
    /// Whether a screen does not open on this item when it comes first in Tab order: the
    /// focus starts after the run of such items, which go to the end (a search bar, which
    /// `/` reaches, comes after the rows it filters, as UIKit's screen opens on its rows).
    var yieldsOpeningFocus: Bool { get }
    /// Whether using the view does something, which keeps it in a screen reader's order even
    /// when the storyboard takes it out of accessibility: by default, being a control.
    var isActionable: Bool { get }
    /// The text field typing goes into while this has the focus (a field, a search bar's
    /// field, the field in a table's highlighted row); nil when typing is not text here.
    var textInputField: TextField? { get }

    // MARK: Keys

    /// The keys the view takes while it has the focus, for the key map (footer and help).
    func focusBindings(in frame: Frame) -> [KeyBinding]
    /// Carries out `command` while the view has the focus; false when it means nothing here.
    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool
    // The keys it adds to its whole screen: `screenBindings(_:)` and
    // `performScreenCommand(_:input:)` of `ScreenBindingSource`.

    // MARK: Mouse
    // What a click or the wheel on a part of it does: `click(_:input:)` and
    // `wheel(_:over:input:)` of `HitTarget`. By default a click gives it the focus.

    // MARK: Screen reader

    /// What a screen reader says of the view when it has the focus: by default its
    /// accessibility label and hint, with its class's name as its role.
    func spoken(in frame: Frame) -> SpokenElement
    /// What the view adds to its scene's summary when the scene appears.
    var sceneShare: SceneShare { get }

    // MARK: Copy

    /// Whether the copy key has something to copy while the view has the focus: cheap, as
    /// the key map asks on every frame (never asks a data source for a cell).
    var canCopy: Bool { get }
    /// What the copy key copies while the view has the focus; nil when nothing (a secure
    /// field's text never leaves it).
    var copiedText: String? { get }
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
    var formRole: FormRole { .other }
    var formText: String? { nil }
    var titleViewWidth: Int? { nil }
    var isDrawnFromItsProperties: Bool { false }

    func drawLine(_ part: Int, of parts: Int, in slot: Rect, into frame: inout Frame, context: DrawContext) {
        if part == 0 { draw(in: slot, into: &frame, context: context) }
    }
    func blockLines(width: Int) -> Int? { nil }

    func addFocusables(to list: inout [View]) {
        if let control = self as? Control {
            if control.isEnabled { list.append(control) }
            return
        }
        for subview in subviews { Focus.collect(subview, into: &list) }
    }

    var yieldsOpeningFocus: Bool { false }
    var isActionable: Bool { self is Control }
    var textInputField: TextField? { nil }

    func focusBindings(in frame: Frame) -> [KeyBinding] { [] }
    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool { false }

    /// A click gives the view the focus (a no-op for one that takes none).
    func click(_ part: HitPart, input: inout InputContext) { input.focus(self) }

    func spoken(in frame: Frame) -> SpokenElement { SpokenElement(self) }
    var sceneShare: SceneShare { .control }

    var canCopy: Bool { false }
    var copiedText: String? { nil }
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
            isPlainHolder ? nil : self as? ViewPresentation
        }
    }

    /// Whether the view is a plain view or a scroll view, which draw nothing of their own
    /// but their subviews.
    var isPlainHolder: Bool { type(of: self) == View.self || self is ScrollView }

    /// Where this view sits in a form (transparent for a kind with no presentation).
    var formPlacement: FormPlacement { presentation?.placement ?? .transparent }

    /// Whether the form layout draws this view as a block (a table, a grid, a container).
    var isFormBlock: Bool { formPlacement == .block }
}
