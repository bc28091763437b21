import Flow

extension Shell {
    // MARK: Layout of forms

    /// The views of a form, flattened into rows top to bottom: plain views and vertical
    /// stacks open up, a horizontal stack is one row, and siblings drawn at the same height
    /// in the storyboard share a row (a label beside its slider).
    func formRows(_ view: View) -> [[View]] {
        var rows: [[View]] = []
        var lastY: Double?
        func place(_ item: View) {
            let y = item.spec?.frameOrigin?.y
            if let y, let previous = lastY, abs(y - previous) < 12, !rows.isEmpty, !isBlock(item), !(rows[rows.count - 1].contains(where: isBlock)) {
                rows[rows.count - 1].append(item)
            } else {
                rows.append([item])
            }
            lastY = y ?? lastY
        }
        func walk(_ node: View) {
            for subview in node.subviews where !subview.isHidden {
                switch subview {
                case let stack as StackView where stack.axis == .horizontal:
                    rows.append(formItems(stack))
                    lastY = nil
                case is TableView, is CollectionView, is ContainerView, is Control, is Label, is ImageView,
                    is PlaceholderView, is ProgressView, is NavigationBarView:
                    place(subview)
                case is TableViewCell:
                    continue
                default:
                    walk(subview)
                }
            }
        }
        walk(view)
        return rows.map { row in row.sorted { ($0.spec?.frameOrigin?.x ?? 0) < ($1.spec?.frameOrigin?.x ?? 0) } }
    }

    /// The leaf views of a row (a cell's content or a horizontal stack), left to right.
    func formItems(_ view: View) -> [View] {
        var items: [View] = []
        func walk(_ node: View) {
            for subview in node.subviews where !subview.isHidden {
                if subview is Control || subview is Label || subview is ImageView || subview is PlaceholderView
                    || subview is ProgressView
                {
                    items.append(subview)
                } else {
                    walk(subview)
                }
            }
        }
        walk(view)
        return items.sorted { ($0.spec?.frameOrigin?.x ?? 0) < ($1.spec?.frameOrigin?.x ?? 0) }
    }

    private func isFlexible(_ view: View) -> Bool {
        view is TextField || view is Slider || view is SegmentedControl || view is TextView || view is ProgressView
    }

    private func isBlock(_ view: View) -> Bool {
        view is TableView || view is CollectionView || view is ContainerView
    }

    // MARK: Drawing forms

    func drawForm(
        _ view: View, controller: ViewController, in rect: Rect, into buffer: inout CellBuffer,
        focused: View?, base: Style, isTop: Bool
    ) {
        let rows = formRows(view)
        // Labels beside controls share one column, so the controls line up.
        let labelColumn = rows.filter { $0.count > 1 && $0.contains(where: isFlexible) }
            .compactMap { ($0.first as? Label).map { DisplayWidth.of($0.text) + 2 } }.max()
            .map { min($0, rect.width / 3) }
        let blocks = rows.filter { $0.contains(where: isBlock) }.count
        let fixedLines = rows.count - blocks + rows.count
        let blockHeight = blocks > 0 ? max(3, (rect.height - fixedLines) / blocks) : 0
        var y = rect.y + (rect.height > rows.count * 2 + 1 ? 1 : 0)
        for row in rows {
            guard y < rect.maxY else { break }
            if let block = row.first(where: isBlock) {
                let height = min(blockHeight, rect.maxY - y)
                let blockRect = Rect(x: rect.x + 1, y: y, width: rect.width - 2, height: height)
                drawBlock(block, controller: controller, in: blockRect, into: &buffer, focused: focused, base: base, isTop: isTop)
                y += height + 1
            } else {
                drawRow(row, controller: controller, in: Rect(x: rect.x + 2, y: y, width: rect.width - 4, height: 1), into: &buffer, focused: focused, base: base, isTop: isTop, inCell: false, labelColumn: labelColumn)
                y += rect.height >= rows.count * 2 ? 2 : 1
            }
        }
    }

    private func drawBlock(
        _ block: View, controller: ViewController, in rect: Rect, into buffer: inout CellBuffer,
        focused: View?, base: Style, isTop: Bool
    ) {
        switch block {
        case let table as TableView:
            drawTable(table, controller: controller, in: rect, into: &buffer, focused: focused === table, base: base)
        case let grid as CollectionView:
            drawGrid(grid, controller: controller, in: rect, into: &buffer, focused: focused === grid)
        case let container as ContainerView:
            buffer.drawBox(rect, style: Theme.barSeparator, border: .single, title: container.embeddedViewController?.displayTitle)
            if let child = container.embeddedViewController {
                let inner = rect.inset(by: 1)
                let childFocus = isTop ? focused : nil
                let childView = child.view
                if let table = childView as? TableView {
                    drawTable(table, controller: controller, in: inner, into: &buffer, focused: childFocus === table, base: base)
                } else if let grid = childView as? CollectionView {
                    drawGrid(grid, controller: controller, in: inner, into: &buffer, focused: childFocus === grid)
                } else {
                    var childBase = base
                    if let background = childView.backgroundColor {
                        childBase = Style(foreground: Theme.readableText(on: background), background: Theme.color(background))
                        buffer.fill(inner, style: childBase)
                    }
                    drawForm(childView, controller: controller, in: inner, into: &buffer, focused: childFocus, base: childBase, isTop: isTop)
                }
            }
        default:
            break
        }
    }

