import Flow

/// What the screen on top offers, which decides the key bindings in force.
struct KeyContext {
    var focusCount = 0
    /// The keys the focused view takes (a table's movement, a slider's arrows).
    var focusBindings: [KeyBinding] = []
    var canGoBack = false
    var backLabel = "back"
    var barItems: [(item: BarButtonItem, mnemonic: Character?)] = []
    /// The bar items that have no key of their own (no letter was left for them), which the
    /// overflow key lists.
    var overflowItems: [BarButtonItem] {
        barItems.compactMap { entry in
            guard entry.mnemonic == nil, entry.item.keyEquivalent == nil,
                !(entry.item.systemItem.map { [.add, .done, .save, .cancel].contains($0) } ?? false)
            else { return nil }
            return entry.item
        }
    }
    var keyCommands: [KeyCommand] = []
    var keyedSegues: [(segue: SegueSpec, key: Key)] = []
    /// The columns of the container around the screen, when they show side by side (a
    /// split view's), which Tab goes on to past the screen's last item.
    var columnCount = 0
    /// Whether Esc takes the focus back to the column before (a split view's secondary
    /// column, at the root of its stack).
    var leavesColumn = false
    /// The container whose columns those are.
    var columns: (any ColumnContainer)?
    var isRoot = true
    /// The keys of the presentation on top when it takes every key itself (an alert's), which
    /// stand for all the others.
    var modalBindings: [KeyBinding]?
    /// Whether typing goes into a text field (letters are text, not commands).
    var textInput = false
    /// Whether what has the focus can be copied (a row, a field that is not secure).
    var canCopy = false
    /// The keys the screen's items and the containers around it add, before everything
    /// else (a search bar's `/`).
    var firstBindings: [KeyBinding] = []
    /// The keys they add after the focused item's own (a page view's ← and →).
    var bindingsAfterFocused: [KeyBinding] = []
    /// The keys they add after those that move the focus (a tab bar's digits).
    var lastBindings: [KeyBinding] = []
    /// What added screen bindings, which the commands of those bindings go back to, in
    /// the order asked: the focusable items in Tab order, then the containers around the
    /// screen from the nearest out.
    var bindingSources: [any ScreenBindingSource] = []
    /// Whether a binding added first takes Esc (a search being typed), which the back and
    /// cancel keys then give way to.
    var firstTakesEscape: Bool { firstBindings.contains { $0.keys.contains(.escape) } }

    init() {}

    /// What `top` offers, with `focusables` its Tab order, `focused` the item with the focus
    /// and `typing` whether a text field takes the letters. The focused view's own keys are
    /// added once it is drawn.
    init(application: Application?, top: ViewController?, focusables: [View], focused: View? = nil, typing: Bool) {
        guard let top else { return }
        if let modal = top.modalPresentation {
            modalBindings = modal.modalBindings
            focusCount = modal.modalFocusCount
            return
        }
        focusCount = focusables.count
        textInput = typing
        let navigation = top.navigationController
        canGoBack = (navigation?.viewControllers.count ?? 0) > 1 && !top.navigationItem.hidesBackButton
        if canGoBack, let title = navigation?.backButtonTitle { backLabel = "‹ " + title }
        isRoot = (application?.presentationLayers.count ?? 1) <= 1 && !canGoBack
        addScreenBindings(top: top, focusables: focusables, focused: focused, typing: typing)
        var items = top.barButtonItemsOnScreen
        if let spec = top.spec {
            for segue in spec.segues {
                if let notation = segue.keyEquivalent, let key = KeyMap.keyFromNotation(notation) {
                    keyedSegues.append((segue, key))
                }
            }
            if top.isViewLoaded {
                // One walk asks every view what it gives keys to (the buttons with keys, the
                // toolbars placed among the views), collecting nothing on the way (the key
                // context is made for every frame).
                func visit(_ view: View) {
                    switch view.screenKeys {
                    case .barItems(let shown)?:
                        items += shown
                    case .button(let id, let notation)?:
                        if let key = KeyMap.keyFromNotation(notation) {
                            for segue in spec.segues(ownedBy: id) where !keyedSegues.contains(where: { $0.segue.id == segue.id }) {
                                keyedSegues.append((segue, key))
                            }
                        }
                    case nil:
                        break
                    }
                    for subview in view.subviews { visit(subview) }
                }
                visit(top.view)
            }
        }
        // An item showing a control in its place is pressed through that control.
        items.removeAll { $0.customView != nil }
        let commands = top.keyCommands
        let commandLetters = commands.compactMap { $0.input.count == 1 ? $0.input.lowercased().first : nil }
        let mnemonics = items.isEmpty ? [] : KeyMap.mnemonics(
            for: items, reserved: commandLetters.isEmpty ? KeyMap.reservedLetters : KeyMap.reservedLetters.union(commandLetters))
        barItems = Array(zip(items, mnemonics)).map { ($0.0, $0.1) }
        keyCommands = commands
    }

    /// Asks the focusable items, then the containers around `top` from the nearest out, for
    /// the keys they add to the screen (the containers tell their columns on the way). A
    /// binding two of them add alike is kept once.
    private mutating func addScreenBindings(top: ViewController, focusables: [View], focused: View?, typing: Bool) {
        let screen = ScreenBindingContext(top: top, focused: focused, typing: typing)
        var sources: [any ScreenBindingSource] = focusables.compactMap { $0.presentation }
        var ancestor = top.parent
        while let container = ancestor {
            if let presentation = container.containerPresentation {
                presentation.addColumns(to: &self, top: top)
                sources.append(presentation)
            }
            ancestor = container.parent
        }
        for source in sources {
            let added = source.screenBindings(screen)
            guard !added.isEmpty else { continue }
            bindingSources.append(source)
            for binding in added {
                switch binding.precedence {
                case .first: if !firstBindings.contains(binding.binding) { firstBindings.append(binding.binding) }
                case .afterFocused:
                    if !bindingsAfterFocused.contains(binding.binding) { bindingsAfterFocused.append(binding.binding) }
                case .last: if !lastBindings.contains(binding.binding) { lastBindings.append(binding.binding) }
                }
            }
        }
    }
}
