/// Segues, wherever they sit in a controller's subtree.
extension StoryboardMapper {
    /// Every segue in the controller's subtree, in file order, with the element that fires it.
    ///
    /// Segues live in the `<connections>` of their owner: the controller (manual segues and
    /// relationships), a cell, a bar button item (or the button it wraps), a button, or a
    /// container view. A `<segue>` without `kind` is a back reference from
    /// `inferredMetricsTieBreakers`, not a segue.
    mutating func collectSegues(in controller: ParsedElement) -> [SegueSpec] {
        var segues: [SegueSpec] = []
        for element in controller.descendants where element.name == "segue" {
            guard let kindValue = element["kind"] else { continue }
            guard let kind = SegueKind(xmlValue: kindValue) else {
                warning("unknown segue kind \(DiagnosticText.quoted(kindValue)); the segue is left out", at: element.location)
                continue
            }
            guard let id = nonEmpty(element["id"]) else {
                let target = element["destination"].map { " to " + DiagnosticText.quoted($0) } ?? ""
                error("segue\(target) has no id", at: element.location)
                continue
            }
            guard let destination = nonEmpty(element["destination"]) else {
                error("segue \(DiagnosticText.quoted(id)) has no destination", at: element.location)
                continue
            }
            var relationship: RelationshipKind?
            if kind == .relationship {
                guard let value = element["relationship"] else {
                    error(
                        "relationship segue \(DiagnosticText.quoted(id)) has no relationship attribute",
                        at: element.location)
                    continue
                }
                guard let known = RelationshipKind(rawValue: value) else {
                    warning(
                        "relationship segue \(DiagnosticText.quoted(id)) has an unknown relationship \(DiagnosticText.quoted(value)); the segue is left out",
                        at: element.location)
                    continue
                }
                relationship = known
            }
            let (owner, keyEquivalent) = owner(of: element, in: controller)
            var isAccessoryAction = false
            if case .cell = owner { isAccessoryAction = element["trigger"] == "accessoryAction" }
            segues.append(
                SegueSpec(
                    id: id,
                    identifier: nonEmpty(element["identifier"]),
                    kind: kind,
                    destinationID: destination,
                    owner: owner,
                    relationship: relationship,
                    unwindAction: nonEmpty(element["unwindAction"]),
                    customClass: nonEmpty(element["customClass"]),
                    modalPresentationStyle: element["modalPresentationStyle"].flatMap(
                        PresentationStyle.init(xmlValue:)),
                    isAccessoryAction: isAccessoryAction,
                    keyEquivalent: keyEquivalent,
                    popoverAnchorID: kind == .popover
                        ? nonEmpty(element["popoverAnchorBarButtonItem"]) ?? nonEmpty(element["popoverAnchorView"]) ?? owner.elementID
                        : nil,
                    location: element.location))
        }
        return segues
    }

    /// What fires the segue, and the key equivalent its owner declares.
    private func owner(of segue: ParsedElement, in controller: ParsedElement) -> (SegueOwner, String?) {
        var element = segue.parent ?? controller
        if element.name == "connections", let above = element.parent { element = above }
        if element.index == controller.index { return (.controller, nil) }
        let keyEquivalent = runtimeAttributes(of: element)["keyEquivalent"]
        let id = elementID(element)
        switch element.name {
        case "tableViewCell", "collectionViewCell":
            return (.cell(id: id), keyEquivalent)
        case "barButtonItem":
            return (.barButtonItem(id: id), keyEquivalent)
        case "button":
            // A bar button item wrapping a button: the item is what the user sees and presses.
            if element.key == "customView", let item = element.parent, item.name == "barButtonItem" {
                return (
                    .barButtonItem(id: elementID(item)), runtimeAttributes(of: item)["keyEquivalent"] ?? keyEquivalent
                )
            }
            return (.button(id: id), keyEquivalent)
        case "containerView":
            return (.containerView(id: id), keyEquivalent)
        default:
            return (.view(id: id), keyEquivalent)
        }
    }
}
