import Flow

/// A table: its header view (a search bar), section headers and footers, rows in their cell
/// styles with accessories, the highlighted row, and a scroll indicator. Only the rows that
/// fit are asked for; the first row drawn moves only when the highlight would leave the
/// screen.
extension TableView: ViewPresentation {
    var placement: FormPlacement { .block }

    /// A table that does not scroll (in a scroll view, sized to its rows by its code) is as
    /// tall as its rows, its header and its footer view: up to 200 lines.
    func blockLines(width: Int) -> Int? {
        guard spec?.isScrollEnabled == false, let first = firstIndexPath else { return nil }
        var lines = TableLayout.lines(self, from: first, height: 200, width: width).count
        if let header = tableHeaderView, !header.isHidden { lines += Self.accessoryLines(header, width: width) }
        if let footer = tableFooterView, !footer.isHidden { lines += Self.accessoryLines(footer, width: width) }
        return lines
    }

    /// The table, then what its header view holds (a search bar comes after the rows it
    /// filters).
    func addFocusables(to list: inout [View]) {
        list.append(self)
        if let header = tableHeaderView { Focus.collect(header, into: &list) }
        if let footer = tableFooterView { Focus.collect(footer, into: &list) }
    }

    /// A settings form's row with a field takes typing while highlighted.
    var textInputField: TextField? {
        guard let path = selectedIndexPath, tableSpec.dataMode == .staticCells, staticCells.indices.contains(path.section),
            staticCells[path.section].indices.contains(path.row)
        else { return nil }
        return Self.field(in: staticCells[path.section][path.row])
    }

