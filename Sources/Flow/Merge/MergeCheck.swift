/// What a merged file must be, checked after each pass: every reference resolves, and no name
/// that may be given once is given twice where neither side gave it twice.
struct MergeCheck {
    let merged: MergeSource
    let base: MergeSource
    let ours: MergeSource
    let theirs: MergeSource
    let choices: [String: MergeConflict.Choice]

    /// What a finding decides for the next pass.
    enum Finding {
        /// Keep an object (and what holds it) that one side deleted.
        case restore(String, MergeConflict?)
        /// Leave out an element, with a comment in its place.
        case leaveOut(String, MergeConflict)
        /// Write a comment before an element.
        case note(String, MergeConflict)
        /// Leave out theirs' copy of what both sides added alike.
        case duplicate(String)
        /// A reference that still dangles after what earlier passes decided: the merge cannot
        /// place what it names.
        case unresolved
    }

    func findings(adjustments: MergeAdjustments) -> [Finding] {
        if hasRepeatedIDs() { return [.unresolved] }
        var findings = missingReferences(adjustments: adjustments)
        findings += clashes(adjustments: adjustments)
        return findings
    }

    /// Whether the merged file gives an id twice that no side gives twice: never written, as
    /// Xcode refuses such a file.
    private func hasRepeatedIDs() -> Bool {
        merged.repeatedIDs.contains { !ours.repeatedIDs.contains($0) && !theirs.repeatedIDs.contains($0) }
    }

    // MARK: - References

    private func missingReferences(adjustments: MergeAdjustments) -> [Finding] {
        var findings: [Finding] = []
        var decided = Set<String>()
        merged.root.visit { element in
            for attribute in element.attributes where MergeRules.isReference(attribute.name, of: element) {
                let target = attribute.value
                guard !target.isEmpty, merged.byID[target] == nil, !MergeRules.isPlaceholderReference(target) else { continue }
                // Only what the merge made: a reference that dangles in a side already is that side's.
                guard ours.byID[target] != nil || theirs.byID[target] != nil else { continue }
                let holder = element.nearestObject
                let key = "reference:" + (holder?.id ?? element.name) + ":" + attribute.name
                guard !decided.contains(key) else { continue }
                decided.insert(key)
                                let targetName = (ours.byID[target] ?? theirs.byID[target]).map { MergeNames.object($0) } ?? target
                let oursHasTarget = ours.byID[target] != nil
                let choice = choices[key] ?? .ours
                // Ours' view of the object decides, unless someone chose theirs.
                let keepTarget = (choice == .ours) == oursHasTarget
                // Only an element that is the reference (a segue, an outlet, a constraint) is
                // left out; an object that merely names another (a cell's label) keeps it.
                let isReferenceElement = holder == element && Self.referenceElements.contains(element.name)
                if keepTarget || !isReferenceElement {
                    let conflict = MergeConflict(
                        kind: .missingReference, key: key, scene: MergeNames.scene(of: element), object: MergeNames.object(element),
                        what: "reference \(attribute.name)", ours: oursHasTarget ? targetName : nil,
                        theirs: oursHasTarget ? nil : targetName, base: nil, kept: oursHasTarget ? .ours : .theirs,
                        objectID: holder?.id)
                    let toRestore = ancestorsToRestore(target).filter { !adjustments.restored.contains($0) }
                    if toRestore.isEmpty { findings.append(.unresolved) }
                    for id in toRestore {
                        findings.append(.restore(id, id == target ? conflict : nil))
                    }
                } else if let holderID = holder?.id, adjustments.leftOut[holderID] == nil {
                    let conflict = MergeConflict(
                        kind: .missingReference, key: key, scene: MergeNames.scene(of: element), object: MergeNames.object(element),
                        what: "reference \(attribute.name)", ours: nil, theirs: targetName, base: nil, kept: .ours,
                        objectID: holderID)
                    findings.append(.leaveOut(holderID, conflict))
                } else {
                    findings.append(.unresolved)
                }
            }
        }
        return findings
    }

    /// Elements that exist to point at another object.
    static let referenceElements: Set<String> = [
        "segue", "outlet", "outletCollection", "action", "constraint", "binding", "relationship",
    ]

