/// The actions and unwind actions a controller class responds to, by selector.
///
/// Swift on Linux has no Objective-C runtime, so `responds(to:)` can't be asked. Each class
/// lists what it handles by overriding `ViewController.actionTable`, adding to its
/// superclass's table, so subclasses inherit their parents' actions as they would on iOS.
public struct ActionTable {
    var actions: [String: (ViewController, AnyObject?) -> Void] = [:]
    var unwindActions: [String: (ViewController, StoryboardSegue) -> Void] = [:]

    public init() {}

    /// Adds an action: `table.action("changeColor:", ColorViewController.changeColor)`.
    public mutating func action<Controller: ViewController>(
        _ selector: String, _ method: @escaping (Controller) -> (AnyObject?) -> Void
    ) {
        actions[selector] = { controller, sender in
            if let controller = controller as? Controller { method(controller)(sender) }
        }
    }

    /// Adds an action that ignores its sender: `table.action("cancel:", AddViewController.cancel)`.
    public mutating func action<Controller: ViewController>(
        _ selector: String, _ method: @escaping (Controller) -> () -> Void
    ) {
        actions[selector] = { controller, _ in
            if let controller = controller as? Controller { method(controller)() }
        }
    }

    /// Adds an unwind action: its presence makes the class a possible unwind destination.
    public mutating func unwind<Controller: ViewController>(
        _ selector: String, _ method: @escaping (Controller) -> (StoryboardSegue) -> Void
    ) {
        unwindActions[selector] = { controller, segue in
            if let controller = controller as? Controller { method(controller)(segue) }
        }
    }

    /// Whether this table handles the action (Objective-C's `responds(to:)`).
    public func responds(toAction selector: String) -> Bool { actions[selector] != nil }

    /// Whether this table declares the unwind action.
    public func declaresUnwindAction(_ selector: String) -> Bool { unwindActions[selector] != nil }

    /// Every selector, actions and unwind actions, sorted: for lints and the help screen.
    public var selectors: [String] { (Array(actions.keys) + Array(unwindActions.keys)).sorted() }
    public var unwindSelectors: [String] { unwindActions.keys.sorted() }
}
