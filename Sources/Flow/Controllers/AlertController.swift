/// An alert: a title, a message, text fields and buttons, presented modally over the current
/// screen.
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
    /// How to make it again from the storyboard's new files after a live reload, when its
    /// buttons came from them (the bar buttons no key was left for), over the rebuilt screen
    /// it was over; nil keeps it as it is: an alert made by code, with its handlers.
    public var remakeAfterReload: ((ViewController) -> AlertController?)?

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

    /// Its text fields, in the order added, above its buttons (UIKit's `textFields`).
    public private(set) var textFields: [TextField] = []

    public func addAction(_ action: Action) { actions.append(action) }

    /// Adds a text field, which `configure` sets up (its placeholder, secure entry), as
    /// UIKit's `addTextField(configurationHandler:)`.
    public func addTextField(configurationHandler configure: ((TextField) -> Void)? = nil) {
        let field = TextField(id: "alert-field-\(textFields.count)", text: "", placeholder: nil)
        configure?(field)
        textFields.append(field)
    }

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

/// A live reload keeps an alert on screen over the rebuilt screens: the same one (its chosen
/// button, what was typed into its fields, its handlers), or, when its buttons came from the storyboard, one made again from the
/// new files.
extension AlertController: KeptAcrossReload {
    public func keptAcrossReload(over screen: ViewController) -> ViewController? {
        guard let remakeAfterReload else { return self }
        return remakeAfterReload(screen)
    }
}

extension Application {
    /// The alert on top of the window, when one shows.
    public var alertOnTop: AlertController? {
        presentationLayers.last?.controller as? AlertController
    }
}
