extension DiffSnapshot {
    /// How a scene is named, as the trace names it: its class (custom, else the runtime's
    /// for the element), with its title or storyboard identifier in quotes when it has one;
    /// a storyboard reference by the file and scene it opens.
    func sceneName(_ scene: Int) -> String {
        guard let controller = controller(of: scene) else { return "scene" }
        return controllerName(controller)
    }

    /// The name of the scene whose controller has `id`, or nil when there is none.
    func sceneName(ofController id: String?) -> String? {
        guard let object = object(id) else { return nil }
        if object.role == .controller { return controllerName(object) }
        if object.element == "exit" { return "Exit" }
        return objectName(object)
    }

    func controllerName(_ controller: Object) -> String {
        if controller.element == "viewControllerPlaceholder" {
            let file = (controller.properties["storyboardName"] ?? "?") + ".storyboard"
            return controller.properties["referencedIdentifier"].map { "\(file) \"\($0)\"" } ?? file
        }
        let className = controller.properties["customClass"] ?? Self.className(ofElement: controller.element)
        let title = controller.texts["title"] ?? navigationTitle(of: controller) ?? controller.properties["storyboardIdentifier"]
            ?? rootTitle(of: controller)
        return title.map { "\(className) \"\($0)\"" } ?? className
    }

    /// A container's root's title: what a navigation controller without one is known by.
    private func rootTitle(of controller: Object) -> String? {
        guard scenes.indices.contains(controller.scene) else { return nil }
        for object in objects[scenes[controller.scene].objectRange]
        where object.role == .segue && object.parent == controller.id && object.properties["relationship"] == "rootViewController" {
            guard let root = self.object(object.references["destination"]), root.role == .controller else { return nil }
            return root.texts["title"] ?? navigationTitle(of: root) ?? root.properties["storyboardIdentifier"]
        }
        return nil
    }

    /// The title of the tab bar item of the controller with `id`: what its tab is labelled.
    func tabTitle(ofController id: String) -> String? {
        guard let controller = object(id), controller.role == .controller, scenes.indices.contains(controller.scene) else { return nil }
        for object in objects[scenes[controller.scene].objectRange] where object.parent == controller.id && object.element == "tabBarItem" {
            return object.texts["title"]
        }
        return nil
    }

    /// The title of the controller's navigation item, the title a bar shows for it.
    private func navigationTitle(of controller: Object) -> String? {
        guard let scene = scenes.indices.contains(controller.scene) ? scenes[controller.scene] : nil else { return nil }
        for object in objects[scene.objectRange] where object.parent == controller.id && object.element == "navigationItem" {
            return object.texts["title"]
        }
        return nil
    }

    /// `viewController` → `ViewController`: the runtime's class for a scene element.
    static func className(ofElement element: String) -> String {
        guard let first = element.first else { return element }
        return first.uppercased() + element.dropFirst()
    }

    /// How an object is named: its element, its custom class, and the text it shows.
    func objectName(_ object: Object) -> String {
        switch object.role {
        case .controller:
            return controllerName(object)
        case .segue:
            let kind = object.properties["kind"] ?? "segue"
            let relation = object.properties["relationship"].map { " \($0)" } ?? ""
            let identifier = object.properties["identifier"].map { " \"\($0)\"" } ?? ""
            return "segue \(kind)\(relation)\(identifier)"
        case .connection:
            let name = object.properties["property"] ?? object.properties["selector"] ?? ""
            return "\(object.element) \(name)"
        case .constraint:
            return "constraint"
        case .view, .placeholder:
            var name = object.element
            if let custom = object.properties["customClass"] { name += " (\(custom))" }
            if let text = Self.shownText(object) { name += " \"\(text)\"" }
            return name
        }
    }

    /// An object's name and id, `view [8bC-Xf-vdC]`; the id alone when there is no such object.
    func label(of id: String) -> String {
        guard let object = object(id) else { return "[\(id)]" }
        return objectName(object) + " [\(id)]"
    }

    /// The text that tells a view apart: what it shows, else its placeholder.
    static func shownText(_ object: Object) -> String? {
        for key in ["title", "text", "placeholder", "headerTitle", "accessibility label"] {
            if let text = object.texts[key], !text.isEmpty { return text }
        }
        return nil
    }
}