    func draw(in rect: Rect, into frame: inout Frame, context: DrawContext) {
        var rect = rect
        if let header = tableHeaderView, !header.isHidden { rect = drawHeader(header, in: rect, into: &frame, context: context) }
        let focused = context.isFocused(self)
        guard let first = firstIndexPath else {
            drawEmptyMessage(in: rect, into: &frame, controller: context.controller)
            if let footer = tableFooterView, !footer.isHidden, rect.height >= 4 {
                drawFooter(footer, row: rect.y + rect.height / 3 + 2, in: rect, into: &frame, context: context)
            }
            return
        }
        let selected = selectedIndexPath ?? first
        // The last frame's rows tell whether the highlight is still on screen; only when it
        // isn't is the first row worked out again.
        let previous = context.state.view(self).tableScroll
        let top: IndexPath
        if let previous, previous.reloads == reloadCount, previous.height == rect.height, previous.width == rect.width,
            let shownFirst = previous.first, let shownLast = previous.last, shownFirst <= selected, selected < shownLast
        {
            top = previous.top
        } else {
            top = TableLayout.adjustedTop(self, top: previous?.top, selected: selected, height: rect.height, width: rect.width)
        }
        let total = totalRowCount
        let lines = TableLayout.lines(self, from: top, height: rect.height, width: rect.width)
        // Rows shown whole (the last one may be cut): the range in which moving needs no scroll.
        var rows: [(path: IndexPath, cell: TableViewCell)] = []
        var selectedCell: TableViewCell?
        for case .row(let path, let cell, let line) in lines where line.isFirst {
            rows.append((path, cell))
            if path == selected { selectedCell = cell }
        }
        frame.tables[ObjectIdentifier(self)] = DrawnTable(
            table: self,
            scroll: TableScroll(top: top, first: rows.first?.path, last: rows.last?.path, reloads: reloadCount, height: rect.height, width: rect.width),
            rows: rows, selectedCell: selectedCell)
        // A screen reader hears the position in the announcement instead.
        let showsIndicator = !context.screenReader && total > 0 && (lines.count >= rect.height && (top != first || total > rect.height))
        let contentWidth = rect.width - (showsIndicator ? 1 : 0)
        let margin = TableLayout.margin(of: style)
        for (offset, line) in lines.enumerated() {
            let y = rect.y + offset
            switch line {
            case .header(let title):
                let text = style == .plain ? " " + title : String(repeating: " ", count: margin + 1) + title.uppercased()
                if style == .plain {
                    let headerStyle = Theme.sectionHeader.with(reverse: true)
                    frame.buffer.fill(Rect(x: rect.x, y: y, width: contentWidth, height: 1), style: headerStyle)
                    frame.buffer.put(text, at: Point(x: rect.x, y: y), style: headerStyle, maxWidth: contentWidth)
                } else {
                    frame.buffer.put(text, at: Point(x: rect.x, y: y), style: Theme.sectionHeader.merged(over: context.base), maxWidth: contentWidth)
                }
            case .footer(let title):
                frame.buffer.put(
                    String(repeating: " ", count: margin + 1) + title, at: Point(x: rect.x, y: y),
                    style: Theme.sectionFooter.merged(over: context.base), maxWidth: contentWidth)
            case .gap:
                break
            case .row(let path, let cell, let line):
                let rowRect = Rect(x: rect.x + margin, y: y, width: max(0, contentWidth - 2 * margin), height: 1)
                // The focus shows whatever the cell's selection style, which is only its look
                // on a device.
                let isSelected = path == selected
                TableCellDrawing.drawKeeping(
                    cell, line: line, in: rowRect, into: &frame, selected: isSelected, focused: focused, context: context)
                frame.addHit(rowRect, self, part: .row(path))
                // A popover from a row points at the row that fired it: the highlighted one.
                if path == selected, line.isFirst, let cellID = cell.cellSpecID { frame.anchors[cellID] = rowRect }
                if cell.accessoryType == .detailDisclosureButton || cell.accessoryType == .detailButton {
                    frame.addHit(Rect(x: rowRect.maxX - 3, y: y, width: 3, height: 1), self, part: .accessory(path))
                }
                if focused, path == selected {
                    if line.isFirst {
                        frame.focusRect = rowRect
                        frame.focusedRowHasAccessory = cell.accessoryType == .detailDisclosureButton
                            || cell.accessoryType == .detailButton
                            || context.controller.hasSegues(ownedBy: cell.cellSpecID ?? "", accessory: true)
                    }
                }
            }
        }
        // The footer view follows the last row, a line apart, when the rows end on screen.
        let rowsEnd = rows.last.map { $0.path == lastIndexPath } ?? false
        if let footer = tableFooterView, !footer.isHidden, rowsEnd, lines.count + 2 <= rect.height {
            drawFooter(footer, row: rect.y + lines.count + 1, in: rect, into: &frame, context: context)
        } else if rowsEnd, showsPrototypesForCode, let messages = Self.emptyStateTexts(of: context.controller) {
            // Prototypes stand in for the rows code would give; the empty state the scene
            // holds for when there are none shows beneath them, where the device shows it
            // before any row arrives.
            let below = Rect(x: rect.x, y: rect.y + lines.count + 1, width: contentWidth, height: rect.height - lines.count - 1)
            if below.height >= Self.lines(of: messages, width: below.width) + 1 {
                drawMessages(messages, in: below, into: &frame)
            }
        }
        // Searched from the end, so rows win over the scroll area.
        frame.hits.insert(Hit(rect: rect, target: self), at: 0)
        if showsIndicator {
            let x = rect.maxX - 1
            frame.buffer.drawVerticalLine(from: Point(x: x, y: rect.y), length: rect.height, style: Theme.scrollIndicator)
            let position = TableLayout.ordinal(self, of: selected)
            let thumb = total <= 1 ? 0 : Int((Double(position) / Double(total - 1) * Double(rect.height - 1)).rounded())
            frame.buffer.set("█", at: Point(x: x, y: rect.y + min(max(thumb, 0), rect.height - 1)), style: Theme.scrollIndicator)
        }
    }

