/// A controller that holds others and decides which of them are on screen: a navigation
/// stack, a tab bar, a split view, a page view controller.
///
/// What differs between container kinds lives in the kind's conformance
/// (`NavigationController+Container.swift` and its siblings), so the storyboard's wiring, the
/// navigation state, state restoration, the invariants, unwinding and `show` routing ask the
/// container instead of switching on its class. A new container kind is its class, one
/// conformance, and a presentation in the shell.
protocol Container: NavigationStateNode {
    /// Takes the children its scene's relationships name as the storyboard makes it (a
    /// stack's root, the tabs, the columns), each with its relationship, in the file's
    /// order; `declared` are the scene's relationships, the missing scenes' included.
    func adoptStoryboardChildren(_ children: StoryboardChildren, declared: [SegueSpec])
    /// The name its saved contents go by (by default its node kind's, `navigation`): contents
    /// of another kind are not given to it (a scene the file made a tab bar since).
    var restorationKind: String { get }
    /// Writes what it holds into its saved contents, under names of its choosing: a stack,
    /// tabs, columns, a page, and the state that goes with them.
    func encodeContents(into contents: inout RestorationArchive.Contents, with encoder: RestorationEncoder)
    /// Gives it back what `contents` saved, before it is on screen (no appearance calls).
    func restoreContents(from contents: RestorationArchive.Contents, with rebuilder: RestorationRebuilder)
    /// What is wrong with it on screen when it has nothing to show where UIKit could not be
    /// empty, else what `check` finds in the children it shows; nil when all is well.
    func emptinessProblem(checking check: (ViewController) -> String?) -> String?
    /// Makes `child` the one it shows, with no appearance calls: its step as an unwind
    /// segue walks up from its destination (a stack pops above it, a tab bar selects it).
    func revealSilently(_ child: ViewController)
    /// What ``revealSilently(_:)`` would take off screen for good (a stack's controllers
    /// above `child`), for the unwind's list of controllers it removes.
    func controllersRemoved(byRevealing child: ViewController) -> [ViewController]
    /// Makes `child` the one it shows as the user would reach it, with the appearance calls:
    /// its step when the linter's unwind dry run follows a relationship into it (a tab bar
    /// selects the tab).
    func reveal(_ child: ViewController)
    /// Its step when `show` walks up to it from a controller inside it (in its child
    /// `child`, or from itself): shows `controller` its way (a stack pushes it) and returns
    /// true, or returns false to pass it up.
    func showStep(_ controller: ViewController, from child: ViewController) -> Bool
    /// Its step when `showDetailViewController` walks up to it from a controller inside it:
    /// shows `controller` as its detail and returns true, or returns false to pass it up.
    func showDetailStep(_ controller: ViewController) -> Bool
}

extension Container {
    var restorationKind: String { String(describing: nodeKind) }

    /// Its children are its own, in the file's order.
    func adoptStoryboardChildren(_ children: StoryboardChildren, declared: [SegueSpec]) {
        for (_, child) in children { addChild(child) }
    }

    /// A container that can't be empty on screen by its own fault asks the children it shows.
    func emptinessProblem(checking check: (ViewController) -> String?) -> String? {
        for child in childrenOnScreen {
            if let problem = check(child) { return problem }
        }
        return nil
    }

    /// Columns and pages stay as they are when an unwind passes through them.
    func revealSilently(_ child: ViewController) {}

    /// Nothing is removed where nothing is popped.
    func controllersRemoved(byRevealing child: ViewController) -> [ViewController] { [] }

    /// A stack, columns and pages stay as they are.
    func reveal(_ child: ViewController) {}

    /// Most containers pass `show` and `showDetailViewController` up.
    func showStep(_ controller: ViewController, from child: ViewController) -> Bool { false }
    func showDetailStep(_ controller: ViewController) -> Bool { false }
}

/// A controller that has a node kind of its own in ``NavigationState`` (every container, and
/// an alert); any other controller is a scene.
protocol NavigationStateNode: ViewController {
    /// How the navigation state prints it.
    var nodeKind: NavigationState.Node.Kind { get }
    /// Whether it is of the kind's own class rather than a subclass an app wrote: then only
    /// its kind is printed (with no custom class in the file).
    var isOfTheKindsOwnClass: Bool { get }
}

/// The children a scene's relationships name, each with its relationship, in the file's order.
typealias StoryboardChildren = [(relationship: RelationshipKind?, controller: ViewController)]
