import Flow

/// What a colour well's keys do beyond the focused ones: Esc closes its open picker.
enum ColorWellKey: Hashable, Sendable {
    case closePicker
}

/// A colour well: its colour as a swatch and a name, `[■ Blue]` (`[□ no color]` for none).
/// Space or Enter presents its picker, as UIKit presents one: a row of the colours it offers
/// with the highlighted one named, in which ← and → choose, Space or Enter or a click takes
/// one, and Esc closes it taking none.
extension ColorWell: ViewPresentation {
    /// The columns of a swatch in the open picker.
    private static let swatchWidth = 2
    /// The columns the open picker gives the highlighted colour's name.
    private static let nameWidth = palette.map { DisplayWidth.of($0.name) }.max() ?? 0

    var placement: FormPlacement {
        if pickingIndex != nil { return .inline(.fixed(Self.palette.count * Self.swatchWidth + Self.nameWidth + 3)) }
        return .inline(.fixed(DisplayWidth.of(colorName) + 4))
    }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let focused = context.isFocused(self)
        let style = focused ? Theme.focused : context.base
        if focused { frame.focusRect = slot }
        guard let picking = pickingIndex, focused else {
            // `[■ Blue]`: the swatch in the colour itself.
            var x = slot.x + frame.buffer.put("[", at: slot.origin, style: style, maxWidth: slot.width)
            var swatch = style
            if let selectedColor { swatch.foreground = Theme.color(selectedColor) }
            x += frame.buffer.put(selectedColor == nil ? "□" : "■", at: Point(x: x, y: slot.y), style: swatch, maxWidth: max(0, slot.maxX - x))
            frame.buffer.put(" \(colorName)]", at: Point(x: x, y: slot.y), style: style, maxWidth: max(0, slot.maxX - x))
            return
        }
        // The picker: `[■ ■ ■ … Blue]`, the highlighted swatch reversed.
        var x = slot.x + frame.buffer.put("[", at: slot.origin, style: context.base, maxWidth: slot.width)
        for (index, named) in Self.palette.enumerated() where x < slot.maxX {
            var swatch = context.base
            swatch.foreground = Theme.color(named.color)
            if index == picking { swatch.attributes.insert(.reverse) }
            let width = frame.buffer.put("■ ", at: Point(x: x, y: slot.y), style: swatch, maxWidth: min(Self.swatchWidth, slot.maxX - x))
            if context.isTop, !context.inCell, width > 0 {
                frame.addHit(Rect(x: x, y: slot.y, width: width, height: 1), self, part: .index(index))
            }
            x += Self.swatchWidth
        }
        let name = Self.palette[picking].name
        let padded = name + String(repeating: " ", count: max(0, Self.nameWidth - DisplayWidth.of(name))) + "]"
        frame.buffer.put(padded, at: Point(x: x, y: slot.y), style: style, maxWidth: max(0, slot.maxX - x))
    }

    func focusBindings(in frame: Frame) -> [KeyBinding] {
        guard pickingIndex != nil else { return [KeyBinding([.char(" "), .enter], "Space", "choose a color", .activate)] }
        return [
            KeyBinding([.left], "←", "previous color", .decrease, pairedInFooterAs: ("←→", "color")),
            KeyBinding([.right], "→", "next color", .increase, pairedInFooterAs: ("←→", "color")),
            KeyBinding([.char(" "), .enter], "Space", "take the color", .activate),
        ]
    }

    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        switch (command, pickingIndex) {
        case (.activate, nil), (.toggle, nil): openPicker()
        case (.activate, let index?), (.toggle, let index?): pick(at: index)
        case (.decrease, _?): movePicker(by: -1)
        case (.increase, _?): movePicker(by: 1)
        default: return false
        }
        return true
    }

    /// Esc closes the open picker, before the back and cancel keys.
    func screenBindings(_ screen: ScreenBindingContext) -> [ScreenBinding] {
        guard pickingIndex != nil, screen.focused === self else { return [] }
        return [ScreenBinding(KeyBinding([.escape], "Esc", "close the picker", .owned(ColorWellKey.closePicker)), .first)]
    }

    func performScreenCommand(_ command: ShellCommand, input: inout InputContext) -> Bool {
        guard command.owned(ColorWellKey.self) == .closePicker, pickingIndex != nil else { return false }
        closePicker()
        return true
    }

    /// A click on the well presents the picker; on a colour of the open picker it takes it.
    func click(_ part: HitPart, input: inout InputContext) {
        input.focus(self)
        if case .index(let index) = part, pickingIndex != nil {
            pick(at: index)
        } else if pickingIndex == nil {
            openPicker()
        }
    }

    /// `Tint, color well, Blue`; in the open picker, the highlighted colour and where it is.
    func spoken(in frame: Frame) -> SpokenElement {
        var element = SpokenElement(self)
        element.label = element.label ?? SpokenText.nonEmpty(title) ?? Announcement.formLabel(for: self)
        guard let picking = pickingIndex, frame.focused === self else {
            element.role = "color well"
            element.value = colorName
            return element
        }
        element.role = "color picker"
        element.value = Self.palette[picking].name
        element.position = "\(picking + 1) of \(Self.palette.count)"
        return element
    }

    var canCopy: Bool { selectedColor != nil }
    /// The colour's hex code, `#007AFF`.
    var copiedText: String? { selectedColor.map(Self.hex) }
}
