/// An alert: a title, a message and buttons, presented modally over the current screen.
public final class AlertController: ViewController {
    /// An alert button.
    public struct Action {
        public enum Style: Sendable { case `default`, cancel, destructive }
        public var title: String
        public var style: Style
        public var handler: (() -> Void)?
        public init(title: String, style: Style = .default, handler: (() -> Void)? = nil) {
            self.title = title
            self.style = style
            self.handler = handler
        }
    }

    public var message: String?
    public private(set) var actions: [Action] = []

    public required init() {
        super.init()
        modalPresentationStyle = .overFullScreen
    }

    /// An alert with a title and a message.
    public convenience init(title: String?, message: String?) {
        self.init()
        self.title = title
        self.message = message
    }

    public func addAction(_ action: Action) { actions.append(action) }

    /// The action Esc picks: the cancel action, if there is one.
    public var cancelActionIndex: Int? { actions.firstIndex { $0.style == .cancel } }

    /// Presses a button: the alert is dismissed, then the action's handler runs.
    public func tapAction(at index: Int) {
        guard actions.indices.contains(index) else { return }
        let action = actions[index]
        application?.trace.record(.action(controller: debugName, selector: "alert:\(action.title)"))
        dismiss()
        action.handler?()
    }

    /// Presses the button with this title.
    public func tapAction(titled title: String) {
        if let index = actions.firstIndex(where: { $0.title == title }) { tapAction(at: index) }
    }
}

extension Application {
    /// The alert on top of the window, when one shows.
    public var alertOnTop: AlertController? {
        presentationLayers.last?.controller as? AlertController
    }
}
