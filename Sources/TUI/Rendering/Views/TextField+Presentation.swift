import Flow

/// A text field: an underlined slot with its text (bullets when secure) or its placeholder,
/// scrolled to keep the cursor in view; the terminal's cursor sits in it while focused.
extension TextField: ViewPresentation {
    var placement: FormPlacement { .inline(.shared(stretches: true)) }
    var textInputField: TextField? { self }
    /// A secure field's text never leaves it: a copy goes through the terminal's output,
    /// where a recording or the scrollback would keep it.
    var canCopy: Bool { !isSecureTextEntry && !text.isEmpty }
    var copiedText: String? { canCopy ? text : nil }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let focused = context.isFocused(self)
        FieldDrawing.draw(
            text: text, placeholder: placeholder, secure: isSecureTextEntry,
            cursor: context.state.view(self).cursor, in: slot, into: &frame, focused: focused, base: context.base)
        if focused {
            frame.cursor = FieldDrawing.cursorPoint(self, cursor: context.state.view(self).cursor, in: slot)
            frame.focusRect = slot
        }
    }

    /// Enter does what the return key does in a form: it moves on to the next field, and on
    /// the last field presses the form's default button.
    func focusBindings(in frame: Frame) -> [KeyBinding] {
        let label: String
        switch returnKeyTarget(in: frame.focusables, bar: owner?.navigationItem) {
        case .field: label = "next field"
        case .button(let button): label = button.displayTitle.isEmpty ? "press" : button.displayTitle
        case .barButton(let item): label = item.displayTitle
        case .none: return []
        }
        return [KeyBinding([.enter], "Enter", label, .activate)]
    }

    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        guard command == .activate else { return false }
        switch returnKeyTarget(in: input.frame.focusables, bar: input.controller.navigationItem) {
        case .field(let field): input.focus(field)
        case .button(let button): button.tap()
        case .barButton(let item): item.tap()
        case .none: break
        }
        return true
    }

    /// What the return key reaches from this field: the next text field in Tab order; on the
    /// last, the first enabled button after it (a form's Next or Sign In), else the screen's
    /// Done or Save bar button.
    private func returnKeyTarget(in focusables: [View], bar: NavigationItem?) -> ReturnKeyTarget? {
        let after = focusables.firstIndex { $0 === self }.map { focusables[($0 + 1)...] } ?? []
        if let next = after.first(where: { $0 is TextField }) as? TextField { return .field(next) }
        if let button = after.first(where: { ($0 as? Button)?.isEnabled == true }) as? Button { return .button(button) }
        let done = bar?.allItems.first { $0.isEnabled && ($0.systemItem == .done || $0.systemItem == .save || $0.isDoneStyle) }
        return done.map(ReturnKeyTarget.barButton)
    }
}

/// Where the return key goes from a text field.
private enum ReturnKeyTarget {
    case field(TextField)
    case button(Button)
    case barButton(BarButtonItem)
}

/// A text view: a block of its text, broken at its newlines and wrapped at words as the
/// device shows it; a one-line slot (a cell's row) shows it as a field does. A text longer
/// than its block scrolls, as the device's text view does: with the focus, ↑↓ move it a
/// line, PgUp and PgDn a page, Home and End to its ends, and an indicator at the right edge
/// shows where it is.
extension TextView: ViewPresentation {
    var placement: FormPlacement { .block }
    var formRole: FormRole { .scrollingText }
    var canCopy: Bool { !text.isEmpty }
    var copiedText: String? { text.isEmpty ? nil : text }

    func draw(in slot: Rect, into frame: inout Frame, context: DrawContext) {
        let focused = context.isFocused(self)
        if focused { frame.focusRect = slot }
        guard slot.height > 1 else {
            FieldDrawing.draw(
                text: text, placeholder: nil, secure: false, cursor: 0, in: slot, into: &frame, focused: focused,
                base: context.base)
            return
        }
        let style = focused ? Theme.focusedField.merged(over: context.base) : context.base
        if focused { frame.buffer.fill(slot, with: " ", style: style) }
        var inner = slot.inset(left: 1, right: 1)
        var lines = Wrap.lines(text, width: max(1, inner.width))
        var top = 0
        if lines.count > inner.height {
            // Room for the indicator: the text wraps a column narrower.
            inner = inner.inset(right: 1)
            lines = Wrap.lines(text, width: max(1, inner.width))
            var drawn = DrawnText(view: self, top: context.state.view(self).textTop ?? 0, lines: lines.count, height: inner.height)
            drawn.top = min(max(0, drawn.top), drawn.maxTop)
            top = drawn.top
            frame.texts[ObjectIdentifier(self)] = drawn
            let x = slot.maxX - 1
            frame.buffer.drawVerticalLine(from: Point(x: x, y: slot.y), length: slot.height, style: Theme.scrollIndicator)
            let thumb = Int((Double(top) / Double(max(1, drawn.maxTop)) * Double(slot.height - 1)).rounded())
            frame.buffer.set("█", at: Point(x: x, y: slot.y + min(max(thumb, 0), slot.height - 1)), style: Theme.scrollIndicator)
        }
        for (index, line) in lines.dropFirst(top).prefix(inner.height).enumerated() {
            frame.buffer.put(line, at: Point(x: inner.x, y: inner.y + index), style: style, maxWidth: inner.width)
        }
    }