    /// The header view as a row above the rows, a line apart from them when there is room;
    /// returns the room left for the rows. A table too short for both keeps its rows.
    /// A header taking more than a line (a form above the list: fields beside their labels,
    /// then a button; a note that wraps) is drawn as a form, its rows a line apart where that fits in half the
    /// table, else one under another; a form taller still scrolls within that half.
    private func drawHeader(_ header: View, in rect: Rect, into frame: inout Frame, context: DrawContext) -> Rect {
        if let form = FormRenderer.wholeLines(of: header, width: rect.width), form.lines > 2 {
            let tight = form.lines - form.rows + 1
            let half = (rect.height + 1) / 2
            let height = form.lines <= half ? form.lines : min(tight, half)
            guard height >= 2 else { return rect }
            FormRenderer.draw(header, in: Rect(x: rect.x, y: rect.y, width: rect.width, height: height), into: &frame, context: context)
            return rect.inset(top: height)
        }
        guard rect.height >= 4, drawAccessoryView(header, row: rect.y, in: rect, into: &frame, context: context) else { return rect }
        return rect.inset(top: rect.height >= 8 ? 2 : 1)
    }

    /// The footer view from `row` down: a footer taking more than a line (rows of its own, a
    /// note that wraps) is drawn as a form where it all fits, else as one row of its views like any other.
    private func drawFooter(_ footer: View, row: Int, in rect: Rect, into frame: inout Frame, context: DrawContext) {
        if let form = FormRenderer.wholeLines(of: footer, width: rect.width), form.lines > 2, row + form.lines - 1 <= rect.maxY {
            FormRenderer.draw(footer, in: Rect(x: rect.x, y: row, width: rect.width, height: form.lines - 1), into: &frame, context: context)
        } else {
            drawAccessoryView(footer, row: row, in: rect, into: &frame, context: context)
        }
    }

    /// The lines a header or footer view adds to a table drawn whole: its form's, else one
    /// row and the blank line parting it from the rows.
    private static func accessoryLines(_ view: View, width: Int) -> Int {
        if let form = FormRenderer.wholeLines(of: view, width: width), form.lines > 2 { return form.lines }
        return FormLayout.items(view).isEmpty ? 0 : 2
    }

    /// Draws a header or footer view as one row of its views at `row`; false when it has
    /// nothing to draw.
    @discardableResult
    private func drawAccessoryView(_ view: View, row: Int, in rect: Rect, into frame: inout Frame, context: DrawContext) -> Bool {
        let items: [FormItem]
        if let item = FormItem(view), case .inline = item.placement { items = [item] } else { items = FormLayout.items(view) }
        guard !items.isEmpty, row < rect.maxY else { return false }
        var line = Rect(x: rect.x + 1, y: row, width: max(0, rect.width - 2), height: 1)
        // A lone button spanning the table (load more, archived chats) is centred, as UIKit centres its title.
        if items.count == 1, items[0].role == .button, case .inline(.fixed(let width)) = items[0].placement, width < line.width {
            line = Rect(x: line.x + (line.width - width) / 2, y: row, width: width, height: 1)
        }
        FormRenderer.drawRow(items, in: line, into: &frame, context: context)
        return true
    }

    /// The table's empty state: its message (an app's, else the empty state the scene holds
    /// for its code to show, else "No rows"; with a filter, that nothing matches it), centred
    /// a third of the way down.
    private func drawEmptyMessage(in rect: Rect, into frame: inout Frame, controller: ViewController) {
        let messages: [String]
        if !filterText.isEmpty {
            messages = ["No rows match “\(filterText)”"]
        } else if let emptyMessage {
            messages = [emptyMessage]
        } else {
            messages = Self.emptyStateTexts(of: controller) ?? ["No rows"]
        }
        drawMessages(messages, in: rect, into: &frame)
    }

    /// The lines `messages` take in a table `width` columns wide, a line apart.
    private static func lines(of messages: [String], width: Int) -> Int {
        messages.reduce(messages.count - 1) { $0 + Wrap.lines($1, width: max(1, width - 4)).count }
    }

