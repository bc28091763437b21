import Flow

/// A navigation bar: the back button on the left, then the left bar buttons, the title (or
/// the title view) centred, the right bar buttons, and a rule below.
enum NavigationBarDrawing {
    /// Draws the bar of `top` (in `navigation`'s stack, when it has one) at the top of
    /// `rect`; returns what is left for the content.
    static func draw(
        for top: ViewController, navigation: NavigationController?, in rect: Rect, into frame: inout Frame,
        context: DrawContext
    ) -> Rect {
        guard rect.height >= 3 else { return rect }
        let row = rect.y
        let keys = context.isTop ? context.keys : KeyContext()
        var left = rect.x
        if let navigation, navigation.viewControllers.count > 1, !top.navigationItem.hidesBackButton {
            let back = DisplayWidth.truncate(navigation.backButtonTitle ?? "Back", to: max(4, rect.width / 4))
            // For a screen reader, where it goes in words rather than an arrow.
            let title = context.screenReader ? (back == "Back" ? "Back" : "Back to " + back) : "‹ " + back
            let width = frame.buffer.put(title, at: Point(x: left, y: row), style: Theme.backButton, maxWidth: rect.width / 3)
            frame.addHit(Rect(x: left, y: row, width: width, height: 1), navigation, part: .back)
            left += width + 2
        }
        for item in top.navigationItem.leftBarButtonItems {
            if let natural = item.customViewWidth {
                let width = min(natural, max(0, rect.maxX - left))
                item.drawCustomView(in: Rect(x: left, y: row, width: width, height: 1), into: &frame, context: context)
                left += width + 2
                continue
            }
            let label = self.label(item, keys: keys, spoken: context.screenReader)
            let width = frame.buffer.put(
                label, at: Point(x: left, y: row), style: item.isEnabled ? Theme.barButton : Theme.disabled,
                maxWidth: max(0, rect.maxX - left))
            frame.addHit(Rect(x: left, y: row, width: width, height: 1), item)
            frame.anchors[item.id] = Rect(x: left, y: row, width: width, height: 1)
            left += width + 2
        }
        var right = rect.maxX
        for item in top.navigationItem.rightBarButtonItems.reversed() {
            if let width = item.customViewWidth {
                guard right - width > left else { break }
                right -= width
                item.drawCustomView(in: Rect(x: right, y: row, width: width, height: 1), into: &frame, context: context)
                right -= 2
                continue
            }
            let label = self.label(item, keys: keys, spoken: context.screenReader)
            let width = DisplayWidth.of(label)
            guard right - width > left else { break }
            right -= width
            frame.buffer.put(label, at: Point(x: right, y: row), style: item.isEnabled ? Theme.barButton : Theme.disabled)
            frame.addHit(Rect(x: right, y: row, width: width, height: 1), item)
            frame.anchors[item.id] = Rect(x: right, y: row, width: width, height: 1)
            right -= 2
        }
        let room = max(0, right - left - 1)
        if let titleView = top.navigationItem.titleView, !titleView.isHidden,
            let natural = titleView.presentation?.titleViewWidth
        {
            // In place of the title, centred as UIKit centres it. One that the bar buttons
            // leave too little room for, but the width can hold whole, gets a row of its own
            // under them rather than being cut; only one wider than the screen is shrunk.
            let ownRow = natural > room && natural <= rect.width - 2 && rect.height >= 6
            let width = ownRow ? natural : min(natural, room)
            let centred = rect.x + (rect.width - width) / 2
            let x = ownRow ? centred : min(max(centred, left), max(left, right - width - 1))
            let slot = Rect(x: x, y: ownRow ? row + 1 : row, width: width, height: 1)
            titleView.presentation?.draw(in: slot, into: &frame, context: context.with(base: Theme.bar))
            if context.isTop, titleView is Control, let control = titleView.presentation { frame.addHit(slot, control) }
            if ownRow {
                frame.buffer.drawHorizontalLine(from: Point(x: rect.x, y: row + 2), length: rect.width, style: Theme.barSeparator)
                return rect.inset(top: 3)
            }
        } else {
            let title = top.navigationItem.titleView.flatMap(labelsTitle) ?? top.displayTitle ?? ""
            let shown = DisplayWidth.truncate(title, to: room)
            let width = DisplayWidth.of(shown)
            let centred = rect.x + (rect.width - width) / 2
            let x = min(max(centred, left), max(left, right - width - 1))
            frame.buffer.put(shown, at: Point(x: x, y: row), style: Theme.bar, maxWidth: room)
        }
        frame.buffer.drawHorizontalLine(from: Point(x: rect.x, y: row + 1), length: rect.width, style: Theme.barSeparator)
        return rect.inset(top: 2)
    }

