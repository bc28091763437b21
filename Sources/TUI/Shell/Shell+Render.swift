import Flow

extension Shell {
    /// Draws the whole screen for the current state: a pure function of the application,
    /// the shell's state and the terminal size.
    public func render() -> CellBuffer {
        let size = terminal.size
        var buffer = CellBuffer(size: size)
        hits = []
        cursorPosition = nil
        drawnTopController = nil
        frameContext = keyContext()
        defer { frameContext = nil }
        guard size.width >= Self.minimumSize.width, size.height >= Self.minimumSize.height else {
            drawTooSmall(&buffer)
            return buffer
        }
        var body = Rect(x: 0, y: 0, width: size.width, height: size.height - 1)
        var traceRect: Rect?
        if showsTrace {
            let panel = min(9, max(3, body.height / 3))
            if body.height - panel >= 4 {
                traceRect = Rect(x: 0, y: body.maxY - panel, width: body.width, height: panel)
                body = Rect(x: 0, y: 0, width: body.width, height: body.height - panel)
            }
        }
        let layers = application.presentationLayers
        let start = layers.lastIndex { $0.style.map { !$0.isSheet } ?? true } ?? 0
        if layers.isEmpty {
            buffer.put("Nothing to show", at: Point(x: 1, y: 1), style: Theme.empty)
        }
        for index in layers.indices where index >= start {
            let layer = layers[index]
            let isTop = index == layers.count - 1
            if index > start {
                dimAll(&buffer, body)
                hits.removeAll()
            }
            if let alert = layer.controller as? AlertController {
                drawAlert(alert, in: body, into: &buffer)
                if isTop { drawnTopController = alert }
                continue
            }
            var rect = body
            if index > start, let style = layer.style {
                let frame = sheetFrame(style, in: body, depth: index - start)
                buffer.fill(frame, style: .plain)
                buffer.drawBox(frame, style: Theme.sheetBorder, border: .rounded)
                rect = frame.inset(by: 1)
            }
            drawScreen(layer.controller, in: rect, into: &buffer, isTop: isTop)
        }
        if let traceRect { drawTrace(in: traceRect, into: &buffer) }
        if let message = statusMessage, !message.isEmpty {
            let row = body.maxY - 1
            buffer.fill(Rect(x: 0, y: row, width: size.width, height: 1), style: Theme.status)
            buffer.put("! " + message, at: Point(x: 0, y: row), style: Theme.status, maxWidth: size.width)
        }
        drawFooter(into: &buffer, row: size.height - 1)
        if showsOverview { drawOverview(in: body, into: &buffer) }
        if showsHelp { drawHelp(in: body, into: &buffer) }
        return buffer
    }

    // MARK: Screens

    /// Draws a presentation layer: its bars and the content of its top controller.
    func drawScreen(_ controller: ViewController, in rect: Rect, into buffer: inout CellBuffer, isTop: Bool) {
        guard rect.width > 0, rect.height > 0 else { return }
        switch controller {
        case let tabs as TabBarController:
            // No tabs (code fills them): legal, as in UIKit; the screen is the empty tab bar.
            if tabs.viewControllers.isEmpty, isTop { drawnTopController = tabs }
            guard rect.height >= 2, let selected = tabs.selectedViewController else { return }
            drawTabBar(tabs, row: rect.maxY - 1, x: rect.x, width: rect.width, into: &buffer, isTop: isTop)
            drawScreen(selected, in: rect.inset(bottom: 1), into: &buffer, isTop: isTop)
        case let navigation as NavigationController:
            guard let top = navigation.topViewController else {
                drawEmptyNavigation(navigation, in: rect, into: &buffer, isTop: isTop)
                return
            }
            let content = drawBar(for: top, navigation: navigation, in: rect, into: &buffer, isTop: isTop)
            drawContent(top, in: content, into: &buffer, isTop: isTop)
        case let split as SplitViewController:
            if let master = split.masterViewController { drawScreen(master, in: rect, into: &buffer, isTop: isTop) }
        default:
            let hasBar = !(controller.displayTitle ?? "").isEmpty || !controller.navigationItem.allItems.isEmpty
            let content = hasBar ? drawBar(for: controller, navigation: nil, in: rect, into: &buffer, isTop: isTop) : rect
            drawContent(controller, in: content, into: &buffer, isTop: isTop)
        }
    }

