import Flow

/// The order Tab moves in on a screen: its table or grid (as one item) and its enabled
/// controls in reading order, then those of embedded children, then a control in the bar's
/// title view. A search bar comes after what it filters: a screen opens on its rows, as
/// UIKit's does, and `/` goes to the bar.
enum Focus {
    /// The items of `controller`'s screen that take the focus, in Tab order. For a screen
    /// reader, an element the storyboard takes out of accessibility is passed over unless
    /// using it does something (`isActionable`).
    static func items(of controller: ViewController, screenReader: Bool = false) -> [View] {
        guard controller.isViewLoaded else { return [] }
        var result: [View] = []
        collect(controller.view, into: &result)
        if result.count > 1, result[0].presentation?.yieldsOpeningFocus == true,
            let first = result.firstIndex(where: { $0.presentation?.yieldsOpeningFocus != true })
        {
            result = Array(result[first...]) + result[..<first]
        }
        // A control in the bar's title view (a segmented control) comes after the content.
        if let titleView = controller.navigationItem.titleView as? Control, titleView.isEnabled, !titleView.isHidden {
            result.append(titleView)
        }
        // Then the controls bar items show in their place (a segmented control in a toolbar).
        for item in controller.barButtonItemsOnScreen {
            if let control = item.customView as? Control, control.isEnabled, !control.isHidden { result.append(control) }
        }
        if screenReader { result.removeAll { $0.accessibility.isElement == false && !isActionable($0) } }
        return result
    }

    /// Whether using `view` does something: a table or grid (its rows and items), a control
    /// whose value the user changes, or a button with actions, segues or a key of its own. A
    /// button wired to nothing does nothing when pressed.
    static func isActionable(_ view: View) -> Bool {
        view.presentation?.isActionable ?? (view is Control)
    }

    /// Adds the focusable items of `view`'s tree.
    static func collect(_ view: View, into list: inout [View]) {
        if view.isHidden { return }
        if let presentation = view.presentation {
            presentation.addFocusables(to: &list)
            return
        }
        for subview in view.subviews { collect(subview, into: &list) }
    }

    /// The item the focus index points at, the index kept within the items.
    static func focused(_ items: [View], index: Int) -> View? {
        items.isEmpty ? nil : items[min(max(index, 0), items.count - 1)]
    }

    /// The text field typing goes into while `focused` has the focus: a field, a search
    /// bar's field, the field in a focused static table's highlighted row.
    static func activeTextField(_ focused: View?) -> TextField? {
        focused?.presentation?.textInputField
    }
}