    /// Draws one row of controls side by side. Labels next to controls take what their
    /// text needs; controls share the rest. A row of labels only shares the width equally.
    func drawRow(
        _ items: [View], controller: ViewController, in rect: Rect, into buffer: inout CellBuffer,
        focused: View?, base: Style, isTop: Bool, inCell: Bool, labelColumn: Int? = nil
    ) {
        guard !items.isEmpty, rect.width > 0 else { return }
        let hasFlexible = items.contains(where: isFlexible)
        var widths = items.map { item -> Int in
            switch item {
            case let label as Label:
                guard hasFlexible else { return 0 }
                return labelColumn ?? min(DisplayWidth.of(label.text) + 2, rect.width / 3)
            case let button as Button: return DisplayWidth.of(button.title) + 4
            case is Switch: return 6
            case is Stepper: return 12
            case is ImageView, is PlaceholderView: return min(20, rect.width / 2)
            default: return 0
            }
        }
        let fixed = widths.reduce(0, +)
        let shared = widths.indices.filter { widths[$0] == 0 }
        if !shared.isEmpty {
            let room = rect.width - fixed - (items.count - 1)
            let each = max(1, room / shared.count)
            for index in shared { widths[index] = each }
            // Equal shares cut a label short while a neighbour has room to spare: share by
            // need instead, the way a person would lay the row out.
            let needs = shared.map { index in (items[index] as? Label).map { DisplayWidth.of($0.text) } }
            if needs.contains(where: { ($0 ?? 0) > each }) {
                for (index, width) in zip(shared, Self.fairShares(needs: needs, room: room)) { widths[index] = width }
            }
        }
        var x = rect.x
        for (index, item) in items.enumerated() {
            let width = min(widths[index], rect.maxX - x)
            guard width > 0 else { break }
            let slot = Rect(x: x, y: rect.y, width: width, height: 1)
            drawControl(item, controller: controller, in: slot, into: &buffer, isFocused: item === focused, base: base)
            if isTop, !inCell, item is Control {
                hits.append(Hit(rect: slot, action: .control(controller, item)))
            }
            x += width + 1
        }
    }

    /// Widths for items sharing `room` columns: each item with a known need (a label's
    /// text) gets it when the others can still have as much; what is over is shared
    /// equally; items with no need (a flexible control) share what is left. Max-min fair,
    /// so the shortest texts are never cut while a longer one takes their room.
    static func fairShares(needs: [Int?], room: Int) -> [Int] {
        var widths = Array(repeating: 0, count: needs.count)
        var remaining = max(0, room)
        var pending = needs.indices.sorted { (needs[$0] ?? .max) < (needs[$1] ?? .max) }
        while let next = pending.first {
            let fair = remaining / pending.count
            guard let need = needs[next], need <= fair else {
                for index in pending { widths[index] = max(1, fair) }
                remaining -= fair * pending.count
                pending = []
                break
            }
            widths[next] = need
            remaining -= need
            pending.removeFirst()
        }
        // Spare columns go round equally, so a centred label stays centred in its share.
        if remaining > 0, !needs.isEmpty {
            for index in widths.indices { widths[index] += remaining / needs.count }
        }
        return widths
    }

