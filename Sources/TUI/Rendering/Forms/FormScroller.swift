import Flow

/// The keys of a form taller than the screen: Page Down and Page Up scroll it a page, the
/// focus staying where it is (Tab moves the focus, and the form follows it).
final class FormScroller: ScreenBindingSource {
    let drawn: DrawnForm

    init(_ drawn: DrawnForm) {
        self.drawn = drawn
    }

    /// Page Down and Page Up, listed in help and left out of the footer (the indicator at the
    /// right edge says the form scrolls).
    var bindings: [KeyBinding] {
        [
            KeyBinding([.pageDown], "PgDn", "scroll a page down", .scrollForm(down: true), footer: false),
            KeyBinding([.pageUp], "PgUp", "scroll a page up", .scrollForm(down: false), footer: false),
        ]
    }

    func performScreenCommand(_ command: ShellCommand, input: inout InputContext) -> Bool {
        guard case .scrollForm(let down) = command else { return false }
        let top = FormRenderer.pageTop(of: drawn, down: down)
        let view = drawn.view
        let focused = drawn.scroll.focused
        input.shell.updateState { state in
            state.updateView(view) { $0.formScroll = FormScroll(top: top, focused: focused) }
        }
        return true
    }
}
