import FoundationEssentials

/// Cross-reference checks on a mapped storyboard: every id unique, every segue landing on
/// something that exists, relationships only where a container can hold children.
struct StoryboardValidator {
    let file: String
    let document: StoryboardDocument
    /// Where `storyboardName` references are looked up.
    let references: ReferenceScope
    private(set) var diagnostics: [Diagnostic] = []

    init(file: String, document: StoryboardDocument, references: ReferenceScope) {
        self.file = file
        self.document = document
        self.references = references
    }

    private mutating func error(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.error, file: file, location: location, message))
    }

    private mutating func warning(_ message: String, at location: SourceLocation) {
        diagnostics.append(Diagnostic(.warning, file: file, location: location, message))
    }

    /// Runs every check; the diagnostics are in no particular order.
    mutating func validate(root: ParsedElement) {
        checkUniqueIDs(root: root)
        checkInitialController(root: root)
        let exitIDs = Set(document.controllers.compactMap(\.exitID))
        for controller in document.controllers {
            checkSegues(of: controller, exitIDs: exitIDs)
            if controller.kind == .reference { checkReference(controller) }
        }
    }

    /// Ids are unique across the scenes (elements outside them, like `<device id=…>`, use
    /// `id` for something else).
    private mutating func checkUniqueIDs(root: ParsedElement) {
        let scenes = root.children(named: "scenes")
        var seen = RepeatedValues(tree: root.tree, capacity: scenes.reduce(0) { $0 + $1.descendantCount })
        for group in scenes {
            group.forEachDescendant(with: "id") { element, attribute in
                guard let first = seen.insert(attribute: attribute, of: element.index) else { return }
                let id = DiagnosticText.quoted(root.tree.value(of: root.tree.attributes[attribute]))
                let firstLocation = ParsedElement(tree: root.tree, index: first).location
                error("duplicate id \(id) (first used at \(firstLocation))", at: element.location)
            }
        }
    }

    private mutating func checkInitialController(root: ParsedElement) {
        guard let initial = document.initialControllerID else {
            // Normal for a storyboard whose scenes are instantiated by identifier or through
            // references (Xcode accepts it); one with neither can never be opened. The app's
            // main storyboard must have one: `AppLinter` says so, knowing which it is.
            if !document.controllers.contains(where: { !($0.storyboardIdentifier ?? "").isEmpty }) {
                warning(
                    "no initial view controller and no scene with a storyboard identifier: nothing can open this storyboard",
                    at: root.location)
            }
            return
        }
        if !document.containsController(id: initial) {
            error(
                "initialViewController \(DiagnosticText.quoted(initial)) is not a view controller in this file",
                at: root.location)
        }
    }

    private mutating func checkSegues(of controller: ControllerSpec, exitIDs: Set<String>) {
        var identifierUse: [String: SourceLocation] = [:]
        var relationshipUse: [RelationshipKind: SourceLocation] = [:]
        for segue in controller.segues {
            let name = DiagnosticText.quoted(segue.id)
            let destination = DiagnosticText.quoted(segue.destinationID)
            if segue.kind == .unwind {
                if segue.destinationID != controller.exitID {
                    let because = controller.exitID == nil ? " (the scene has no <exit>)" : ""
                    error(
                        "unwind segue \(name) goes to \(destination), which is not this scene's exit\(because)",
                        at: segue.location)
                }
            } else if !document.containsController(id: segue.destinationID) {
                if exitIDs.contains(segue.destinationID) {
                    error(
                        "segue \(name) goes to \(destination), which is a scene's exit; only unwind segues go there",
                        at: segue.location)
                } else {
                    error(
                        "segue \(name) goes to \(destination), which is not a scene in this file",
                        at: segue.location)
                }
            }
            if let relationship = segue.relationship {
                checkRelationship(segue, relationship, of: controller)
                // A container has one root, one master, one detail; tabs may be many.
                if relationship != .viewControllers, segue.owner == .controller {
                    if let first = relationshipUse[relationship] {
                        error(
                            "a second \(relationship.rawValue) relationship (segue \(name)); the first is at \(first)",
                            at: segue.location)
                    } else {
                        relationshipUse[relationship] = segue.location
                    }
                }
            }
            if let identifier = segue.identifier {
                // Xcode builds such a file with a warning; the first segue answers to the name.
                if let first = identifierUse[identifier] {
                    warning(
                        "segue identifier \(DiagnosticText.quoted(identifier)) is used twice in this scene (first at \(first))",
                        at: segue.location)
                } else {
                    identifierUse[identifier] = segue.location
                }
            }
        }
    }

    /// Only navigation, tab bar and split view controllers hold children by relationship.
    private mutating func checkRelationship(
        _ segue: SegueSpec, _ relationship: RelationshipKind, of controller: ControllerSpec
    ) {
        let name = DiagnosticText.quoted(segue.id)
        guard segue.owner == .controller else {
            error(
                "relationship segue \(name) is fired by an element inside the scene; relationships belong to a container controller",
                at: segue.location)
            return
        }
        let container = relationship.container
        if controller.kind != container {
            error(
                "relationship segue \(name) (\(relationship.rawValue)) comes from a \(controller.kind.rawValue); only a \(container.rawValue) has \(relationship.rawValue)",
                at: segue.location)
        }
    }

    /// A reference names a storyboard by bare name; one that is not there is a warning.
    private mutating func checkReference(_ controller: ControllerSpec) {
        let id = DiagnosticText.quoted(controller.id)
        guard let name = controller.reference?.storyboardName else {
            error("storyboard reference \(id) has no storyboardName", at: controller.location)
            return
        }
        if name.contains("/") || name.contains("\\") || name == "." || name == ".." {
            error(
                "storyboard reference \(id) names \(DiagnosticText.quoted(name)), which is not a plain file name",
                at: controller.location)
            return
        }
        if !references.contains(name) {
            warning(
                "storyboard reference \(id) names \(DiagnosticText.quoted(name)), but \(DiagnosticText.escaped(name)).storyboard is not in this folder; following it shows a stand-in",
                at: controller.location)
        }
    }
}
