import Flow

/// How a form's views are arranged in rows: the storyboard's frames give the reading order,
/// never sizes.
enum FormLayout {
    /// The views of a form, flattened into rows top to bottom: plain views and vertical
    /// stacks open up, a horizontal stack is one row, and siblings drawn at the same height
    /// in the storyboard share a row (a label beside its slider).
    static func rows(_ view: View) -> [[View]] {
        var rows: [[View]] = []
        var lastY: Double?
        func place(_ item: View) {
            let y = item.spec?.frameOrigin?.y
            if let y, let previous = lastY, abs(y - previous) < 12, !rows.isEmpty, !item.isFormBlock,
                !rows[rows.count - 1].contains(where: \.isFormBlock)
            {
                rows[rows.count - 1].append(item)
            } else {
                rows.append([item])
            }
            lastY = y ?? lastY
        }
        func walk(_ node: View) {
            for subview in node.subviews where !subview.isHidden {
                switch subview.formPlacement {
                case .row:
                    rows.append(items(subview))
                    lastY = nil
                case .inline, .block:
                    place(subview)
                case .skipped:
                    continue
                case .transparent:
                    walk(subview)
                }
            }
        }
        walk(view)
        return rows.map { row in row.sorted { ($0.spec?.frameOrigin?.x ?? 0) < ($1.spec?.frameOrigin?.x ?? 0) } }
    }

    /// The leaf views of a row (a cell's content or a horizontal stack), left to right.
    static func items(_ view: View) -> [View] {
        var items: [View] = []
        func walk(_ node: View) {
            for subview in node.subviews where !subview.isHidden {
                if case .inline = subview.formPlacement {
                    items.append(subview)
                } else {
                    walk(subview)
                }
            }
        }
        walk(view)
        return items.sorted { ($0.spec?.frameOrigin?.x ?? 0) < ($1.spec?.frameOrigin?.x ?? 0) }
    }

    /// The column labels beside controls share, so the controls line up: the widest such
    /// label, at most a third of the width.
    static func labelColumn(_ rows: [[View]], width: Int) -> Int? {
        rows.filter { $0.count > 1 && $0.contains(where: \.stretchesInRow) }
            .compactMap { ($0.first as? Label).map { DisplayWidth.of($0.text) + 2 } }.max()
            .map { min($0, width / 3) }
    }

    /// The widths of a row's items in `width` columns. Labels next to controls take what
    /// their text needs (or the shared label column); fixed items take theirs; the others
    /// share the rest. A row of labels only shares by need.
    static func widths(of items: [View], in width: Int, labelColumn: Int?) -> [Int] {
        let hasStretching = items.contains(where: \.stretchesInRow)
        var widths = items.map { item -> Int in
            guard case .inline(let request) = item.formPlacement else { return 0 }
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
            // Equal shares cut a label short while a neighbour has room to spare: share by
            // need instead, the way a person would lay the row out.
            let needs = shared.map { index -> Int? in
                if case .inline(.label(let text)) = items[index].formPlacement { return text }
                return nil
            }
            if needs.contains(where: { ($0 ?? 0) > each }) {
                for (index, share) in zip(shared, fairShares(needs: needs, room: room)) { widths[index] = share }
            }
        }
        return widths
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