    /// Draws `messages` centred, a third of the way down `rect`, a line apart.
    private func drawMessages(_ messages: [String], in rect: Rect, into frame: inout Frame) {
        let width = max(1, rect.width - 4)
        var y = rect.y + rect.height / 3
        for (index, message) in messages.enumerated() {
            // The state's title and its description a line apart, as the device spaces them.
            if index > 0 { y += 1 }
            for line in Wrap.lines(message, width: width) {
                guard y < rect.maxY else { return }
                let x = rect.x + max(0, (rect.width - DisplayWidth.of(line)) / 2)
                frame.buffer.put(line, at: Point(x: x, y: y), style: Theme.empty, maxWidth: rect.width)
                y += 1
            }
        }
    }

    /// The texts of the empty state `controller`'s scene holds for its code (a view beside
    /// the controller that an outlet named for it points at: `noContactsView`,
    /// `emptyStateView`, `noEntriesFoundView`), in reading order; nil when it holds none.
    static func emptyStateTexts(of controller: ViewController) -> [String]? {
        guard let spec = controller.spec, !spec.detachedViews.isEmpty else { return nil }
        for outlet in spec.outlets {
            let name = outlet.property.lowercased()
            guard name.hasSuffix("view"), name.hasPrefix("no") || name.contains("empty"),
                let view = spec.detachedViews.first(where: { $0.id == outlet.destinationID })
            else { continue }
            var texts: [(y: Double, text: String)] = []
            func collect(_ node: ViewSpec, top: Double) {
                for subview in node.subviews where !subview.isHidden {
                    let y = top + (subview.frameOrigin?.y ?? 0)
                    if let text = subview.kind.labelText, !text.isEmpty {
                        texts.append((y, Sanitizer.sanitizeLines(text).joined(separator: " ")))
                    }
                    collect(subview, top: y)
                }
            }
            collect(view, top: 0)
            guard !texts.isEmpty else { continue }
            return texts.sorted { $0.y < $1.y }.map(\.text)
        }
        return nil
    }

    /// The table's keys; on a row holding a control (a settings row's switch, stepper,
    /// slider or segmented control), the control's keys first, as in a form, and the
    /// table's keep only the keys it leaves. Enter is the row's when the row has a segue of
    /// its own (a tap on the row follows it, a tap on its switch flips the switch: Space
    /// then flips it), and the footer promises "open" only where something opens.
    func focusBindings(in frame: Frame) -> [KeyBinding] {
        guard firstIndexPath != nil else { return [] }
        let highlighted = frame.tables[ObjectIdentifier(self)]?.selectedCell
        let movement = highlighted.map(selectionOpens) ?? true ? TableKeys.movement : TableKeys.movementOpeningNothing
        var controlKeys = rowControl(in: frame)?.focusBindings(in: frame) ?? []
        if !controlKeys.isEmpty, let highlighted, rowHasOwnSegue(highlighted) {
            for index in controlKeys.indices { controlKeys[index].keys.removeAll { $0 == .enter } }
            controlKeys.removeAll { $0.keys.isEmpty }
        }
        // Most rows hold no control: the table's own keys, made once.
        if controlKeys.isEmpty {
            guard frame.focusedRowHasAccessory else { return movement }
            return movement + [KeyBinding([.right, .char("i")], "→/i", "info", .accessory)]
        }
        let taken = Set(controlKeys.flatMap(\.keys))
        var list = controlKeys
        for var binding in movement {
            binding.keys.removeAll { taken.contains($0) }
            if !binding.keys.isEmpty { list.append(binding) }
        }
        if frame.focusedRowHasAccessory, !taken.contains(.right) {
            list.append(KeyBinding([.right, .char("i")], "→/i", "info", .accessory))
        }
        return list
    }

    /// The control in the highlighted row that the keys work, when the row holds one and
    /// the frame drew it (asking for another row's cell would make one): the first enabled
    /// control of its content other than a field (typing goes there) or a button.
    func rowControl(in frame: Frame) -> ViewPresentation? {
        guard let path = selectedIndexPath, let cell = frame.tables[ObjectIdentifier(self)]?.selectedCell, cell.indexPath == path
        else { return nil }
        // Asked for on every frame and key: kept with the cell until something in it changes.
        let record = KeptCellDrawing.record(of: cell)
        let revision = cell.contentView.revision
        if let kept = record.control, kept.revision == revision { return kept.control }
        let control = Self.control(in: cell)
        record.control = (revision, control)
        return control
    }