    /// The object and every object holding it, in the side that still has it.
    private func ancestorsToRestore(_ id: String) -> [String] {
        guard let element = ours.byID[id] ?? theirs.byID[id] else { return [] }
        var ids: [String] = []
        var current: MergeElement? = element
        while let node = current {
            if let nodeID = node.id, merged.byID[nodeID] == nil { ids.append(nodeID) }
            current = node.parent
        }
        return ids
    }

    // MARK: - Names given once

    /// One kind of name that may be given once within a scope.
    private struct UniqueName: Sendable {
        let what: String
        /// The scope and the name an element gives, or nil when it gives none.
        let name: @Sendable (MergeElement) -> (scope: String, value: String)?
    }

    private static let uniqueNames: [UniqueName] = [
        UniqueName(what: "segue identifier") { element in
            guard element.name == "segue", let identifier = element.attribute("identifier"), !identifier.isEmpty,
                element.attribute("kind") != "relationship"
            else { return nil }
            return (element.scene?.attribute("sceneID") ?? "", identifier)
        },
        UniqueName(what: "outlet property") { element in
            guard element.name == "outlet", let property = element.attribute("property"), let owner = element.parent?.parent?.id else { return nil }
            return (owner, property)
        },
        UniqueName(what: "storyboard identifier") { element in
            guard let identifier = element.attribute("storyboardIdentifier"), !identifier.isEmpty else { return nil }
            return ("", identifier)
        },
        UniqueName(what: "tag") { element in
            guard element.id != nil, let tag = element.attribute("tag"), tag != "0", let parent = element.parent,
                ["cells", "rows", "items", "subviews", "segments"].contains(parent.name),
                let owner = parent.nearestObject?.id
            else { return nil }
            return (owner + "/" + parent.name, tag)
        },
    ]

    private func clashes(adjustments: MergeAdjustments) -> [Finding] {
        var findings: [Finding] = []
        let mergedGroups = Self.groups(in: merged)
        guard mergedGroups.values.contains(where: { $0.count > 1 }) else { return [] }
        let oursGroups = Self.groups(in: ours)
        let theirsGroups = Self.groups(in: theirs)
        for (name, elements) in mergedGroups where elements.count > 1 {
            let before = max(oursGroups[name]?.count ?? 0, theirsGroups[name]?.count ?? 0)
            guard elements.count > before else { continue }
            // The one theirs brought carries the comment.
            let added = elements.first { $0.id.map { ours.byID[$0] == nil } ?? false } ?? elements.last!
            guard let id = added.id else { continue }
            // Both sides added the same thing (one outlet to one object, one segue to one
            // scene) under ids of their own: it is kept once, as ours has it.
            if elements.contains(where: { $0 != added && Self.isSame($0, as: added) }) {
                if !adjustments.duplicates.contains(id) { findings.append(.duplicate(id)) }
                continue
            }
            let key = "clash:\(name.what):\(name.scope):\(name.value)"
            let conflict = MergeConflict(
                kind: .clash, key: key, scene: MergeNames.scene(of: added), object: MergeNames.object(added), what: name.what,
                ours: name.value, theirs: name.value, base: nil, kept: .ours, objectID: id)
            if adjustments.notes[id]?.contains(where: { $0.key == key }) != true {
                findings.append(.note(id, conflict))
            }
        }
        return findings
    }

    /// Whether two elements are one thing added twice: the same element with the same
    /// attributes but their ids, and nothing inside.
    static func isSame(_ element: MergeElement, as other: MergeElement) -> Bool {
        guard element.name == other.name, element.children.isEmpty, other.children.isEmpty, element.text == nil, other.text == nil else { return false }
        func values(_ element: MergeElement) -> [String: String] {
            Dictionary(element.attributes.filter { $0.name != "id" }.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        return values(element) == values(other)
    }

    private struct NameKey: Hashable {
        let what: String
        let scope: String
        let value: String
    }

    /// Every name given once, with the elements giving it, in one walk of the file.
    private static func groups(in source: MergeSource) -> [NameKey: [MergeElement]] {
        var groups: [NameKey: [MergeElement]] = [:]
        source.root.visit { element in
            for unique in uniqueNames {
                if let name = unique.name(element) {
                    groups[NameKey(what: unique.what, scope: name.scope, value: name.value), default: []].append(element)
                }
            }
        }
        return groups
    }
}
