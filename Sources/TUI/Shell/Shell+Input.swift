import Flow

extension Shell {
    // MARK: Focus

    /// The items Tab moves between on a controller's screen, in reading order: its table or
    /// grid (as one item) and its controls, then those of embedded children.
    func focusables(of controller: ViewController) -> [View] {
        guard controller.isViewLoaded else { return [] }
        var result: [View] = []
        func walk(_ view: View) {
            if view.isHidden { return }
            switch view {
            case let table as TableView:
                result.append(table)
                return
            case let grid as CollectionView:
                result.append(grid)
                return
            case let container as ContainerView:
                if let child = container.embeddedViewController { result += focusables(of: child) }
                return
            case let control as Control:
                if control.isEnabled { result.append(control) }
                return
            default:
                for subview in view.subviews { walk(subview) }
            }
        }
        walk(controller.view)
        // A control in the bar's title view (a segmented control) comes after the content.
        if let titleView = controller.navigationItem.titleView as? Control, titleView.isEnabled, !titleView.isHidden {
            result.append(titleView)
        }
        return result
    }

    /// The focused item of the top screen, if any.
    func focusedView(_ top: ViewController, state: ScreenState) -> View? {
        let items = focusables(of: top)
        guard !items.isEmpty else { return nil }
        let index = min(max(state.focusIndex, 0), items.count - 1)
        return items[index]
    }

    func focusedTable(_ top: ViewController, state: ScreenState) -> TableView? {
        focusedView(top, state: state) as? TableView
    }

    /// The text field that typing goes into: the focused field, or the field inside the
    /// selected row of a focused table (a static cell with a field, as in a settings form).
    func activeTextField(_ top: ViewController) -> TextField? {
        let state = state(for: top)
        switch focusedView(top, state: state) {
        case let field as TextField:
            return field
        case let table as TableView:
            guard let path = table.selectedIndexPath, table.tableSpec.dataMode == .staticCells,
                table.staticCells.indices.contains(path.section),
                table.staticCells[path.section].indices.contains(path.row)
            else { return nil }
            return table.staticCells[path.section][path.row].contentView.first(TextField.self)
        default:
            return nil
        }
    }

    func moveFocus(by step: Int, in top: ViewController, state: ScreenState) {
        let count = focusables(of: top).count
        guard count > 0 else { return }
        state.focusIndex = ((state.focusIndex + step) % count + count) % count
    }

    // MARK: Text