    /// A navigation controller the storyboard gives no root (code sets it up): an empty bar,
    /// as UIKit shows, and a line saying where the content would come from.
    func drawEmptyNavigation(_ navigation: NavigationController, in rect: Rect, into buffer: inout CellBuffer, isTop: Bool) {
        if isTop { drawnTopController = navigation }
        let content = drawBar(for: navigation, navigation: nil, in: rect, into: &buffer, isTop: isTop)
        guard content.height > 1, content.width > 2 else { return }
        let note = navigation.rootComesFromCode
            ? "This navigation controller's content is set up in code."
            : "This navigation controller has nothing to show."
        for (index, line) in Wrap.lines(note, width: max(1, content.width - 4)).enumerated() {
            let y = content.y + content.height / 3 + index
            guard y < content.maxY else { break }
            let x = content.x + max(0, (content.width - DisplayWidth.of(line)) / 2)
            buffer.put(line, at: Point(x: x, y: y), style: Theme.empty, maxWidth: content.width)
        }
    }

    /// The navigation bar: back button left, title centred, bar buttons right, a rule
    /// below. Returns what is left for the content.
    func drawBar(
        for top: ViewController, navigation: NavigationController?, in rect: Rect,
        into buffer: inout CellBuffer, isTop: Bool
    ) -> Rect {
        guard rect.height >= 3 else { return rect }
        let row = rect.y
        let context = isTop ? (frameContext ?? keyContext()) : KeyContext()
        var left = rect.x
        if let navigation, navigation.viewControllers.count > 1, !top.navigationItem.hidesBackButton {
            let title = "‹ " + DisplayWidth.truncate(navigation.backButtonTitle ?? "Back", to: max(4, rect.width / 4))
            let width = buffer.put(title, at: Point(x: left, y: row), style: Theme.backButton, maxWidth: rect.width / 3)
            hits.append(Hit(rect: Rect(x: left, y: row, width: width, height: 1), action: .back(top)))
            left += width + 2
        }
        for item in top.navigationItem.leftBarButtonItems {
            let label = barLabel(item, context: context)
            let width = buffer.put(label, at: Point(x: left, y: row), style: item.isEnabled ? Theme.barButton : Theme.disabled, maxWidth: max(0, rect.maxX - left))
            hits.append(Hit(rect: Rect(x: left, y: row, width: width, height: 1), action: .barButton(item)))
            left += width + 2
        }
        var right = rect.maxX
        for item in top.navigationItem.rightBarButtonItems.reversed() {
            let label = barLabel(item, context: context)
            let width = DisplayWidth.of(label)
            guard right - width > left else { break }
            right -= width
            buffer.put(label, at: Point(x: right, y: row), style: item.isEnabled ? Theme.barButton : Theme.disabled)
            hits.append(Hit(rect: Rect(x: right, y: row, width: width, height: 1), action: .barButton(item)))
            right -= 2
        }
        let room = max(0, right - left - 1)
        if let titleView = top.navigationItem.titleView, !titleView.isHidden, let natural = titleViewWidth(titleView) {
            // In place of the title, centred as UIKit centres it, shrunk to the room left.
            let width = min(natural, room)
            let centred = rect.x + (rect.width - width) / 2
            let x = min(max(centred, left), max(left, right - width - 1))
            let slot = Rect(x: x, y: row, width: width, height: 1)
            let focused = isTop && focusedView(top, state: state(for: top)) === titleView
            drawControl(titleView, controller: top, in: slot, into: &buffer, isFocused: focused, base: Theme.bar)
            if isTop, titleView is Control { hits.append(Hit(rect: slot, action: .control(top, titleView))) }
            buffer.drawHorizontalLine(from: Point(x: rect.x, y: row + 1), length: rect.width, style: Theme.barSeparator)
            return rect.inset(top: 2)
        }
        let title = top.displayTitle ?? ""
        let shown = DisplayWidth.truncate(title, to: room)
        let width = DisplayWidth.of(shown)
        let centred = rect.x + (rect.width - width) / 2
        let x = min(max(centred, left), max(left, right - width - 1))
        buffer.put(shown, at: Point(x: x, y: row), style: Theme.bar, maxWidth: room)
        buffer.drawHorizontalLine(from: Point(x: rect.x, y: row + 1), length: rect.width, style: Theme.barSeparator)
        return rect.inset(top: 2)
    }

