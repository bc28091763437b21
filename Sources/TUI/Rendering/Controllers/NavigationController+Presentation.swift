import Flow

/// A navigation controller: the bar of its top controller (back button, title, bar
/// buttons), then that controller's content.
extension NavigationController: ContainerPresentation {
    func drawContainer(in rect: Rect, into frame: inout Frame, context: DrawContext) {
        guard let top = topViewController else {
            drawEmpty(in: rect, into: &frame, context: context)
            return
        }
        let topContext = context.with(controller: top)
        let content = NavigationBarDrawing.draw(for: top, navigation: self, in: rect, into: &frame, context: topContext)
        // The bar is the top controller's own: a content screen draws no second one.
        if top.containerPresentation != nil {
            ControllerRenderer.draw(top, in: content, into: &frame, context: topContext)
        } else {
            ContentScreen.drawContent(top, in: content, into: &frame, context: topContext)
        }
    }

    /// A navigation controller the storyboard gives no root (code sets it up): an empty
    /// bar, as UIKit shows, and a line saying where the content would come from.
    private func drawEmpty(in rect: Rect, into frame: inout Frame, context: DrawContext) {
        if context.isTop { frame.noteDrawnOnTop(self) }
        let content = NavigationBarDrawing.draw(for: self, navigation: nil, in: rect, into: &frame, context: context)
        CodeFilledNote.draw(
            rootComesFromCode
                ? "This navigation controller's content is set up in code\(CodeFilledNote.owner(self))."
                : "This navigation controller has nothing to show.",
            in: content, into: &frame)
    }
}

extension NavigationController {
    /// A click on the back button goes back.
    func click(_ part: HitPart, input: inout InputContext) {
        if part == .back { popViewController() }
    }
}