    /// The title a title view of labels shows (a chat's name over its status, drawn by a
    /// view of the app's own class): its labels' texts in their order, on the bar's one line
    /// a dot apart ("Room name · Offline"); nil when it holds no label with text.
    static func labelsTitle(_ titleView: View) -> String? {
        guard !titleView.isHidden, titleView.presentation == nil else { return nil }
        var texts: [String] = []
        func collect(_ view: View) {
            for subview in view.subviews where !subview.isHidden {
                if let presentation = subview.presentation, presentation.formRole == .caption, let caption = presentation.formText {
                    let text = Label.lines(of: caption).joined(separator: " ").split(separator: " ").joined(separator: " ")
                    if !text.isEmpty { texts.append(text) }
                } else {
                    collect(subview)
                }
            }
        }
        collect(titleView)
        return texts.isEmpty ? nil : texts.joined(separator: " · ")
    }

    /// A bar button's label, naming its key as the footer and help name it (`Done ^S`,
    /// `Reset (r)`, `^R` rather than the storyboard's `C-r`). `spoken`, for a screen reader:
    /// its accessibility label when it has one, the key in words and brackets (`Done
    /// (Ctrl-S)`, `Add (+)`), and `dimmed` when it is disabled.
    static func label(_ item: BarButtonItem, keys: KeyContext, spoken: Bool = false) -> String {
        guard spoken else { return shownLabel(item, keys: keys) }
        // A glyph's item is heard by the name the footer gives it (not Xcode's "Item").
        let named = item.image?.showsGlyph == true ? item.keyName : item.displayTitle
        var name = item.accessibility.spokenLabel ?? (item.systemItem == .add ? "Add" : named)
        if let key = self.key(of: item, keys: keys) { name += " (\(SpokenText.keys(key)))" }
        return item.isEnabled ? name : name + " (dimmed)"
    }

    /// The key that presses `item`, as the footer names it; nil when it has none.
    private static func key(of item: BarButtonItem, keys: KeyContext) -> String? {
        if let notation = item.keyEquivalent {
            return KeyMap.keyFromNotation(notation).map(KeyMap.label(for:)) ?? notation
        }
        if let notation = item.systemItem?.defaultKey {
            return KeyMap.keyFromNotation(notation).map(KeyMap.label(for:)) ?? notation
        }
        if item.systemItem == .cancel { return "Esc" }
        guard let mnemonic = keys.barItems.first(where: { $0.item === item })?.mnemonic else { return nil }
        return keys.textInput ? Key.alt(mnemonic).displayName : String(mnemonic)
    }

    /// A bar button's label as the screen shows it.
    private static func shownLabel(_ item: BarButtonItem, keys: KeyContext) -> String {
        let title = item.shownTitle
        if let notation = item.keyEquivalent {
            return "\(title) \(KeyMap.keyFromNotation(notation).map(KeyMap.label(for:)) ?? notation)"
        }
        switch item.systemItem {
        case .add: return "+"
        case .done, .save: return "\(title) ^S"
        case .cancel: return "\(title) Esc"
        default: break
        }
        if let mnemonic = keys.barItems.first(where: { $0.item === item })?.mnemonic {
            return "\(title) (\(keys.textInput ? Key.alt(mnemonic).displayName : String(mnemonic)))"
        }
        return title
    }
}