    /// Typing into the active text field; true when the key was taken as text editing.
    func handleTextInput(_ key: Key) -> Bool {
        guard let top = application.topViewController, !(top is AlertController),
            let field = activeTextField(top)
        else { return false }
        let state = state(for: top)
        let id = ObjectIdentifier(field)
        var characters = Array(field.text)
        var cursor = min(max(state.cursors[id] ?? characters.count, 0), characters.count)
        switch key {
        case .char(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .paste(let text):
            // One line: line breaks become spaces, other controls are dropped.
            let cleaned = text.map { $0.isNewline ? " " : $0 }.filter { !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) }
            characters.insert(contentsOf: cleaned, at: cursor)
            cursor += cleaned.count
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .ctrl("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .left:
            cursor = max(0, cursor - 1)
            state.cursors[id] = cursor
            return true
        case .right:
            cursor = min(characters.count, cursor + 1)
            state.cursors[id] = cursor
            return true
        case .home, .ctrl("a"):
            state.cursors[id] = 0
            return true
        case .end, .ctrl("e"):
            state.cursors[id] = characters.count
            return true
        case .ctrl("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        default:
            return false
        }
        state.cursors[id] = cursor
        field.setText(String(characters))
        return true
    }

    // MARK: Tables and grids

    func moveInCollection(_ command: ShellCommand, top: ViewController, state: ScreenState) {
        if let grid = focusedView(top, state: state) as? CollectionView {
            moveInGrid(command, grid: grid)
            return
        }
        guard let table = focusedTable(top, state: state) ?? top.view.first(TableView.self) else { return }
        let page = max(1, lastTableViewportHeight - 1)
        guard var path = table.selectedIndexPath ?? table.firstIndexPath else { return }
        switch command {
        case .moveUp:
            path = table.indexPath(before: path) ?? path
        case .moveDown:
            path = table.indexPath(after: path) ?? path
        case .pageUp:
            for _ in 0..<page { path = table.indexPath(before: path) ?? path }
        case .pageDown:
            path = TableLayout.indexPath(table, from: path, forwardRows: page)
        case .top:
            path = table.firstIndexPath ?? path
        case .bottom:
            path = table.lastIndexPath ?? path
        default:
            break
        }
        table.selectedIndexPath = path
    }

    private func moveInGrid(_ command: ShellCommand, grid: CollectionView) {
        let count = grid.numberOfItems
        guard count > 0 else { return }
        let columns = max(1, lastGridColumns)
        var index = min(grid.selectedIndex ?? 0, count - 1)
        switch command {
        case .moveUp: index -= columns
        case .moveDown: index += columns
        case .pageUp: index -= columns * 3
        case .pageDown: index += columns * 3
        case .top: index = 0
        case .bottom: index = count - 1
        case .decrease: index -= 1
        case .increase: index += 1
        default: break
        }
        grid.selectedIndex = min(max(index, 0), count - 1)
    }

    func activate(_ top: ViewController, state: ScreenState) {
        switch focusedView(top, state: state) {
        case let table as TableView:
            guard let path = table.selectedIndexPath ?? table.firstIndexPath else { return }
            if activeTextField(top) != nil, let next = table.indexPath(after: path) {
                // Enter in a row's field moves on to the next row, as Return does in a form.
                table.selectedIndexPath = next
                return
            }
            table.selectRow(at: path)
        case let grid as CollectionView:
            grid.selectItem(at: grid.selectedIndex ?? 0)
        case let button as Button:
            button.tap()
        case let toggle as Switch:
            toggle.toggle()
        case is TextField:
            moveFocus(by: 1, in: top, state: state)
        default:
            break
        }
    }

    func adjustFocusedControl(_ command: ShellCommand, top: ViewController, state: ScreenState) {
        let focused = focusedView(top, state: state)
        switch (focused, command) {
        case (let slider as Slider, .decrease): slider.setValue(slider.value - slider.step)
        case (let slider as Slider, .increase): slider.setValue(slider.value + slider.step)
        case (let slider as Slider, .decreaseMore): slider.setValue(slider.value - slider.step * 10)
        case (let slider as Slider, .increaseMore): slider.setValue(slider.value + slider.step * 10)
        case (let stepper as Stepper, .decrease): stepper.step(by: -1)
        case (let stepper as Stepper, .increase): stepper.step(by: 1)
        case (let segments as SegmentedControl, .decrease): segments.select(segments.selectedSegmentIndex - 1)
        case (let segments as SegmentedControl, .increase): segments.select(segments.selectedSegmentIndex + 1)
        case (let toggle as Switch, .toggle): toggle.toggle()
        case (is CollectionView, _): moveInCollection(command, top: top, state: state)
        default: break
        }
    }

    // MARK: Context

    /// What the top screen offers, for the key map.
    func keyContext() -> KeyContext {
        var context = KeyContext()
        guard let top = application.topViewController else { return context }
        if let alert = top as? AlertController {
            context.isAlert = true
            context.focusCount = alert.actions.count
            return context
        }
        let state = state(for: top)
        let items = focusables(of: top)
        context.focusCount = items.count
        let focused = focusedView(top, state: state)
        context.textInput = activeTextField(top) != nil
        switch focused {
        case let table as TableView:
            context.focusedKind = .table
            context.hasTable = true
            context.hasRows = table.firstIndexPath != nil
            if let path = table.selectedIndexPath, let cell = table.cellForRow(at: path) {
                context.hasAccessoryRow = cell.accessoryType == .detailDisclosureButton || cell.accessoryType == .detailButton
                    || top.hasSegues(ownedBy: cell.cellSpecID ?? "", accessory: true)
                table.recycle(cell)
            }
        case let grid as CollectionView:
            context.focusedKind = .grid
            context.hasTable = true
            context.isGrid = true
            context.hasRows = grid.numberOfItems > 0
        case is TextField: context.focusedKind = .textField
        case is Slider: context.focusedKind = .slider
        case is Switch: context.focusedKind = .toggle
        case is Stepper: context.focusedKind = .stepper
        case is SegmentedControl: context.focusedKind = .segmented
        case is Button: context.focusedKind = .button
        default: break
        }
        let navigation = top.navigationController
        context.canGoBack = (navigation?.viewControllers.count ?? 0) > 1 && !top.navigationItem.hidesBackButton
        if context.canGoBack, let title = navigation?.backButtonTitle { context.backLabel = "‹ " + title }
        context.isRoot = application.presentationLayers.count <= 1 && !context.canGoBack
        let items2 = top.navigationItem.allItems
        let mnemonics = KeyMap.mnemonics(for: items2, reserved: KeyMap.reservedLetters.union(commandLetters(top)))
        context.barItems = Array(zip(items2, mnemonics)).map { ($0.0, $0.1) }
        context.keyCommands = top.keyCommands
        if let spec = top.spec {
            for segue in spec.segues {
                if let notation = segue.keyEquivalent, let key = KeyMap.keyFromNotation(notation) {
                    context.keyedSegues.append((segue, key))
                }
            }
            for button in top.view.allViews.compactMap({ $0 as? Button }) {
                guard let notation = button.keyEquivalent, let key = KeyMap.keyFromNotation(notation) else { continue }
                for segue in spec.segues(ownedBy: button.id) where !context.keyedSegues.contains(where: { $0.segue.id == segue.id }) {
                    context.keyedSegues.append((segue, key))
                }
            }
        }
        if let tabs = top.tabBarController {
            context.tabTitles = tabs.viewControllers.indices.map { tabs.title(ofTab: $0) }
        }
        return context
    }

    private func commandLetters(_ top: ViewController) -> Set<Character> {
        Set(top.keyCommands.compactMap { $0.input.count == 1 ? $0.input.lowercased().first : nil })
    }

    // MARK: Mouse

    func handleMouse(_ event: MouseEvent) {
        let point = event.location
        guard let hit = hits.last(where: { $0.rect.contains(point) }) else { return }
        switch event {
        case .wheelUp, .wheelDown:
            let table: TableView?
            switch hit.action {
            case .row(let view, _), .accessory(let view, _), .scroll(let view): table = view
            default: table = nil
            }
            guard let table, var path = table.selectedIndexPath ?? table.firstIndexPath else { return }
            for _ in 0..<3 {
                path = (event == .wheelUp(point) ? table.indexPath(before: path) : table.indexPath(after: path)) ?? path
            }
            table.selectedIndexPath = path
        case .click:
            click(hit.action)
        }
    }

    private func click(_ action: Hit.Action) {
        switch action {
        case .row(let table, let path):
            focus(table)
            table.selectRow(at: path)
        case .accessory(let table, let path):
            focus(table)
            table.tapAccessory(at: path)
        case .item(let grid, let index):
            focus(grid)
            grid.selectItem(at: index)
        case .barButton(let item):
            item.tap()
        case .back(let controller):
            controller.navigationController?.popViewController()
        case .tab(let tabs, let index):
            tabs.select(index)
        case .control(let controller, let view):
            let state = state(for: controller)
            if let index = focusables(of: controller).firstIndex(where: { $0 === view }) { state.focusIndex = index }
            if let button = view as? Button { button.tap() }
            if let toggle = view as? Switch { toggle.toggle() }
        case .alertAction(let alert, let index):
            alert.tapAction(at: index)
        case .scroll:
            break
        }
    }

    private func focus(_ view: View) {
        guard let top = application.topViewController else { return }
        if let index = focusables(of: top).firstIndex(where: { $0 === view }) {
            state(for: top).focusIndex = index
        }
    }
}
