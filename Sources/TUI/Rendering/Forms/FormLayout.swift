import Flow

/// A view laid out in a form, with its presentation and placement looked up once for the
/// layout (a protocol lookup and a label's measure are the costly part of laying out a row).
struct FormItem {
    let presentation: ViewPresentation
    let placement: FormPlacement
    let role: FormRole

    init?(_ view: View) {
        guard let presentation = view.presentation else { return nil }
        self.presentation = presentation
        placement = presentation.placement
        role = presentation.formRole
    }

    /// A vertical stack inside a row, as one column of the rows it holds, as wide as the
    /// widest of them; nil for anything else, or when it holds fewer than two rows (its views
    /// then join the row).
    init?(column stack: FormItem) {
        guard stack.role == .stack(.vertical) else { return nil }
        let rows = FormLayout.rows(stack.view)
        guard rows.count > 1 else { return nil }
        presentation = stack.presentation
        placement = .inline(.label(text: rows.map { FormLayout.naturalWidth(of: $0.items) }.max() ?? 0))
        role = stack.role
    }

    /// The view itself.
    var view: View { presentation }

    /// The text of a caption; nil for any other item.
    var captionText: String? { role == .caption ? presentation.formText : nil }

    /// The rows of a column (see `init(column:)`); nil for any other item.
    var columnRows: [FormRow]? {
        guard role == .stack(.vertical), placement.isInline else { return nil }
        return FormLayout.rows(view)
    }

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

    /// The lines the row takes: one, or as many as its tallest label or column has lines.
    var height: Int {
        var height = 1
        for item in items {
            if let text = item.captionText, Label.hasLineBreak(text) { height = max(height, Label.lines(of: text).count) }
            if let rows = item.columnRows { height = max(height, rows.reduce(0) { $0 + $1.height }) }
        }
        return height
    }
}

extension FormPlacement {
    /// Whether the view is drawn on one line beside its neighbours.
    var isInline: Bool {
        if case .inline = self { return true }
        return false
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
        weak var lastParent: View?
        // The band the last row's views cover down the page, in the form's coordinates: a
        // view whose middle falls in it, and in whose span its middle falls, sits beside them
        // (a button a little taller than the label it follows), whichever plain views hold
        // the two; a background spanning the screen is beside nothing.
        var band: (top: Double, bottom: Double)?
        var stack: ObjectIdentifier?
        func place(_ item: FormItem) {
            let y = item.view.spec?.frameOrigin?.y
            let absolute = CellLines.origin(of: item.view, in: view)?.y
            let height = item.view.spec?.frameSize?.height ?? 0
            let middle = absolute.map { $0 + height / 2 }
            let beside: Bool
            // Frames' origins compare only between siblings: each is in its superview's
            // coordinates (across superviews, the band below decides).
            if let y, let previous = lastY, lastParent === item.view.superview, abs(y - previous) < 12 {
                beside = true
            } else if let middle, let absolute, let band, height > 0, middle > band.top, middle < band.bottom,
                (band.top + band.bottom) / 2 > absolute, (band.top + band.bottom) / 2 < absolute + height
            {
                beside = true
            } else {
                beside = false
            }
            if beside, !rows.isEmpty, !item.isBlock, !rows[rows.count - 1].items.contains(where: \.isBlock) {
                rows[rows.count - 1].items.append(item)
            } else {
                rows.append(FormRow(items: [item], stack: stack))
                band = nil
            }
            if y != nil { lastParent = item.view.superview }
            lastY = y ?? lastY
            if let absolute, height > 0 {
                band = band.map { (min($0.top, absolute), max($0.bottom, absolute + height)) } ?? (absolute, absolute + height)
            }
        }
        func walk(_ node: View) {
            for subview in inReadingOrder(node.subviews) where !subview.isHidden {
                let item = FormItem(subview)
                if isLeftOut(subview, role: item?.role, among: node.subviews) { continue }
                switch item?.placement ?? .transparent {
                case .row:
                    rows.append(FormRow(items: items(subview, columns: true), stack: stack))
                    // A sibling level with the row (a Done beside a title and its icon) joins it.
                    lastY = subview.spec?.frameOrigin?.y
                    lastParent = node
                    band = nil
                case .inline, .block:
                    if let item { place(item) }
                case .skipped:
                    continue
                case .transparent:
                    let outer = stack
                    if item?.role == .stack(.vertical) { stack = ObjectIdentifier(subview) }
                    walk(subview)
                    stack = outer
                }
            }
        }
        walk(view)
        for index in rows.indices where rows[index].items.count > 1 {
            rows[index].items = withoutCaptionsOfButtons(rows[index].items)
        }
        for index in rows.indices {
            rows[index].items.sort { ($0.view.spec?.frameOrigin?.x ?? 0) < ($1.view.spec?.frameOrigin?.x ?? 0) }
            if index > 0, let stack = rows[index].stack, rows[index - 1].stack == stack,
                rows[index].items.allSatisfy({ $0.role == .caption }), rows[index - 1].items.allSatisfy({ $0.role == .caption })
            {
                rows[index].isTight = true
            }
        }
        return rows
    }

