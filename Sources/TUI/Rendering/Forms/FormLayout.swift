import Flow

/// A view laid out in a form, with its presentation and placement looked up once for the
/// layout (a protocol lookup and a label's measure are the costly part of laying out a row).
struct FormItem {
    let presentation: ViewPresentation
    let placement: FormPlacement

    init?(_ view: View) {
        guard let presentation = view.presentation else { return nil }
        self.presentation = presentation
        placement = presentation.placement
    }

    /// The view itself.
    var view: View { presentation }

    /// Whether the item is a block (a table, a grid, a container view).
    var isBlock: Bool { placement == .block }

    /// Whether the item fills its share of a row (a field, a slider).
    var stretches: Bool { placement == .inline(.shared(stretches: true)) }
}

/// One row of a form: the views side by side, and how it follows the row above.
struct FormRow {
    /// The items, left to right.
    var items: [FormItem]
    /// The vertical stack view the row was laid out from, if any.
    var stack: ObjectIdentifier?
    /// Whether the row follows the one above with no blank line: lines of text in one
    /// vertical stack (a picture drawn with labels) read as one block.
    var isTight = false

    /// The lines the row takes: one, or as many as its tallest label has lines.
    var height: Int {
        var height = 1
        for item in items {
            if let label = item.view as? Label, Label.hasLineBreak(label.text) { height = max(height, label.lines.count) }
        }
        return height
    }
}

/// How a form's views are arranged in rows: the storyboard's frames give the reading order,
/// never sizes.
enum FormLayout {
    /// The views of a form, flattened into rows top to bottom: plain views and vertical
    /// stacks open up, a horizontal stack is one row, and siblings drawn at the same height
    /// in the storyboard share a row (a label beside its slider).
    static func rows(_ view: View) -> [FormRow] {
        var rows: [FormRow] = []
        var lastY: Double?
        var stack: ObjectIdentifier?
        func place(_ item: FormItem) {
            let y = item.view.spec?.frameOrigin?.y
            if let y, let previous = lastY, abs(y - previous) < 12, !rows.isEmpty, !item.isBlock,
                !rows[rows.count - 1].items.contains(where: \.isBlock)
            {
                rows[rows.count - 1].items.append(item)
            } else {
                rows.append(FormRow(items: [item], stack: stack))
            }
            lastY = y ?? lastY
        }
        func walk(_ node: View) {
            for subview in node.subviews where !subview.isHidden {
                let item = FormItem(subview)
                switch item?.placement ?? .transparent {
                case .row:
                    rows.append(FormRow(items: items(subview), stack: stack))
                    lastY = nil
                case .inline, .block:
                    if let item { place(item) }
                case .skipped:
                    continue
                case .transparent:
                    let outer = stack
                    if let vertical = subview as? StackView, vertical.axis == .vertical { stack = ObjectIdentifier(vertical) }
                    walk(subview)
                    stack = outer
                }
            }
        }
        walk(view)
        for index in rows.indices {
            rows[index].items.sort { ($0.view.spec?.frameOrigin?.x ?? 0) < ($1.view.spec?.frameOrigin?.x ?? 0) }
            if index > 0, let stack = rows[index].stack, rows[index - 1].stack == stack,
                rows[index].items.allSatisfy({ $0.view is Label }), rows[index - 1].items.allSatisfy({ $0.view is Label })
            {
                rows[index].isTight = true
            }
        }
        return rows
    }

    /// Whether a row is a lone button spanning most of its superview: UIKit centres such a
    /// button's title, so the terminal centres the button.
    static func isCentred(_ row: FormRow) -> Bool {
        guard row.items.count == 1, let button = row.items[0].view as? Button,
            let width = button.spec?.frameSize?.width,
            let available = button.superview?.spec?.frameSize?.width, available > 0
        else { return false }
        return width >= available / 2
    }

    /// The leaf views of a row (a cell's content or a horizontal stack), left to right.
    static func items(_ view: View) -> [FormItem] {
        var items: [FormItem] = []
        items.reserveCapacity(view.subviews.count)
        func walk(_ node: View) {
            for subview in node.subviews where !subview.isHidden {
                if let item = FormItem(subview), case .inline = item.placement {
                    items.append(item)
                } else {
                    walk(subview)
                }
            }
        }
        walk(view)
        // The file's order is usually already left to right: sort only when it is not.
        let x = { (item: FormItem) in item.view.spec?.frameOrigin?.x ?? 0 }
        if zip(items, items.dropFirst()).contains(where: { x($0) > x($1) }) { items.sort { x($0) < x($1) } }
        return items
    }

    /// The column labels beside controls share, so the controls line up: the widest such
    /// label, at most a third of the width.
    static func labelColumn(_ rows: [FormRow], width: Int) -> Int? {
        rows.map(\.items).filter { $0.count > 1 && $0.contains(where: \.stretches) }
            .compactMap { row -> Int? in
                guard case .inline(.label(let text)) = row[0].placement else { return nil }
                return text + 2
            }.max()
            .map { min($0, width / 3) }
    }

    /// The widths of a row's items in `width` columns. Labels next to controls take what
    /// their text needs (or the shared label column); fixed items take theirs; the others
    /// share the rest. A row of labels only shares by need; in a table's cell (`byFrames`)
    /// it shares as the storyboard's frames do, so that every row of one prototype draws
    /// its columns at the same places whatever its text.
    static func widths(of items: [FormItem], in width: Int, labelColumn: Int?, byFrames: Bool = false) -> [Int] {
        let hasStretching = items.contains(where: \.stretches)
        var widths = items.map { item -> Int in
            guard case .inline(let request) = item.placement else { return 0 }
            switch request {
            case .label(let text):
                guard hasStretching else { return 0 }
                return labelColumn ?? min(text + 2, width / 3)
            case .fixed(let columns): return columns
            case .box(let most): return min(most, width / 2)
            case .shared: return 0
            }
        }
        let fixed = widths.reduce(0, +)
        let shared = widths.indices.filter { widths[$0] == 0 }
        if !shared.isEmpty {
            let room = width - fixed - (items.count - 1)
            let each = max(1, room / shared.count)
            for index in shared { widths[index] = each }
            if byFrames, let shares = frameShares(of: shared.map { items[$0] }, room: room) {
                for (index, share) in zip(shared, shares) { widths[index] = share }
                return widths
            }
            // Equal shares cut a label short while a neighbour has room to spare: share by
            // need instead, the way a person would lay the row out.
            let needs = shared.map { index -> Int? in
                if case .inline(.label(let text)) = items[index].placement { return text }
                return nil
            }
            if needs.contains(where: { ($0 ?? 0) > each }) {
                for (index, share) in zip(shared, fairShares(needs: needs, room: room)) { widths[index] = share }
            }
        }
        return widths
    }

    /// `room` columns shared in proportion to the items' frame widths in the storyboard;
    /// nil when an item has no frame to go by.
    static func frameShares(of items: [FormItem], room: Int) -> [Int]? {
        let frames = items.compactMap { item in item.view.spec?.frameSize?.width }.filter { $0 > 0 }
        guard frames.count == items.count, room > 0 else { return nil }
        let total = frames.reduce(0, +)
        var shares = frames.map { max(1, Int(Double(room) * $0 / total)) }
        // Columns lost to rounding go to the first item (the row's title).
        shares[0] += max(0, room - shares.reduce(0, +))
        return shares
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
}
