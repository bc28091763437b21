import Flow

/// A split view controller: its columns side by side on a wide screen, the focused one drawn
/// as the screen on top and the others beside it (a click in one focuses it); one stack on a
/// narrow screen.
extension SplitViewController: ContainerPresentation {
    func drawContainer(in rect: Rect, into frame: inout Frame, context: DrawContext) {
        let columns = visibleColumns.compactMap { column in controller(showing: column).map { (column, $0) } }
        guard columns.count > 1 else {
            if let only = columns.first?.1 { ControllerRenderer.draw(only, in: rect, into: &frame, context: context) }
            return
        }
        let focused = contentChild
        let widths = Self.columnWidths(count: columns.count, in: rect.width)
        var x = rect.x
        for (index, (column, controller)) in columns.enumerated() {
            let columnRect = Rect(x: x, y: rect.y, width: widths[index], height: rect.height)
            if controller === focused {
                Self.drawColumn(controller, in: columnRect, into: &frame, context: context)
            } else {
                if context.isTop { frame.addHit(columnRect, self, part: .index(Column.allCases.firstIndex(of: column) ?? 0)) }
                Self.drawColumn(controller, in: columnRect, into: &frame, context: context.below(controller))
            }
            x = columnRect.maxX
            if index < columns.count - 1 {
                frame.buffer.fill(Rect(x: x, y: rect.y, width: 1, height: rect.height), with: "│", style: Theme.barSeparator)
                x += 1
            }
        }
    }

    /// Draws a column: a container whole; any other controller under a bar of its own, as
    /// UIKit puts each column of a split view in a navigation controller, so the columns'
    /// content lines up under their titles.
    private static func drawColumn(_ controller: ViewController, in rect: Rect, into frame: inout Frame, context: DrawContext) {
        guard controller.containerPresentation == nil else {
            ControllerRenderer.draw(controller, in: rect, into: &frame, context: context)
            return
        }
        let columnContext = context.with(controller: controller)
        let content = NavigationBarDrawing.draw(for: controller, navigation: nil, in: rect, into: &frame, context: columnContext)
        ContentScreen.drawContent(controller, in: content, into: &frame, context: columnContext)
    }

    /// The widths of `count` columns sharing `width` columns with a separator between each:
    /// the leading columns take about a third (a quarter each of three), within bounds that
    /// keep a list readable, and the secondary the rest.
    static func columnWidths(count: Int, in width: Int) -> [Int] {
        let available = max(0, width - (count - 1))
        guard count > 1 else { return [available] }
        let share = count == 2 ? 0.34 : 0.26
        let leading = min(max(Int(Double(available) * share), 20), count == 2 ? 44 : 36)
        var widths = Array(repeating: leading, count: count - 1)
        widths.append(max(0, available - leading * (count - 1)))
        return widths
    }
}

extension SplitViewController: ColumnContainer {
    /// The nearest split view around the screen, uncollapsed, has its columns side by side:
    /// Tab goes on to the next one, and Esc back to the one before at the root of a stack.
    func addColumns(to keys: inout KeyContext, top: ViewController) {
        guard !isCollapsed, top.splitViewController === self else { return }
        keys.columnCount = visibleColumns.count
        keys.leavesColumn = !keys.canGoBack && keys.columnCount > 1 && focusedColumn != visibleColumns.first
        keys.columns = self
    }

    /// A click in a column that does not have the focus gives it the focus.
    func click(_ part: HitPart, input: inout InputContext) {
        if case .index(let index) = part, Column.allCases.indices.contains(index) { focus(Column.allCases[index]) }
    }
}
