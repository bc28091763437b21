import Flow

extension Shell {
    /// A click or the wheel, resolved against the regions `frame` drew.
    func handleMouse(_ event: MouseEvent, frame: Frame) {
        // A click outside a popover dismisses it, as a tap outside one does.
        if case .click = event, let box = frame.popoverRect, !box.contains(event.location) {
            application.topViewController?.dismiss()
            return
        }
        guard let hit = frame.hit(at: event.location) else { return }
        switch event {
        case .wheelUp, .wheelDown:
            let table: TableView?
            switch hit.action {
            case .row(let view, _), .accessory(let view, _), .scroll(let view): table = view
            default: table = nil
            }
            guard let table, var path = table.selectedIndexPath ?? table.firstIndexPath else { return }
            for _ in 0..<3 {
                path = (event == .wheelUp(event.location) ? table.indexPath(before: path) : table.indexPath(after: path)) ?? path
            }
            table.selectedIndexPath = path
        case .click:
            click(hit.action, frame: frame)
        }
    }

    private func click(_ action: Hit.Action, frame: Frame) {
        switch action {
        case .row(let table, let path):
            focus(table, frame: frame)
            table.selectRow(at: path)
        case .accessory(let table, let path):
            focus(table, frame: frame)
            table.tapAccessory(at: path)
        case .item(let grid, let index):
            focus(grid, frame: frame)
            grid.selectItem(at: index)
        case .barButton(let item):
            item.tap()
        case .back(let controller):
            controller.navigationController?.popViewController()
        case .tab(let tabs, let index):
            tabs.select(index)
        case .column(let split, let column):
            split.focus(column)
        case .control(_, let view):
            focus(view, frame: frame)
            if let button = view as? Button { button.tap() }
            if let toggle = view as? Switch { toggle.toggle() }
        case .alertAction(let alert, let index):
            alert.tapAction(at: index)
        case .scroll:
            break
        }
    }

    /// Gives the focus to a view of the screen on top.
    private func focus(_ view: View, frame: Frame) {
        guard let top = application.topViewController else { return }
        withInput(frame, top) { $0.focus(view) }
    }
}
