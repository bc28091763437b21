/// How conflicts name scenes and objects for a person: a scene by its controller's title,
/// class or storyboard identifier; an object by its element, its label or text, and its id.
enum MergeNames {

    /// The scene an element is in, as a person names it: its controller's title, class or
    /// storyboard identifier, else its scene id.
    static func scene(of element: MergeElement) -> String? {
        guard let scene = element.scene else { return nil }
        let controller = scene.children.first { $0.name == "objects" }?.children.first
        if let controller {
            for attribute in ["title", "userLabel", "storyboardIdentifier", "customClass"] {
                if let value = controller.attribute(attribute), !value.isEmpty { return "\"\(DiagnosticText.escaped(value))\"" }
            }
            if let item = controller.children.first(where: { $0.name == "navigationItem" }), let title = item.attribute("title") {
                return "\"\(DiagnosticText.escaped(title))\""
            }
        }
        return scene.attribute("sceneID").map { DiagnosticText.escaped($0) }
    }

    /// An object as a person names it: its element, its label or text, and its id.
    static func object(_ element: MergeElement) -> String {
        let object = element.nearestObject ?? element
        var name = object.name
        for attribute in ["identifier", "property", "title", "text", "userLabel", "storyboardIdentifier", "customClass", "selector"] {
            if let value = object.attribute(attribute), !value.isEmpty {
                name += " \"\(DiagnosticText.escaped(value))\""
                break
            }
        }
        if let id = object.id { name += " (\(DiagnosticText.escaped(id)))" }
        if object != element {
            name += " " + DiagnosticText.escaped(MergeRules.identity(of: element).key)
        }
        return name
    }

    /// The id of the controller of the scene an element is in.
    static func controllerID(of element: MergeElement) -> String? {
        element.scene?.children.first { $0.name == "objects" }?.children.first?.id
    }
}
