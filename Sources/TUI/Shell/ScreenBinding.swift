import Flow

/// Keys a kind adds to the whole screen it is on, whatever has the focus: a search bar's `/`
/// (and Esc while it is being typed in), a page view controller's ← and →, a tab bar's
/// digits.
///
/// View kinds answer through their presentation, containers through theirs; the key map
/// asks every focusable item of the screen on top and every container around it, and a
/// command none of the shell's own hands back to them in the same order.
protocol ScreenBindingSource: AnyObject {
    /// The bindings this adds to the screen on top, with where in the key map they go.
    func screenBindings(_ screen: ScreenBindingContext) -> [ScreenBinding]
    /// Carries out `command`, one of the screen bindings this added; false when it is not
    /// one of them.
    func performScreenCommand(_ command: ShellCommand, input: inout InputContext) -> Bool
}

extension ScreenBindingSource {
    func screenBindings(_ screen: ScreenBindingContext) -> [ScreenBinding] { [] }
    func performScreenCommand(_ command: ShellCommand, input: inout InputContext) -> Bool { false }
}

/// What a source of screen bindings reads of the screen.
struct ScreenBindingContext {
    /// The screen on top.
    let top: ViewController
    /// The item with the focus on the screen on top.
    let focused: View?
    /// Whether typing goes into a text field (letters are text, not commands).
    let typing: Bool
}

/// A key binding a kind adds to its screen, and where it goes among the others.
struct ScreenBinding: Equatable {
    /// Where in the key map a binding goes, which decides which binding a key reaches
    /// first and where the footer shows it.
    enum Precedence: Equatable {
        /// Before everything else, bar buttons included: a search's Esc, `/`. An Esc here
        /// stands in for the back and cancel keys.
        case first
        /// After the keys of the focused item: a page view's ← and →, which a slider's own
        /// arrows take over.
        case afterFocused
        /// After the keys that move the focus: a tab bar's digits.
        case last
    }

    var binding: KeyBinding
    var precedence: Precedence

    init(_ binding: KeyBinding, _ precedence: Precedence) {
        self.binding = binding
        self.precedence = precedence
    }
}