    /// ↑↓, PgUp/PgDn and Home/End scroll a text longer than its block; a text that fits
    /// takes no keys.
    func focusBindings(in frame: Frame) -> [KeyBinding] {
        guard frame.texts[ObjectIdentifier(self)] != nil else { return [] }
        return Self.scrollKeys
    }

    private static let scrollKeys = [
        KeyBinding([.up], "↑", "scroll up", .moveUp, pairedInFooterAs: ("↑↓", "scroll")),
        KeyBinding([.down], "↓", "scroll down", .moveDown, pairedInFooterAs: ("↑↓", "scroll")),
        KeyBinding([.pageUp], "PgUp", "page up", .pageUp, footer: false),
        KeyBinding([.pageDown], "PgDn", "page down", .pageDown, footer: false),
        KeyBinding([.home], "Home", "to the start", .top, footer: false),
        KeyBinding([.end], "End", "to the end", .bottom, footer: false),
    ]

    /// Scrolls the text; false at the end it would scroll past, so the key goes on to the
    /// form around it.
    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        guard let drawn = input.frame.texts[ObjectIdentifier(self)] else { return false }
        let top: Int
        switch command {
        case .moveUp: top = drawn.top - 1
        case .moveDown: top = drawn.top + 1
        case .pageUp: top = drawn.top - max(1, drawn.height - 1)
        case .pageDown: top = drawn.top + max(1, drawn.height - 1)
        case .top: top = 0
        case .bottom: top = drawn.maxTop
        default: return false
        }
        let moved = min(max(0, top), drawn.maxTop)
        guard moved != drawn.top else { return false }
        input.shell.updateState { state in state.updateView(self) { $0.textTop = moved } }
        return true
    }
}

/// How fields and text views draw their text.
enum FieldDrawing {
    /// The slot filled in the field's style, with the text scrolled left when the cursor
    /// (`cursor` characters in; nil: at the end) would otherwise fall outside it.
    static func draw(
        text: String, placeholder: String?, secure: Bool, cursor: Int?, in slot: Rect, into frame: inout Frame,
        focused: Bool, base: Style
    ) {
        let style = (focused ? Theme.focusedField : Theme.field).merged(over: base)
        frame.buffer.fill(slot, with: " ", style: style)
        if text.isEmpty {
            frame.buffer.put(placeholder ?? "", at: slot.origin, style: Theme.placeholder.merged(over: style), maxWidth: slot.width)
            return
        }
        let shown = secure ? String(repeating: "•", count: text.count) : text
        let before = String(shown.prefix(cursor ?? text.count))
        var start = 0
        while DisplayWidth.of(String(before.dropFirst(start))) >= slot.width, start < before.count { start += 1 }
        frame.buffer.put(String(shown.dropFirst(start)), at: slot.origin, style: style, maxWidth: slot.width)
    }

    /// Where the terminal's cursor goes in `field` drawn in `slot`.
    static func cursorPoint(_ field: TextField, cursor: Int?, in slot: Rect) -> Point {
        let text = field.isSecureTextEntry ? String(repeating: "•", count: field.text.count) : field.text
        let position = min(cursor ?? text.count, text.count)
        let before = String(text.prefix(position))
        return Point(x: slot.x + min(DisplayWidth.of(before), slot.width - 1), y: slot.y)
    }
}

extension TextField {
    /// `Name, text field, Ada`; a secure field says how many characters it holds, an empty
    /// one its placeholder.
    func spoken(in frame: Frame) -> SpokenElement {
        var element = SpokenElement(self)
        let placeholder = SpokenText.nonEmpty(self.placeholder)
        element.label = element.label ?? Announcement.formLabel(for: self) ?? placeholder
        element.role = isSecureTextEntry ? "secure text field" : "text field"
        if text.isEmpty {
            element.value = placeholder != nil && placeholder != element.label ? placeholder : "empty"
        } else {
            element.value = isSecureTextEntry ? Announcement.count(text.count, "character", "characters") : text
        }
        return element
    }
}

extension TextView {
    /// `Notes, text view, empty`.
    func spoken(in frame: Frame) -> SpokenElement {
        var element = SpokenElement(self)
        element.label = element.label ?? Announcement.formLabel(for: self)
        element.role = "text view"
        element.value = text.isEmpty ? "empty" : text
        return element
    }
}
