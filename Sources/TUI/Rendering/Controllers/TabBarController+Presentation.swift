import Flow

/// A tab bar controller: the selected tab's screen above a row of tabs, each numbered for
/// its key.
extension TabBarController: ContainerPresentation {
    func drawContainer(in rect: Rect, into frame: inout Frame, context: DrawContext) {
        // No tabs (code fills them): legal, as in UIKit; the empty tab bar is the screen.
        if viewControllers.isEmpty {
            if context.isTop { frame.noteDrawnOnTop(self) }
            if rect.height >= 2 { frame.buffer.fill(Rect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 1), style: Theme.tabBar) }
            let content = ContentScreen.drawBar(of: self, in: rect.inset(bottom: 1), into: &frame, context: context)
            CodeFilledNote.draw("The tabs of this tab bar controller come from its code\(CodeFilledNote.owner(self)).", in: content, into: &frame)
            return
        }
        guard rect.height >= 2, let selected = selectedViewController else { return }
        drawTabs(row: rect.maxY - 1, x: rect.x, width: rect.width, into: &frame, context: context)
        ControllerRenderer.draw(selected, in: rect.inset(bottom: 1), into: &frame, context: context)
    }

    /// The row of tabs, the selected one reversed (and, for a screen reader, in brackets);
    /// the screen on top's tabs take clicks.
    private func drawTabs(row: Int, x: Int, width: Int, into frame: inout Frame, context: DrawContext) {
        frame.buffer.fill(Rect(x: x, y: row, width: width, height: 1), style: Theme.tabBar)
        var column = x
        for index in viewControllers.indices {
            let title = "\(index < 9 ? "\(index + 1) " : "")\(title(ofTab: index))"
            let shown = DisplayWidth.truncate(title, to: max(3, width / max(1, viewControllers.count) - 2))
            let label = context.screenReader && index == selectedIndex ? "[" + shown + "]" : " " + shown + " "
            let style = index == selectedIndex ? Theme.selectedTab : Theme.tabBar
            let drawn = frame.buffer.put(label, at: Point(x: column, y: row), style: style, maxWidth: max(0, x + width - column))
            if context.isTop { frame.addHit(Rect(x: column, y: row, width: drawn, height: 1), self, part: .index(index)) }
            column += drawn + 1
            if column >= x + width { break }
        }
    }
}

/// What a tab bar's keys do: a digit selects a tab.
enum TabBarKey: Hashable, Sendable {
    case select(Int)
}

extension TabBarController {
    /// The digits 1 to 9 select the tabs of the nearest tab bar around the screen.
    func screenBindings(_ screen: ScreenBindingContext) -> [ScreenBinding] {
        guard screen.top.tabBarController === self else { return [] }
        let count = min(viewControllers.count, 9)
        return (0..<count).map { index in
            let digit = Character(String(index + 1))
            return ScreenBinding(KeyBinding([.char(digit)], "1-\(count)", "tab", .owned(TabBarKey.select(index)), footer: index == 0), .last)
        }
    }

    func performScreenCommand(_ command: ShellCommand, input: inout InputContext) -> Bool {
        guard case .select(let index)? = command.owned(TabBarKey.self) else { return false }
        select(index)
        return true
    }

    /// The nearest tab bar around a scene, with more than one tab, says which tab it is.
    func spokenPosition(of top: ViewController) -> String? {
        guard viewControllers.count > 1, top.tabBarController === self else { return nil }
        return "tab \(selectedIndex + 1) of \(viewControllers.count)"
    }

    /// A click on a tab selects it.
    func click(_ part: HitPart, input: inout InputContext) {
        if case .index(let index) = part { select(index) }
    }
}
