/// The key lint: two triggers of one scene answering to the same key.
extension StoryboardLinter {
    /// Something in a scene a key fires: a bar button item, a button, a cell, a control.
    struct KeyTrigger {
        var key: String
        var elementID: String
        var description: String
        var location: SourceLocation
    }

    /// Pairs of triggers in one scene with the same key. Keys come from `keyEquivalent`
    /// runtime attributes (a character, a key name, or `C-x`), else from the defaults a shell
    /// gives: `+` for an add bar button, Ctrl-S for a done or save bar button.
    static func keyClashes(_ document: StoryboardDocument) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for controller in document.controllers {
            var firstByKey: [String: KeyTrigger] = [:]
            for trigger in keyTriggers(of: controller) {
                if let first = firstByKey[trigger.key] {
                    findings.append(
                        warning(
                            document, trigger.location,
                            "\(trigger.description) and \(first.description) (at \(first.location)) in scene \(controller.sceneName) both use the key \(displayName(ofKey: trigger.key)); only one of them can have it"))
                } else {
                    firstByKey[trigger.key] = trigger
                }
            }
        }
        return findings
    }

    /// Every keyed trigger of a scene, in file order.
    static func keyTriggers(of controller: ControllerSpec) -> [KeyTrigger] {
        var triggers: [KeyTrigger] = []
        let items = (controller.navigationItem?.leftItems ?? []) + (controller.navigationItem?.rightItems ?? [])
        collectItemTriggers(items + controller.toolbarItems, into: &triggers)
        if let view = controller.view { collectViewTriggers(view, into: &triggers) }
        let counted = Set(triggers.map(\.elementID))
        for segue in controller.segues {
            guard let key = segue.keyEquivalent, let owner = segue.owner.elementID, !counted.contains(owner) else { continue }
            triggers.append(
                KeyTrigger(
                    key: normalizedKey(key), elementID: owner,
                    description: "the element \(DiagnosticText.quoted(owner)) firing segue \(DiagnosticText.quoted(segue.identifier ?? segue.id))",
                    location: segue.location))
        }
        return triggers
    }

    /// The bar button items of a navigation item or a toolbar that have a key.
    private static func collectItemTriggers(_ items: [BarButtonItemSpec], into triggers: inout [KeyTrigger]) {
        for item in items {
            guard let key = item.keyEquivalent.map(normalizedKey) ?? defaultKey(of: item) else { continue }
            let kind = item.systemItem.map { "\($0.rawValue) bar button item" } ?? "bar button item"
            triggers.append(
                KeyTrigger(
                    key: key, elementID: item.id,
                    description: "the \(kind) \(DiagnosticText.quoted(item.displayTitle))", location: item.location))
        }
    }

    private static func collectViewTriggers(_ view: ViewSpec, into triggers: inout [KeyTrigger]) {
        if let key = view.keyEquivalent {
            triggers.append(KeyTrigger(key: normalizedKey(key), elementID: view.id, description: describe(view), location: view.location))
        }
        for subview in view.subviews { collectViewTriggers(subview, into: &triggers) }
        if let items = view.kind.toolbarItems { collectItemTriggers(items, into: &triggers) }
        for cell in view.cells {
            // The mapper keeps a cell's runtime attributes on its content view.
            if let key = cell.contentView.keyEquivalent {
                let name = cell.text ?? cell.reuseIdentifier ?? cell.id
                triggers.append(
                    KeyTrigger(key: normalizedKey(key), elementID: cell.id, description: "the cell \(DiagnosticText.quoted(name))", location: cell.location))
            }
            for subview in cell.contentView.subviews { collectViewTriggers(subview, into: &triggers) }
        }
    }

    private static func describe(_ view: ViewSpec) -> String {
        if let title = view.kind.buttonTitle {
            "the button \(DiagnosticText.quoted(title.isEmpty ? view.id : title))"
        } else {
            "the view \(DiagnosticText.quoted(view.id))"
        }
    }

    /// The key a shell gives a bar button item by default, if any.
    static func defaultKey(of item: BarButtonItemSpec) -> String? {
        item.systemItem?.defaultKey
    }

    /// One spelling per key, in the notation of ``KeyCommand/input``: `C-s` and `c-S` are
    /// both `C-s`; names (`Enter`, `F2`) ignore case; single characters keep it (`N` is
    /// Shift-n).
    static func normalizedKey(_ raw: String) -> String {
        let key = raw.trimmingSpaces
        if key.count == 3, key.hasPrefix("C-") || key.hasPrefix("c-") {
            return "C-" + key.dropFirst(2).lowercased()
        }
        return key.count > 1 ? key.lowercased() : key
    }

    /// How a message shows a normalized key.
    static func displayName(ofKey key: String) -> String {
        if key.hasPrefix("C-") { return "Ctrl-" + key.dropFirst(2).uppercased() }
        return DiagnosticText.quoted(key)
    }
}

extension String {
    /// The string without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
