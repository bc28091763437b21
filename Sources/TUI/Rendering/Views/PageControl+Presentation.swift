import Flow

/// A page control: a dot per page, the current one filled, centred in its slot; ← and →
/// go to the page before and after. More pages than fit show as `3 of 40`.
extension PageControl: ViewPresentation {
    var placement: FormPlacement { .inline(.shared(stretches: true)) }
    var titleViewWidth: Int? { numberOfPages > 0 ? min(numberOfPages * 2 - 1, 40) : nil }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        guard numberOfPages > 0 else { return }
        let focused = context.isFocused(self)
        let style = focused ? Theme.focused : context.base
        let dots = (0..<numberOfPages).map { $0 == currentPage ? "●" : "○" }.joined(separator: " ")
        let text = DisplayWidth.of(dots) <= slot.width ? dots : "\(currentPage + 1) of \(numberOfPages)"
        let width = min(DisplayWidth.of(text), slot.width)
        frame.buffer.put(text, at: Point(x: slot.x + (slot.width - width) / 2, y: slot.y), style: style, maxWidth: slot.width)
        if focused { frame.focusRect = slot }
    }

    func focusBindings(in frame: Frame) -> [KeyBinding] {
        [
            KeyBinding([.left], "←", "previous page", .decrease, pairedInFooterAs: ("←→", "page")),
            KeyBinding([.right], "→", "next page", .increase, pairedInFooterAs: ("←→", "page")),
        ]
    }

    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        switch command {
        case .decrease: select(page: currentPage - 1)
        case .increase: select(page: currentPage + 1)
        default: return false
        }
        return true
    }
}

extension PageControl {
    /// `Onboarding, page control, page 2 of 5`, as VoiceOver says it.
    func spoken(in frame: Frame) -> SpokenElement {
        var element = SpokenElement(self)
        element.label = element.label ?? Announcement.formLabel(for: self)
        element.role = "page control"
        if numberOfPages > 0 { element.position = "page \(min(max(currentPage, 0), numberOfPages - 1) + 1) of \(numberOfPages)" }
        return element
    }
}
