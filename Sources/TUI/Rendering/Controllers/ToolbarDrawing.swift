import Flow

/// A toolbar: bar button items in a row, named with their keys as a navigation bar names
/// them, spread as UIKit spreads them (flexible spaces share the room left, a fixed space
/// keeps a little). A controller's toolbar sits along the bottom of its screen under a rule;
/// a toolbar placed among the subviews is drawn where it lies.
enum ToolbarDrawing {
    /// The columns between two items, and of a fixed space.
    static let gap = 2

    /// Draws `controller`'s toolbar along the bottom of `rect` when it shows one; returns the
    /// room left above it. A screen too short for content and a toolbar keeps the content
    /// (the toolbar's keys still work).
    static func draw(for controller: ViewController, in rect: Rect, into frame: inout Frame, context: DrawContext) -> Rect {
        guard controller.isToolbarShown, rect.height >= 5 else { return rect }
        let row = Rect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 1)
        frame.buffer.drawHorizontalLine(from: Point(x: rect.x, y: row.y - 1), length: rect.width, style: Theme.barSeparator)
        drawItems(controller.toolbarItems, in: row.inset(left: 1, right: 1), into: &frame, context: context)
        return rect.inset(bottom: 2)
    }

    /// Draws `items` across `row`, each clickable and each a popover's possible anchor; items
    /// that do not fit are left out from the right.
    static func drawItems(_ items: [BarButtonItem], in row: Rect, into frame: inout Frame, context: DrawContext) {
        guard row.width > 0, row.height > 0 else { return }
        let keys = context.isTop ? context.keys : KeyContext()
        // An item showing a control in its place takes the control's width.
        let custom = items.map(\.customViewWidth)
        let labels = zip(items, custom).map { item, width in
            item.isSpace || width != nil ? "" : NavigationBarDrawing.label(item, keys: keys, spoken: context.screenReader)
        }
        let widths = items.indices.map { index in
            items[index].systemItem == .fixedSpace ? gap : custom[index] ?? DisplayWidth.of(labels[index])
        }
        let flexible = items.filter { $0.systemItem == .flexibleSpace }.count
        let used = widths.reduce(0, +) + gap * max(0, items.filter { !$0.isSpace }.count - 1)
        let spare = max(0, row.width - used)
        var x = row.x
        var flexibleSeen = 0
        var previousWasItem = false
        for (index, (item, label)) in zip(items, labels).enumerated() {
            switch item.systemItem {
            case .flexibleSpace?:
                // Spread what is spare over the flexible spaces, the remainder to the last.
                flexibleSeen += 1
                x += spare / flexible + (flexibleSeen == flexible ? spare % flexible : 0)
                continue
            case .fixedSpace?:
                x += gap
                continue
            default:
                break
            }
            if previousWasItem { x += gap }
            let width = widths[index]
            guard x + width <= row.maxX else { break }
            if custom[index] != nil {
                item.drawCustomView(in: Rect(x: x, y: row.y, width: width, height: 1), into: &frame, context: context)
                x += width
                previousWasItem = true
                continue
            }
            frame.buffer.put(label, at: Point(x: x, y: row.y), style: item.isEnabled ? Theme.barButton : Theme.disabled)
            let slot = Rect(x: x, y: row.y, width: width, height: 1)
            frame.addHit(slot, item)
            frame.anchors[item.id] = slot
            x += width
            previousWasItem = true
        }
    }
}