    /// The columns a title view needs, or nil for a view the bar cannot draw (its title
    /// shows instead).
    func titleViewWidth(_ view: View) -> Int? {
        switch view {
        case let segments as SegmentedControl:
            guard !segments.segments.isEmpty else { return nil }
            return segments.segments.reduce(0) { $0 + DisplayWidth.of($1) + 2 }
        case let label as Label: return label.text.isEmpty ? nil : DisplayWidth.of(label.text)
        case let button as Button: return DisplayWidth.of(button.title) + 4
        case is Switch: return 5
        default: return nil
        }
    }

    private func barLabel(_ item: BarButtonItem, context: KeyContext) -> String {
        let title = item.displayTitle
        // Named as the footer and help name it ("^R", not the storyboard's "C-r").
        if let notation = item.keyEquivalent {
            return "\(title) \(KeyMap.keyFromNotation(notation).map(KeyMap.label(for:)) ?? notation)"
        }
        switch item.systemItem {
        case .add: return "+"
        case .done, .save: return "\(title) ^S"
        case .cancel: return "\(title) Esc"
        default: break
        }
        if let mnemonic = context.barItems.first(where: { $0.item === item })?.mnemonic {
            return "\(title) (\(context.textInput ? Key.alt(mnemonic).displayName : String(mnemonic)))"
        }
        return title
    }

    func drawTabBar(_ tabs: TabBarController, row: Int, x: Int, width: Int, into buffer: inout CellBuffer, isTop: Bool) {
        buffer.fill(Rect(x: x, y: row, width: width, height: 1), style: Theme.tabBar)
        var column = x
        for index in tabs.viewControllers.indices {
            let title = "\(index < 9 ? "\(index + 1) " : "")\(tabs.title(ofTab: index))"
            let label = " " + DisplayWidth.truncate(title, to: max(3, width / max(1, tabs.viewControllers.count) - 2)) + " "
            let style = index == tabs.selectedIndex ? Theme.selectedTab : Theme.tabBar
            let drawn = buffer.put(label, at: Point(x: column, y: row), style: style, maxWidth: max(0, x + width - column))
            if isTop { hits.append(Hit(rect: Rect(x: column, y: row, width: drawn, height: 1), action: .tab(tabs, index))) }
            column += drawn + 1
            if column >= x + width { break }
        }
    }

    // MARK: Content

    /// Draws a controller's view: a table, a grid, or a form of controls, over its
    /// background colour when it has one.
    func drawContent(_ controller: ViewController, in rect: Rect, into buffer: inout CellBuffer, isTop: Bool) {
        guard rect.width > 0, rect.height > 0 else { return }
        if isTop { drawnTopController = controller }
        let view = controller.view
        var base = Style.plain
        if let background = view.backgroundColor, background.alpha > 0 {
            base = Style(foreground: Theme.readableText(on: background), background: Theme.color(background))
            buffer.fill(rect, style: base)
        }
        let state = state(for: controller)
        let focused = isTop ? focusedView(controller, state: state) : nil
        if let table = view as? TableView {
            drawTable(table, controller: controller, in: rect, into: &buffer, focused: focused === table, base: base)
        } else if let grid = view as? CollectionView {
            drawGrid(grid, controller: controller, in: rect, into: &buffer, focused: focused === grid)
        } else {
            drawForm(view, controller: controller, in: rect, into: &buffer, focused: focused, base: base, isTop: isTop)
        }
    }