    /// Draws one control in its slot.
    func drawControl(_ view: View, controller: ViewController, in slot: Rect, into buffer: inout CellBuffer, isFocused: Bool, base: Style) {
        let focusStyle = Theme.focused
        switch view {
        case let label as Label:
            var style = base
            if label.isBold { style.attributes.insert(.bold) }
            if let color = label.textColor, !base.attributes.contains(.reverse) { style.foreground = Theme.color(color) }
            let text = DisplayWidth.truncate(label.text, to: slot.width)
            let width = DisplayWidth.of(text)
            let x: Int
            switch label.alignment {
            case .right: x = slot.maxX - width
            case .center: x = slot.x + (slot.width - width) / 2
            default: x = slot.x
            }
            buffer.put(text, at: Point(x: x, y: slot.y), style: style, maxWidth: slot.width)
        case let field as TextField:
            drawField(field, text: field.text, placeholder: field.placeholder, secure: field.isSecureTextEntry, controller: controller, in: slot, into: &buffer, isFocused: isFocused, base: base)
        case let textView as TextView:
            drawField(nil, text: textView.text, placeholder: nil, secure: false, controller: controller, in: slot, into: &buffer, isFocused: isFocused, base: base)
        case let slider as Slider:
            let value = DecimalText.fixed(slider.value, digits: 2)
            let barWidth = max(3, slot.width - value.count - 1)
            let span = slider.maximumValue - slider.minimumValue
            let fraction = span > 0 ? (slider.value - slider.minimumValue) / span : 0
            let knob = Int((fraction * Double(barWidth - 1)).rounded())
            var bar = ""
            for index in 0..<barWidth { bar += index < knob ? "━" : (index == knob ? "●" : "─") }
            buffer.put(bar, at: slot.origin, style: isFocused ? focusStyle : base, maxWidth: slot.width)
            buffer.put(value, at: Point(x: slot.x + barWidth + 1, y: slot.y), style: base, maxWidth: max(0, slot.width - barWidth - 1))
        case let toggle as Switch:
            buffer.put(toggle.isOn ? "[ ON]" : "[OFF]", at: slot.origin, style: isFocused ? focusStyle : base, maxWidth: slot.width)
        case let stepper as Stepper:
            let value = stepper.value == stepper.value.rounded() ? String(Int(stepper.value)) : DecimalText.fixed(stepper.value, digits: 1)
            buffer.put("[−] \(value) [+]", at: slot.origin, style: isFocused ? focusStyle : base, maxWidth: slot.width)
        case let segments as SegmentedControl:
            var x = slot.x
            for (index, title) in segments.segments.enumerated() {
                let selected = index == segments.selectedSegmentIndex
                let text = selected ? "[\(title)]" : " \(title) "
                let style = selected ? (isFocused ? focusStyle : Theme.bar.merged(over: base)) : base
                x += buffer.put(text, at: Point(x: x, y: slot.y), style: style, maxWidth: max(0, slot.maxX - x))
                if x >= slot.maxX { break }
            }
        case let button as Button:
            buffer.put("[ \(button.title) ]", at: slot.origin, style: isFocused ? focusStyle : Theme.button.merged(over: base), maxWidth: slot.width)
        case let progress as ProgressView:
            let filled = Int((min(max(progress.progress, 0), 1) * Double(slot.width)).rounded())
            buffer.put(String(repeating: "█", count: filled) + String(repeating: "░", count: max(0, slot.width - filled)), at: slot.origin, style: base, maxWidth: slot.width)
        case let image as ImageView:
            buffer.put("[image \(image.imageName ?? "")]", at: slot.origin, style: Theme.detail.merged(over: base), maxWidth: slot.width)
        case let placeholder as PlaceholderView:
            buffer.put("[\(placeholder.className)]", at: slot.origin, style: Theme.detail.merged(over: base), maxWidth: slot.width)
        case let bar as NavigationBarView:
            buffer.put(bar.title ?? "", at: slot.origin, style: Theme.bar.merged(over: base), maxWidth: slot.width)
        case is DatePicker:
            buffer.put("[date]", at: slot.origin, style: base, maxWidth: slot.width)
        default:
            break
        }
    }

    private func drawField(
        _ field: TextField?, text: String, placeholder: String?, secure: Bool, controller: ViewController,
        in slot: Rect, into buffer: inout CellBuffer, isFocused: Bool, base: Style
    ) {
        let style = (isFocused ? Theme.focusedField : Theme.field).merged(over: base)
        buffer.fill(slot, with: " ", style: style)
        if text.isEmpty {
            buffer.put(placeholder ?? "", at: slot.origin, style: Theme.placeholder.merged(over: style), maxWidth: slot.width)
        } else {
            let shown = secure ? String(repeating: "•", count: text.count) : text
            // Keep the cursor in view: scroll the text left when it is longer than the slot.
            let cursor = field.map { state(for: controller).cursors[ObjectIdentifier($0)] ?? text.count } ?? 0
            let before = String(shown.prefix(cursor))
            var start = 0
            while DisplayWidth.of(String(before.dropFirst(start))) >= slot.width, start < before.count { start += 1 }
            buffer.put(String(shown.dropFirst(start)), at: slot.origin, style: style, maxWidth: slot.width)
        }
        if isFocused, let field {
            markCursor(field, controller: controller, slot: slot)
        }
    }

    /// Records where the terminal cursor goes for a field being edited.
    func markCursor(_ field: TextField, controller: ViewController, slot: Rect) {
        let text = field.isSecureTextEntry ? String(repeating: "•", count: field.text.count) : field.text
        let cursor = min(state(for: controller).cursors[ObjectIdentifier(field)] ?? text.count, text.count)
        let before = String(text.prefix(cursor))
        cursorPosition = Point(x: slot.x + min(DisplayWidth.of(before), slot.width - 1), y: slot.y)
    }
}
