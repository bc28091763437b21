/// What the runtime does when a storyboard wires a control to code that is not there.
///
/// Real storyboards run here without their code, or with a class that lacks an action.
/// A Cancel or Done button on a presented scene is almost always wired to an action whose
/// code dismisses (or pops); without that code the user would be trapped on the scene. So
/// when such an action cannot run and nothing else happened, the scene closes the way the
/// storyboard implies, and the status line and the trace say so.
public enum MissingCode {
    /// Words in a title or selector that mean "leave this screen".
    static let closingWords = ["cancel", "done", "save", "close", "dismiss", "finish"]

    /// Whether an element titled `title` (or a system item) with these action selectors
    /// reads as closing its screen: Cancel, Done, Save, or `cancel:`, `doneTapped:`,
    /// `didTapClose:`…
    public static func impliesClosing(title: String?, systemItem: BarButtonSystemItem?, selectors: [String]) -> Bool {
        if let systemItem, [.cancel, .done, .save].contains(systemItem) { return true }
        let words = [title ?? ""] + selectors
        return words.contains { text in
            let lowered = text.lowercased()
            return closingWords.contains { lowered.contains($0) } || ["ok", "back"].contains(String(lowered.filter { $0 != " " }))
        }
    }
}

extension ViewController {
    /// Whether this controller runs code registered for its scene's class: false for the
    /// generic controller standing in for a class the registry does not know.
    public var runsRegisteredCode: Bool {
        ControllerKind.ofOwnClass(self) == nil
    }

    /// After a tap: reports actions this controller lacks, and when they were all the tap
    /// would have done and the element reads as closing, closes this screen instead.
    func handleMissingActions(_ missing: [String], anythingElseRan: Bool, closes: Bool) {
        guard let application, let selector = missing.first else { return }
        let prefix = runsRegisteredCode ? "\(debugName) has no action \(selector)" : "no code for \(selector)"
        guard !anythingElseRan, closes, let closing = closingTransition() else {
            for name in missing {
                application.warn(runsRegisteredCode ? "\(debugName) has no action \(name)" : "no code for \(name)")
            }
            return
        }
        let message = "\(prefix) — \(closing.what)"
        application.tracingTransition {
            application.warn(message)
            application.trace.record(.transition(TransitionRecord(
                kind: .fallback, source: debugName, destination: Application.visibleTop(of: closing.destination).debugName,
                reason: message)))
            application.withoutTransitionHeaders(closing.perform)
        }
    }

    /// How this screen closes when its code is missing: popped when it was pushed, else
    /// dismissed when it was presented; nil on the first screen, which has nowhere to go.
    func closingTransition() -> (what: String, destination: ViewController, perform: () -> Void)? {
        if let navigation = navigationController, let index = navigation.viewControllers.firstIndex(where: { $0 === self || isDescendant(of: $0) }),
            index > 0
        {
            let previous = navigation.viewControllers[index - 1]
            let title = previous.displayTitle.map { " to \($0)" } ?? ""
            return ("went back\(title)", previous, { navigation.popToViewController(previous) })
        }
        let context = rootAncestor
        if let presenter = context.presentingViewController {
            let what = context.modalPresentationStyle.isSheet ? "closed the sheet" : "closed the screen"
            return (what, presenter, { [weak self] in self?.dismiss() })
        }
        return nil
    }
}