    /// Whether a row is a lone button spanning most of its superview: UIKit centres such a
    /// button's title, so the terminal centres the button.
    /// A lone button drawn in the middle of its superview (a Sign In under a form) is
    /// centred too.
    static func isCentred(_ row: FormRow) -> Bool {
        guard row.items.count == 1, row.items[0].role == .button, case let button = row.items[0].view,
            let width = button.spec?.frameSize?.width,
            let available = button.superview?.spec?.frameSize?.width, available > 0
        else { return false }
        if width >= available / 2 { return true }
        guard let x = button.spec?.frameOrigin?.x, x > available * 0.1 else { return false }
        return abs(x + width / 2 - available / 2) <= available * 0.05
    }

    /// Whether `view` is pinned to its superview's trailing edge in the file: it starts past
    /// the middle and ends at the margin (a time in a chat row, a value beside its key, a
    /// Save across from Cancel). The terminal keeps it at the right edge as it widens.
    static func isTrailing(_ view: View) -> Bool {
        guard let frame = view.spec?.frameOrigin, let size = view.spec?.frameSize,
            let available = view.superview?.spec?.frameSize?.width, available > 0
        else { return false }
        return frame.x >= available / 2 && frame.x + size.width >= available - 24
    }

    /// Points of a label's height in the file per line of its text.
    static let pointsPerTextLine = 16.0

    /// The lines a row takes: one, or for a lone label too long for `width` the lines its
    /// words wrap to, as many as its frame's height held on the device (a label of
    /// several lines; a one-line label is cut as UIKit cuts it), or all of them for a label
    /// of `numberOfLines` 0, which grows with its text on the device.
    static func lines(of row: FormRow, width: Int) -> Int {
        guard row.items.count == 1, let text = row.items[0].captionText, width > 0,
            case .inline(.label(let columns)) = row.items[0].placement, columns > width
        else { return 1 }
        let label = row.items[0].view
        if label.spec?.numberOfLines == 0 { return Wrap.lines(text, width: width).count }
        let most = max(1, Int((label.spec?.frameSize?.height ?? 21) / pointsPerTextLine))
        guard most > 1 else { return 1 }
        return min(most, Wrap.lines(text, width: width).count)
    }

    /// `siblings` in the order a form reads them: the file's, except that views laid in the
    /// same frame (a loading overlay and the table it covers until code hides one) read in
    /// the order of where their contents start, so a table's rows come before a message
    /// in the middle of the same area.
    static func inReadingOrder(_ siblings: [View]) -> [View] {
        guard siblings.count > 1 else { return siblings }
        var ordered = siblings
        var index = 1
        while index < ordered.count {
            let view = ordered[index]
            if let place = view.spec?.frameOrigin, let size = view.spec?.frameSize,
                let earlier = ordered[..<index].firstIndex(where: { other in
                    guard let otherPlace = other.spec?.frameOrigin, let otherSize = other.spec?.frameSize,
                        abs(otherPlace.y - place.y) < 0.5, abs(otherPlace.x - place.x) < 0.5,
                        abs(otherSize.width - size.width) < 0.5, abs(otherSize.height - size.height) < 0.5
                    else { return false }
                    return contentTop(of: view) < contentTop(of: other)
                })
            {
                ordered.remove(at: index)
                ordered.insert(view, at: earlier)
            }
            index += 1
        }
        return ordered
    }

    /// Where `view`'s first content sits below its top: 0 for a view drawn whole (a table,
    /// a label), else the highest of the views inside it.
    private static func contentTop(of view: View) -> Double {
        if let item = FormItem(view), item.placement != .transparent { return 0 }
        var top = Double.infinity
        for subview in view.subviews where !subview.isHidden {
            guard let y = subview.spec?.frameOrigin?.y else { continue }
            top = min(top, y + contentTop(of: subview))
        }
        return top.isFinite ? top : 0
    }

    /// The leaf views of a row (a cell's content or a horizontal stack), left to right. With
    /// `columns`, a vertical stack of several rows inside it is one item, a column drawn
    /// line under line (a count over its caption, an icon beside a title over a subtitle).
    static func items(_ view: View, columns: Bool = false) -> [FormItem] {
        var items: [FormItem] = []
        items.reserveCapacity(view.subviews.count)
        func walk(_ node: View) {
            for subview in node.subviews where !subview.isHidden {
                let item = FormItem(subview)
                if isLeftOut(subview, role: item?.role, among: node.subviews) { continue }
                if columns, let item, let column = FormItem(column: item) {
                    items.append(column)
                } else if let item, item.role == .scrollingText || item.placement.isInline {
                    items.append(item)
                } else {
                    walk(subview)
                }
            }
        }
        walk(view)
        items = withoutCaptionsOfButtons(items)
        // The file's order is usually already left to right: sort only when it is not.
        let x = { (item: FormItem) in item.view.spec?.frameOrigin?.x ?? 0 }
        if zip(items, items.dropFirst()).contains(where: { x($0) > x($1) }) { items.sort { x($0) < x($1) } }
        return items
    }