    /// Whether the row of `cell` fires a segue of its own when it is selected.
    func rowHasOwnSegue(_ cell: TableViewCell) -> Bool {
        guard let id = cell.cellSpecID, let owner else { return false }
        return owner.hasSegues(ownedBy: id)
    }

    /// Whether selecting the row of `cell` can lead anywhere: a segue of its own, or the code
    /// of the scene's class, which may push. A row of a scene run without its code and with
    /// no segue does nothing when it is selected.
    func selectionOpens(_ cell: TableViewCell) -> Bool {
        owner?.runsRegisteredCode ?? false || rowHasOwnSegue(cell)
    }

    /// Selects the row at `path` as a tap does, and says so on the status line when nothing
    /// can come of it, as a missing action does.
    func select(_ path: IndexPath) {
        let opens = cellForRow(at: path).map { cell in
            defer { recycle(cell) }
            return selectionOpens(cell)
        } ?? true
        selectRow(at: path)
        if !opens { owner?.application?.warn("no code for this row's selection") }
    }

    /// The first field of `cell`'s content, depth first: where typing goes while its row is
    /// highlighted.
    static func field(in cell: TableViewCell) -> TextField? {
        func find(_ view: View) -> TextField? {
            if let field = view.presentation?.textInputField, field === view { return field }
            for subview in view.subviews {
                if let found = find(subview) { return found }
            }
            return nil
        }
        return find(cell.contentView)
    }

    /// The first enabled, shown control of `cell`'s content other than a field or a button.
    static func control(in cell: TableViewCell) -> ViewPresentation? {
        for view in cell.contentView.allViews where !view.isHidden {
            guard let control = view as? Control, control.isEnabled, let presentation = control.presentation,
                presentation.textInputField == nil, presentation.formRole != .button
            else { continue }
            return presentation
        }
        return nil
    }

    func perform(_ command: ShellCommand, input: inout InputContext) -> Bool {
        // A key of the highlighted row's control works the control.
        if let control = rowControl(in: input.frame), control.focusBindings(in: input.frame).contains(where: { $0.command == command }),
            control.perform(command, input: &input)
        {
            return true
        }
        switch command {
        case .pageUp, .pageDown:
            // A page the highlight cannot turn (a table as tall as its rows, in a form that
            // scrolls for it) goes on to the form.
            return move(command, page: max(1, input.viewportHeight(of: self) - 1), drawn: input.frame.tables[ObjectIdentifier(self)])
        case .moveUp, .moveDown, .top, .bottom:
            move(command, page: max(1, input.viewportHeight(of: self) - 1), drawn: input.frame.tables[ObjectIdentifier(self)])
        case .activate:
            guard let path = selectedIndexPath ?? firstIndexPath else { return true }
            if input.frame.activeTextField != nil, let next = indexPath(after: path) {
                // Enter in a row's field moves on to the next row, as Return does in a form.
                selectedIndexPath = next
                return true
            }
            select(path)
        case .accessory:
            if let path = selectedIndexPath { tapAccessory(at: path) }
        default:
            return false
        }
        return true
    }

    /// Moves the highlight as a movement command says, `page` rows for a page; false when it
    /// stays where it was. `drawn` is the table as the frame the user saw drew it: the rows
    /// on it are looked at through the cells it drew.
    @discardableResult
    func move(_ command: ShellCommand, page: Int, drawn: DrawnTable?) -> Bool {
        guard var path = selectedIndexPath ?? firstIndexPath else { return false }
        let start = path
        switch command {
        case .moveUp: path = shownRow(before: path, drawn: drawn) ?? path
        case .moveDown: path = shownRow(after: path, drawn: drawn) ?? path
        case .pageUp: for _ in 0..<page { path = indexPath(before: path) ?? path }
        case .pageDown: path = TableLayout.indexPath(self, from: path, forwardRows: page)
        case .top: path = firstIndexPath ?? path
        case .bottom: path = lastIndexPath ?? path
        default: break
        }
        // A page or an end that lands on a blank row goes on to the nearest row with something
        // on it, ahead first (a step of one row has passed over blank ones already).
        if command != .moveUp, command != .moveDown, path != start, isBlankRow(at: path, drawn: drawn) {
            let ahead = command == .pageUp || command == .top
            path = (ahead ? shownRow(before: path, drawn: drawn) ?? shownRow(after: path, drawn: drawn)
                : shownRow(after: path, drawn: drawn) ?? shownRow(before: path, drawn: drawn)) ?? path
        }
        selectedIndexPath = path
        return path != start
    }

