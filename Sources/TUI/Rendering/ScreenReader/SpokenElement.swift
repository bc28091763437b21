import Flow

/// What a screen reader says of a focused element, in the order it says it: `Volume,
/// slider, 0.50`; `Onboarding, page control, page 2 of 5`.
///
/// A kind's presentation fills it in (`ViewPresentation.spoken(in:)`); the announcement then
/// applies what the storyboard's accessibility traits say (a heading, selected, dimmed) and
/// joins the parts, so it names no kind itself.
struct SpokenElement: Equatable {
    /// What the element is called: its accessibility label, else its text or the label
    /// beside it in its form.
    var label: String?
    /// What kind of element it is: `button`, `switch`, `row 3 of 12`.
    var role: String
    /// Its value: `on`, `0.50`, a field's text.
    var value: String?
    /// Where it is among its like, said after the value: `2 of 3`, `page 2 of 5`.
    var position: String?
    /// What using it does, said after a pause.
    var hint: String?

    /// What the storyboard says of `view` (its accessibility label and hint), with its role
    /// named from its class (`PickerView` is `picker view`): what a kind starts from.
    init(_ view: View) {
        label = view.accessibility.spokenLabel
        role = Announcement.kindName(of: view)
        hint = view.accessibility.spokenHint
    }

    init(label: String?, role: String, value: String? = nil, position: String? = nil, hint: String? = nil) {
        self.label = label
        self.role = role
        self.value = value
        self.position = position
        self.hint = hint
    }
}

/// What a focusable element adds to a scene's summary when the scene appears (`Brews, list,
/// 3 rows`; `Settings, form, 4 controls`).
enum SceneShare: Equatable {
    /// One control.
    case control
    /// A list of rows; `name` is what a scene whose view it is, is called (`list`).
    case rows(Int, name: String)
    /// A grid of items; `name` is what a scene whose view it is, is called (`grid`).
    case items(Int, name: String)
}