    func dimAll(_ buffer: inout CellBuffer, _ rect: Rect) {
        buffer.updateStyle(in: rect) { style in
            style.attributes.insert(.dim)
            style.attributes.remove(.reverse)
        }
    }

    /// Where a sheet sits: form sheets and popovers smaller, page sheets larger, each
    /// stacked sheet a little lower.
    func sheetFrame(_ style: PresentationStyle, in body: Rect, depth: Int) -> Rect {
        let (widthShare, heightShare): (Double, Double)
        switch style {
        case .formSheet, .popover: (widthShare, heightShare) = (0.7, 0.75)
        case .pageSheet: (widthShare, heightShare) = (0.86, 0.88)
        default: (widthShare, heightShare) = (0.92, 0.9)
        }
        let width = max(min(body.width, 16), min(body.width - 2, Int(Double(body.width) * widthShare)))
        let height = max(min(body.height, 5), min(body.height - depth, Int(Double(body.height) * heightShare)))
        let x = body.x + (body.width - width) / 2
        let y = min(body.maxY - height, body.y + (body.height - height) / 2 + depth - 1)
        return Rect(x: x, y: max(body.y, y), width: width, height: height)
    }

    // MARK: Footer, status, too small

    func drawFooter(into buffer: inout CellBuffer, row: Int) {
        let width = buffer.width
        buffer.fill(Rect(x: 0, y: row, width: width, height: 1), style: Theme.footerText)
        var column = 0
        var seen = Set<String>()
        for binding in KeyMap.bindings(for: frameContext ?? keyContext()) where binding.inFooter {
            guard seen.insert(binding.label + binding.help).inserted else { continue }
            let key = " \(binding.label) "
            let text = " \(binding.help)  "
            let needed = DisplayWidth.of(key) + DisplayWidth.of(text)
            guard column + needed <= width else { break }
            column += buffer.put(key, at: Point(x: column, y: row), style: Theme.footerKey)
            column += buffer.put(text, at: Point(x: column, y: row), style: Theme.footerText)
        }
    }

    func drawTooSmall(_ buffer: inout CellBuffer) {
        let size = buffer.size
        guard size.width > 0, size.height > 0 else { return }
        let need = "\(Self.minimumSize.width)×\(Self.minimumSize.height)"
        let long = ["Terminal too small", "\(size.width)×\(size.height), need \(need)"]
        let lines = long.allSatisfy { DisplayWidth.of($0) <= size.width } ? long : ["Too small", "need \(need)"]
        for (index, line) in lines.enumerated() where index < size.height {
            let shown = DisplayWidth.truncate(line, to: size.width)
            let x = max(0, (size.width - DisplayWidth.of(shown)) / 2)
            let y = max(0, size.height / 2 - 1) + index
            if y < size.height { buffer.put(shown, at: Point(x: x, y: y), style: Theme.status, maxWidth: size.width) }
        }
    }
}

/// The frames of a dissolve: cells switch from the old screen to the new in a fixed
/// scattered order.
enum Dissolve {
    static func frame(from old: CellBuffer, to new: CellBuffer, step: Int, of steps: Int) -> CellBuffer {
        var mixed = new
        for y in 0..<new.height {
            for x in 0..<new.width {
                let hash = (x &* 7919 &+ y &* 104_729) % max(steps, 1)
                if hash >= step, let cell = old[x, y], !cell.isContinuation, !cell.isWide {
                    mixed.set(cell.character, at: Point(x: x, y: y), style: cell.style)
                }
            }
        }
        return mixed
    }
}