    /// The nearest row after `path` that shows something, passing over blank ones.
    func shownRow(after path: IndexPath, drawn: DrawnTable?) -> IndexPath? {
        var next = indexPath(after: path)
        while let candidate = next, isBlankRow(at: candidate, drawn: drawn) { next = indexPath(after: candidate) }
        return next
    }

    /// The nearest row before `path` that shows something, passing over blank ones.
    func shownRow(before path: IndexPath, drawn: DrawnTable?) -> IndexPath? {
        var previous = indexPath(before: path)
        while let candidate = previous, isBlankRow(at: candidate, drawn: drawn) { previous = indexPath(before: candidate) }
        return previous
    }

    /// Whether the row at `path` shows nothing a person could read or use (see
    /// `isBlank(_:)`). A row `drawn` holds is looked at in the cell drawn for it, as it is
    /// now; any other row's cell is made, looked at and given back.
    func isBlankRow(at path: IndexPath, drawn: DrawnTable?) -> Bool {
        if let cell = drawn?.cell(at: path) { return isBlank(cell) }
        guard let cell = cellForRow(at: path) else { return false }
        defer { recycle(cell) }
        return isBlank(cell)
    }

    /// Whether `cell` shows nothing a person could read or use: no text, no accessory, no
    /// swatch, no segue, and a content view of empty views and image views the app's code
    /// fills (a QR code drawn at run time). The highlight passes over its row, as there is
    /// nothing on it to tap on the device either.
    func isBlank(_ cell: TableViewCell) -> Bool {
        guard cell.title.isEmpty, cell.detailTextLabel?.text.isEmpty ?? true, cell.accessoryType == .none,
            cell.swatch == nil, !rowHasOwnSegue(cell)
        else { return false }
        return cell.contentView.subviews.allSatisfy(Self.drawsNothing)
    }

    /// Whether `view` draws nothing in a row: hidden, or not drawn itself (a plain view, an
    /// image view without an image or a label) with no colour and views that draw nothing.
    static func drawsNothing(_ view: View) -> Bool {
        if view.isHidden { return true }
        guard view.formPlacement == .transparent, (view.backgroundColor?.alpha ?? 0) == 0 else { return false }
        return view.subviews.allSatisfy(drawsNothing)
    }
}

/// The keys that move through a table's rows or a grid's items.
enum TableKeys {
    static let movement: [KeyBinding] = [
        KeyBinding([.up, .char("k")], "↑", "up", .moveUp, pairedInFooterAs: ("↑↓", "move")),
        KeyBinding([.down, .char("j")], "↓", "down", .moveDown, pairedInFooterAs: ("↑↓", "move")),
        KeyBinding([.pageUp], "PgUp", "page up", .pageUp, footer: false),
        KeyBinding([.pageDown, .char(" ")], "PgDn", "page down", .pageDown, footer: false),
        KeyBinding([.home], "Home", "first row", .top, footer: false),
        KeyBinding([.end], "End", "last row", .bottom, footer: false),
        KeyBinding([.enter], "Enter", "open", .activate),
    ]

    /// The same keys for a row whose selection leads nowhere: Enter is kept (it says so on
    /// the status line) and left out of the footer.
    static let movementOpeningNothing: [KeyBinding] = movement.map { binding in
        binding.command == .activate ? KeyBinding([.enter], "Enter", "select", .activate, footer: false) : binding
    }
}

