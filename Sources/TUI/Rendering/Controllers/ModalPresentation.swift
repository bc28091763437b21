import Flow

/// How a controller presented over everything shows when it draws itself whole and takes
/// every key while it is on top (an alert or an action sheet): its drawing over the screens
/// under it, its keys (which make the footer and help as any screen's do), what they do, its
/// clicks, and what a screen reader says of it.
///
/// The kind conforms in its own file (`AlertController+Presentation.swift`); the shell, the
/// key map, the renderer and the screen reader ask the presentation on top, never its class.
protocol ModalPresentation: ViewController, HitTarget {
    /// Draws it over `body`, what lies under it already drawn and dimmed. The item with the
    /// focus is the screen state's `focusIndex` for it.
    func drawModal(in body: Rect, into frame: inout Frame, context: DrawContext)
    /// The keys it takes, in precedence order: they stand for every other binding while it
    /// is on top.
    var modalBindings: [KeyBinding] { get }
    /// How many items the focus moves through.
    var modalFocusCount: Int { get }
    /// The item with the focus when it appears.
    var initialFocusIndex: Int { get }
    /// Carries out a command of its bindings (the shell's quit keys stay the shell's).
    func performModal(_ command: ShellCommand, focusIndex: Int, input: inout InputContext)
    /// What a screen reader says as it appears (`Alert: Delete this session?`).
    var spokenScene: String { get }
    /// The text field typing goes into when `focusIndex` has the focus, if it is one.
    func activeTextField(_ focusIndex: Int) -> TextField?
    /// What a screen reader says of the item with the focus (`Delete, button, 2 of 2`).
    func spokenFocus(_ focusIndex: Int, in frame: Frame) -> String
}
