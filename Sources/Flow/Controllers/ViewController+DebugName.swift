extension ViewController {
    /// How the trace, warnings and every report name this controller: its class, followed by
    /// its title in quotes where the class alone does not say which controller it is.
    ///
    /// The class is the scene's custom class, else the runtime's class for the scene
    /// (`ViewController`, `TableViewController`, `NavigationController`…); a controller made
    /// in code has its Swift class. The class is enough when it names one scene: a custom
    /// class that no other scene of the same file uses, or a class made in code. Otherwise,
    /// for a generic class (a file without code) or a class several scenes share, the name
    /// adds the scene's title, else its storyboard identifier, else, for a container, its
    /// root's title, else the scene's element id: `ViewController "Game Over"`,
    /// `NavigationController "Daily Buzz"`. Names come from the file, not from titles code
    /// sets later, so a controller keeps its name for its whole life.
    public var debugName: String {
        if let spec, let storyboard {
            if let known = sceneDebugName { return known }
            let made = Self.name(of: spec, in: storyboard)
            sceneDebugName = made
            return made
        }
        // Only a generic controller's name changes, with its title.
        let className = ownGenericClassName
        let qualifier = className == nil ? nil : codeQualifier
        if let known = codeDebugName, known.qualifier == qualifier { return known.name }
        let name = className.map { name in qualifier.map { Self.qualified(name, $0) } ?? name }
            ?? String(describing: type(of: self))
        codeDebugName = (qualifier, name)
        return name
    }

    /// The name of the runtime's own class, when this controller is one of them (not a
    /// subclass): a generic controller, named with its title.
    private var ownGenericClassName: String? {
        ControllerKind.ofOwnClass(self)?.properties.className
    }

    /// The name a controller made from `spec` has (see `debugName`).
    static func name(of spec: ControllerSpec, in storyboard: Storyboard) -> String {
        if spec.kind == .reference, let reference = spec.reference {
            let identifier = reference.referencedIdentifier.map { " \"\($0)\"" } ?? ""
            return "\(reference.storyboardName).storyboard\(identifier)"
        }
        let className: String
        if let custom = spec.customClass, !custom.isEmpty {
            className = custom
            guard storyboard.sharedClassNames.contains(custom) else { return className }
        } else {
            className = spec.kind.properties.className
        }
        return qualified(className, sceneQualifier(of: spec, in: storyboard.document))
    }

    private static func qualified(_ className: String, _ qualifier: String) -> String {
        "\(className) \"\(qualifier)\""
    }

    /// What tells a scene apart from others of its class: its title, its storyboard
    /// identifier, its root's title (a container's), or its element id.
    private static func sceneQualifier(of spec: ControllerSpec, in document: StoryboardDocument) -> String {
        if let title = spec.displayTitle, !title.isEmpty { return title }
        if let identifier = spec.storyboardIdentifier, !identifier.isEmpty { return identifier }
        if let rootID = spec.relationships.first?.destinationID,
            let title = document.controller(id: rootID)?.displayTitle, !title.isEmpty
        {
            return title
        }
        return spec.id
    }

    /// What tells a generic controller made in code apart: its title, else its first
    /// child's (a container's root); nil when it has neither.
    private var codeQualifier: String? {
        if let title = displayTitle, !title.isEmpty { return title }
        if let title = children.first?.displayTitle, !title.isEmpty { return title }
        return nil
    }
}