    /// Whether `view` is a label hidden from VoiceOver, or an image with no accessibility
    /// label, under a sibling button that covers it (a tile's caption or artwork, whose
    /// button carries the name as its accessibility label): the button says it, so the row
    /// shows the button alone.
    static func isCaptionUnderButton(_ view: View, role: FormRole?, among siblings: [View]) -> Bool {
        guard isCovered(view, role: role) else { return false }
        return siblings.contains { sibling in
            guard !sibling.isHidden, sibling.presentation?.formRole == .button else { return false }
            return isMiddle(of: view, under: sibling)
        }
    }

    /// The text of the caption `button` covers, if it has one with text (see `Button.caption`).
    static func caption(under button: View) -> String? {
        guard let siblings = button.superview?.subviews, siblings.count > 1 else { return nil }
        for sibling in siblings where !sibling.isHidden {
            guard let presentation = sibling.presentation, presentation.formRole == .caption, let text = presentation.formText,
                !text.isEmpty, isCovered(sibling, role: .caption), isMiddle(of: sibling, under: button)
            else { continue }
            return text
        }
        return nil
    }

    /// Whether `view`, of `role`, is what a button over it names: a label hidden from
    /// VoiceOver, or an image with no accessibility label.
    static func isCovered(_ view: View, role: FormRole?) -> Bool {
        switch role {
        case .caption?: view.accessibility.isElement == false
        case .picture?: view.accessibility.label == nil
        default: false
        }
    }

    /// Whether `button` (a sibling) covers the middle of `view`.
    static func isMiddle(of view: View, under button: View) -> Bool {
        guard let origin = view.spec?.frameOrigin, let size = view.spec?.frameSize,
            let at = button.spec?.frameOrigin, let extent = button.spec?.frameSize
        else { return false }
        let middle = (x: origin.x + size.width / 2, y: origin.y + size.height / 2)
        return middle.x > at.x && middle.x < at.x + extent.width && middle.y > at.y && middle.y < at.y + extent.height
    }

    /// Whether `view` is an image laid behind its siblings as a backdrop: the first of them,
    /// filling its superview, with no accessibility label (a scene's background picture). The
    /// device shows it behind the content; a terminal, which cannot draw it, leaves it out
    /// rather than naming the asset above the scene.
    static func isBackdrop(_ view: View, role: FormRole?, among siblings: [View]) -> Bool {
        guard role == .picture, siblings.count > 1, siblings.first === view, view.accessibility.label == nil,
            let origin = view.spec?.frameOrigin, let size = view.spec?.frameSize, let room = view.superview?.spec?.frameSize,
            room.width > 0, room.height > 0
        else { return false }
        return origin.x <= room.width * 0.05 && origin.y <= room.height * 0.05 && size.width >= room.width * 0.9
            && size.height >= room.height * 0.9
    }

    /// Whether a walk over a form's views leaves `view` out: a caption or artwork its button
    /// names, or a backdrop.
    static func isLeftOut(_ view: View, role: FormRole?, among siblings: [View]) -> Bool {
        guard role == .caption || role == .picture, siblings.count > 1 else { return false }
        return isCaptionUnderButton(view, role: role, among: siblings) || isBackdrop(view, role: role, among: siblings)
    }

    /// `items` without the captions hidden from VoiceOver that say what a button among them
    /// says (a tile's "My Location" under its button): the button shows it once.
    static func withoutCaptionsOfButtons(_ items: [FormItem]) -> [FormItem] {
        guard items.contains(where: { $0.role == .button }) else { return items }
        let names = Set(items.compactMap { $0.role == .button ? $0.view.accessibility.label.map(words) : nil })
        return items.filter { item in
            guard item.role == .caption, let text = item.presentation.formText, item.view.accessibility.isElement == false
            else { return true }
            return !names.contains(words(text))
        }
    }

    /// `text`'s words, one space apart.
    private static func words(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
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

    /// The columns `items` take side by side when nothing is cut: labels their text, fixed
    /// views their columns, a box its most, a shared control twelve.
    static func naturalWidth(of items: [FormItem]) -> Int {
        var total = max(0, items.count - 1)
        for item in items {
            guard case .inline(let request) = item.placement else { continue }
            switch request {
            case .label(let text): total += text
            case .fixed(let columns): total += columns
            case .box(let most): total += most
            case .shared: total += 12
            }
        }
        return total
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
