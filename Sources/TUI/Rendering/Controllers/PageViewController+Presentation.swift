import Flow

/// A page view controller: the page shown, with a row of page dots under it when the data
/// source says how many pages there are; when code has set no page (a storyboard alone never
/// does), a line saying where the pages come from.
extension PageViewController: ContainerPresentation {
    func drawContainer(in rect: Rect, into frame: inout Frame, context: DrawContext) {
        // Its own bar, unless a navigation controller drew it; its pages' titles show nowhere.
        let content = navigationController == nil ? ContentScreen.drawBar(of: self, in: rect, into: &frame, context: context) : rect
        guard let page = viewControllers.first else {
            if context.isTop { frame.noteDrawnOnTop(self) }
            CodeFilledNote.draw(
                "The pages of this page view controller come from its code\(CodeFilledNote.owner(self)).", in: content, into: &frame)
            return
        }
        guard let position = pagePosition, content.height > 2 else {
            drawPage(page, in: content, into: &frame, context: context)
            return
        }
        drawPage(page, in: content.inset(bottom: 1), into: &frame, context: context)
        let dots = (0..<position.count).map { $0 == position.index ? "●" : "○" }.joined(separator: " ")
        let shown = DisplayWidth.truncate(dots, to: content.width)
        let x = content.x + max(0, (content.width - DisplayWidth.of(shown)) / 2)
        frame.buffer.fill(Rect(x: content.x, y: content.maxY - 1, width: content.width, height: 1), style: context.base)
        frame.buffer.put(shown, at: Point(x: x, y: content.maxY - 1), style: Theme.detail.merged(over: context.base), maxWidth: content.width)
    }

    /// Draws a page: a container whole, any other page as content alone.
    private func drawPage(_ page: ViewController, in rect: Rect, into frame: inout Frame, context: DrawContext) {
        if page.containerPresentation == nil {
            ContentScreen.drawContent(page, in: rect, into: &frame, context: context.with(controller: page))
        } else {
            ControllerRenderer.draw(page, in: rect, into: &frame, context: context)
        }
    }
}

/// What a page view controller's keys do: ← and → turn the page.
enum PageKey: Hashable, Sendable {
    case turn(forward: Bool)
}

extension PageViewController {
    /// ← and → turn the pages, when the data source gives them; a focused control's own
    /// arrows come first.
    func screenBindings(_ screen: ScreenBindingContext) -> [ScreenBinding] {
        guard dataSource != nil else { return [] }
        return [
            ScreenBinding(
                KeyBinding([.left], "←", "previous page", .owned(PageKey.turn(forward: false)), pairedInFooterAs: ("←→", "page")), .afterFocused),
            ScreenBinding(KeyBinding([.right], "→", "next page", .owned(PageKey.turn(forward: true)), pairedInFooterAs: ("←→", "page")), .afterFocused),
        ]
    }

    func performScreenCommand(_ command: ShellCommand, input: inout InputContext) -> Bool {
        guard case .turn(let forward)? = command.owned(PageKey.self) else { return false }
        turnPage(forward ? .forward : .reverse)
        return true
    }
}
