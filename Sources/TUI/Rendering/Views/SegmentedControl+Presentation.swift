import Flow

/// A segmented control: its segments in a row, the selected one in brackets; ← and → choose,
/// and so does a click on a segment.
extension SegmentedControl: ViewPresentation {
    var placement: FormPlacement { .inline(.shared(stretches: true)) }

    var titleViewWidth: Int? {
        segments.isEmpty ? nil : segments.reduce(0) { $0 + DisplayWidth.of($1) + 2 }
    }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let focused = context.isFocused(self)
        var x = slot.x
        for (index, title) in segments.enumerated() {
            let selected = index == selectedSegmentIndex
            let text = selected ? "[\(title)]" : " \(title) "
            let style = selected ? (focused ? Theme.focused : Theme.bar.merged(over: context.base)) : context.base
            let width = frame.buffer.put(text, at: Point(x: x, y: slot.y), style: style, maxWidth: max(0, slot.maxX - x))
            if context.isTop, !context.inCell, width > 0 {
                frame.addHit(Rect(x: x, y: slot.y, width: width, height: 1), self, part: .index(index))
            }
            x += width
            if x >= slot.maxX { break }
        }
        if focused { frame.focusRect = slot }
    }

    func focusBindings(in frame: Frame) -> [KeyBinding] {
        [
            KeyBinding([.left], "←", "previous", .decrease, pairedInFooterAs: ("←→", "choose")),
            KeyBinding([.right], "→", "next", .increase, pairedInFooterAs: ("←→", "choose")),
        ]
    }

    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        switch command {
        case .decrease: select(selectedSegmentIndex - 1)
        case .increase: select(selectedSegmentIndex + 1)
        default: return false
        }
        return true
    }

    /// A click focuses the control; on a segment it also chooses it.
    func click(_ part: HitPart, input: inout InputContext) {
        input.focus(self)
        if case .index(let index) = part { select(index) }
    }
}

extension SegmentedControl {
    /// `Units, segmented control, Celsius, 2 of 2`.
    func spoken(in frame: Frame) -> SpokenElement {
        var element = SpokenElement(self)
        element.label = element.label ?? Announcement.formLabel(for: self)
        element.role = "segmented control"
        if segments.indices.contains(selectedSegmentIndex) {
            element.value = segments[selectedSegmentIndex]
            element.position = "\(selectedSegmentIndex + 1) of \(segments.count)"
        }
        return element
    }
}