extension TableView {
    /// A click on a row gives the table the focus and selects the row, as a tap does; one on
    /// a row's detail button taps the button.
    func click(_ part: HitPart, input: inout InputContext) {
        switch part {
        case .row(let path):
            input.focus(self)
            select(path)
        case .accessory(let path):
            input.focus(self)
            tapAccessory(at: path)
        default:
            break
        }
    }

    /// The wheel moves the highlight a row a line, without taking the focus.
    func wheel(_ lines: Int, over part: HitPart, input: inout InputContext) {
        guard var path = selectedIndexPath ?? firstIndexPath else { return }
        for _ in 0..<abs(lines) { path = (lines < 0 ? indexPath(before: path) : indexPath(after: path)) ?? path }
        selectedIndexPath = path
    }
}

extension TableView {
    /// The highlighted row can be copied.
    var canCopy: Bool { selectedIndexPath != nil }
    /// The highlighted row's text and detail, as a person would copy them: `Kenya AA — 203 °F`.
    var copiedText: String? { selectedIndexPath.flatMap(rowText) }

    /// A row's text and detail, joined by a dash.
    func rowText(at path: IndexPath) -> String? {
        guard let cell = cellForRow(at: path) else { return nil }
        let parts = [cell.title, cell.detailTextLabel?.text ?? ""].filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " — ")
    }
}

extension TableView {
    var isActionable: Bool { true }
    var sceneShare: SceneShare { .rows(totalRowCount, name: "list") }

    /// The highlighted row: its label (the cell's accessibility label, else its texts),
    /// `row N of M`, `selected` for a checkmark, and its hint; a row holding a field or a
    /// switch (a settings form's) is spoken as that control.
    func spoken(in frame: Frame) -> SpokenElement {
        var element = SpokenElement(self)
        let total = totalRowCount
        guard total > 0, let path = selectedIndexPath else {
            element.role = "list, no rows"
            return element
        }
        let position = "row \(TableLayout.ordinal(self, of: path) + 1) of \(total)"
        element.role = position
        // Only a row the frame drew is asked for its cell: asking for another would make one.
        guard frame.tables[ObjectIdentifier(self)]?.shownRows?.contains(path) == true, let cell = cellForRow(at: path) else {
            return element
        }
        var value: String?
        if let field = Self.field(in: cell), !field.isHidden {
            element.role = "text field, " + position
            value = field.text.isEmpty ? (SpokenText.nonEmpty(field.placeholder) ?? "empty")
                : (field.isSecureTextEntry ? Announcement.count(field.text.count, "character", "characters") : field.text)
        } else if let control = Self.control(in: cell) {
            // A row holding a control is spoken as that control, with its value.
            let spoken = control.spoken(in: frame)
            element.role = spoken.role + ", " + position
            value = [spoken.value, spoken.position].compactMap { $0 }.joined(separator: ", ")
            if value?.isEmpty == true { value = nil }
        }
        if element.role == position, cell.accessibility.traits.contains(.button) { element.role = "button, " + position }
        if cell.accessoryType == .checkmark || cell.accessibility.traits.contains(.selected) {
            value = value.map { $0 + ", selected" } ?? "selected"
        }
        element.value = value
        element.label = cell.accessibility.spokenLabel ?? Self.spokenText(of: cell) ?? element.label
        element.hint = cell.accessibility.spokenHint ?? element.hint
        return element
    }

    /// What a cell shows in words: its text and detail, or a custom cell's labels (a field's
    /// or a switch's own label first among them).
    static func spokenText(of cell: TableViewCell) -> String? {
        var parts: [String] = []
        if cell.style == .custom {
            for view in cell.contentView.allViews where !view.isHidden {
                if let presentation = view.presentation, presentation.formRole == .caption, let caption = presentation.formText,
                    let text = view.accessibility.spokenLabel ?? SpokenText.nonEmpty(caption)
                {
                    parts.append(text)
                }
            }
        } else {
            parts = [cell.textLabel?.text, cell.detailTextLabel?.text].compactMap(SpokenText.nonEmpty)
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
