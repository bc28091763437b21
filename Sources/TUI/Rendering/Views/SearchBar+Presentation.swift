import Flow

/// What a search bar's keys do: `/` gives it the focus; Esc, while it has the focus, clears
/// it and gives the focus back to the rows.
enum SearchKey: Hashable, Sendable {
    case focus, end
}

/// A search bar: a field after a magnifying glass, whose text filters its table's rows as
/// the user types. `/` reaches it from anywhere on its screen, Enter or ↓ go back to the rows
/// keeping the filter, Esc clears it and goes back to the rows.
extension SearchBar: ViewPresentation {
    var placement: FormPlacement { .inline(.shared(stretches: true)) }

    /// The bar takes the focus even though it is not a control (UIKit's isn't either).
    func addFocusables(to list: inout [View]) { list.append(self) }
    /// A screen opens on the rows the bar filters, not on the bar: `/` goes to it.
    var yieldsOpeningFocus: Bool { true }
    var textInputField: TextField? { searchTextField }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        guard slot.width > 0 else { return }
        let focused = context.isFocused(self)
        frame.buffer.put("⌕", at: slot.origin, style: context.base)
        let field = slot.inset(left: 2)
        guard field.width > 0 else { return }
        let cursor = context.state.view(searchTextField).cursor
        FieldDrawing.draw(
            text: text, placeholder: placeholder ?? "Search", secure: false, cursor: cursor, in: field, into: &frame,
            focused: focused, base: context.base)
        if focused {
            frame.cursor = FieldDrawing.cursorPoint(searchTextField, cursor: cursor, in: field)
            frame.focusRect = slot
        }
        if context.isTop, !context.inCell { frame.addHit(slot, self) }
    }

    func focusBindings(in frame: Frame) -> [KeyBinding] {
        guard filteredTable != nil else { return [] }
        return [
            KeyBinding([.enter], "Enter", "to the rows", .activate),
            KeyBinding([.down], "↓", "to the rows", .moveDown, footer: false),
        ]
    }

    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        guard command == .activate || command == .moveDown, let table = filteredTable else { return false }
        input.focus(table)
        return true
    }

    /// `/` from anywhere on the screen; while the bar has the focus, Esc ends the search,
    /// taking the place of the back and cancel keys.
    func screenBindings(_ screen: ScreenBindingContext) -> [ScreenBinding] {
        if screen.focused === self { return [ScreenBinding(KeyBinding([.escape], "Esc", "end search", .owned(SearchKey.end)), .first)] }
        return screen.typing ? [] : [ScreenBinding(KeyBinding([.char("/")], "/", "search", .owned(SearchKey.focus)), .first)]
    }

    func performScreenCommand(_ command: ShellCommand, input: inout InputContext) -> Bool {
        switch command.owned(SearchKey.self) {
        case .focus:
            input.focus(self)
        case .end:
            guard input.frame.focused === self else { return false }
            text = ""
            if let filteredTable { input.focus(filteredTable) }
        case nil:
            return false
        }
        return true
    }
}
