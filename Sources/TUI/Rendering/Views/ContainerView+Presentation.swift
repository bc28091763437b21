import Flow

/// A container view: a box titled after the embedded child, with the child's content drawn
/// inside as part of the screen that embeds it (its focus and keys are that screen's). A
/// child that is itself a container (a navigation controller, a tab bar) is drawn whole,
/// with its bar or tabs.
extension ContainerView: ViewPresentation {
    var placement: FormPlacement { .block }

    func addFocusables(to list: inout [View]) {
        if let child = embeddedViewController { list += Focus.items(of: Application.visibleTop(of: child)) }
    }

    func draw(in rect: Rect, into frame: inout Frame, context: DrawContext) {
        let child = embeddedViewController
        let isContainer = child?.containerPresentation != nil
        frame.buffer.drawBox(rect, style: Theme.barSeparator, border: .single, title: isContainer ? nil : child?.displayTitle)
        guard let child else { return }
        let inner = rect.inset(by: 1)
        if isContainer {
            ControllerRenderer.draw(child, in: inner, into: &frame, context: context)
            return
        }
        guard child.isViewLoaded else { return }
        if context.isTop { frame.noteDrawnOnTop(child) }
        let childView = child.view
        if childView.isFormBlock {
            childView.presentation?.draw(in: inner, into: &frame, context: context)
            return
        }
        var childContext = context
        if let background = childView.backgroundColor {
            childContext.base = Style(foreground: Theme.readableText(on: background), background: Theme.color(background))
            frame.buffer.fill(inner, style: childContext.base)
        }
        FormRenderer.draw(childView, in: inner, into: &frame, context: childContext)
    }
}
