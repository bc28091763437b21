/// The accessibility lint: a control that shows only an image and has no accessibility label.
extension StoryboardLinter {
    /// Buttons, bar button items and tab bar items that show an image and no title, with no
    /// accessibility label: VoiceOver, and the terminal's screen readers, can say no more of
    /// them than the image's file name. An element the file takes out of accessibility
    /// (`isElement` NO) is left alone: its author chose what a reader hears.
    static func unlabelledImageControls(_ document: StoryboardDocument) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for controller in document.controllers {
            func report(_ what: String, image: String, at location: SourceLocation) {
                var finding = warning(
                    document, location,
                    "\(what) in scene \(controller.sceneName) shows only the image \(DiagnosticText.quoted(image)) and has no accessibility label; screen readers can say no more than the image's name (give it a label in Xcode's Accessibility inspector)"
                )
                // Xcode builds it without a word: advice, which --strict does not fail on.
                finding.isAdvice = true
                findings.append(finding)
            }
            let items = (controller.navigationItem?.leftItems ?? []) + (controller.navigationItem?.rightItems ?? [])
            for item in items where item.isImageOnly && item.accessibility.needsLabel {
                report("the bar button item \(DiagnosticText.quoted(item.id))", image: item.imageName ?? "", at: item.location)
            }
            if let tab = controller.tabBarItem, let image = tab.imageName, (tab.title ?? "").isEmpty, tab.systemItem == nil,
                tab.accessibility.needsLabel
            {
                report("the tab bar item \(DiagnosticText.quoted(tab.id ?? controller.id))", image: image, at: controller.location)
            }
            var views: [ViewSpec] = []
            if let titleView = controller.navigationItem?.titleView { views.append(titleView) }
            if let view = controller.view { views.append(view) }
            for root in views {
                forEachView(in: root) { view in
                    guard let title = view.kind.buttonTitle, title.isEmpty, let image = view.imageName,
                        view.accessibility.needsLabel
                    else { return }
                    report("the button \(DiagnosticText.quoted(view.id))", image: image, at: view.location)
                }
            }
        }
        return findings
    }

    /// Calls `body` with every view of `root`'s tree, cells' content included.
    private static func forEachView(in root: ViewSpec, _ body: (ViewSpec) -> Void) {
        body(root)
        for subview in root.subviews { forEachView(in: subview, body) }
        for cell in root.cells { forEachView(in: cell.contentView, body) }
    }
}

extension Accessibility {
    /// Whether an element showing only an image lacks the words a reader needs: it has no
    /// label, and the file does not take it out of accessibility.
    fileprivate var needsLabel: Bool {
        spokenLabel == nil && isElement != false
    }
}
