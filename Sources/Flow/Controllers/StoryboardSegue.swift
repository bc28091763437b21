/// A segue being performed: identifier, source and destination, and how to transition.
///
/// Subclass it and register the class to make a custom segue; override `perform()` and call
/// `super.perform()` to add an effect before the standard transition of the segue's kind.
open class StoryboardSegue {
    public let identifier: String?
    public let source: ViewController
    public let destination: ViewController
    /// The kind from the storyboard (`.custom` for custom segues).
    public internal(set) var kind: SegueKind = .custom
    /// The presentation style the segue asks for, if any.
    public internal(set) var modalPresentationStyle: PresentationStyle?
    /// The unwind action, for unwind segues.
    public internal(set) var unwindAction: String?
    /// For a popover, the id of the element it points at (a bar button, a button, a cell).
    public internal(set) var popoverAnchorID: String?

    public required init(identifier: String?, source: ViewController, destination: ViewController) {
        self.identifier = identifier
        self.source = source
        self.destination = destination
    }

    /// Performs the transition. The base class does what the segue's kind says: show pushes
    /// (or presents when there is no navigation controller), show detail goes to a split
    /// view's secondary column, presentation presents, and a
    /// custom segue with no class of its own presents.
    open func perform() {
        switch kind {
        case .show:
            source.show(destination, sender: self)
        case .showDetail:
            source.showDetailViewController(destination, sender: self)
        case .present, .custom:
            if let style = modalPresentationStyle { destination.modalPresentationStyle = style }
            source.present(destination)
        case .popover:
            destination.modalPresentationStyle = modalPresentationStyle ?? .popover
            destination.popoverAnchorID = popoverAnchorID
            source.present(destination)
        case .unwind:
            source.application?.completeUnwind(self)
        case .embed, .relationship:
            break
        }
    }
}

/// What an unwind search is looking from: the source, the action, the sender.
public struct UnwindSegueSource {
    public let source: ViewController
    public let unwindAction: String
    public let sender: AnyObject?
}
