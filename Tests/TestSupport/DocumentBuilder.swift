import Flow

/// Small constructors for storyboard documents in tests, so runtime tests don't depend on the
/// XML loader. Ids double as titles unless a title is given.
public enum Scene {
    /// A plain view controller with buttons (id → title) and segues.
    public static func view(
        _ id: String, title: String? = nil, customClass: String? = nil, storyboardID: String? = nil,
        restorationID: String? = nil, buttons: [(String, String)] = [], containers: [String] = [],
        barItems: [BarButtonItemSpec] = [], leftBarItems: [BarButtonItemSpec] = [],
        segues: [SegueSpec] = [], style: PresentationStyle? = nil
    ) -> ControllerSpec {
        var subviews = buttons.map { ViewSpec(id: $0.0, kind: .button(title: $0.1)) }
        subviews += containers.map { ViewSpec(id: $0, kind: .containerView) }
        return ControllerSpec(
            id: id, kind: .viewController, customClass: customClass, storyboardIdentifier: storyboardID ?? id,
            restorationIdentifier: restorationID, title: title ?? id, modalPresentationStyle: style,
            navigationItem: NavigationItemSpec(title: title ?? id, leftItems: leftBarItems, rightItems: barItems),
            view: ViewSpec(id: id + ".view", kind: .view, subviews: subviews), segues: segues,
            exitID: id + ".exit")
    }

    /// A navigation controller over `root`.
    public static func navigation(_ id: String, root: String, customClass: String? = nil, restorationID: String? = nil, style: PresentationStyle? = nil) -> ControllerSpec {
        ControllerSpec(
            id: id, kind: .navigationController, customClass: customClass, storyboardIdentifier: id,
            restorationIdentifier: restorationID, modalPresentationStyle: style,
            segues: [SegueSpec(id: id + ".root", kind: .relationship, destinationID: root, relationship: .rootViewController)])
    }

    /// A tab bar controller over `tabs`, in order.
    public static func tabs(_ id: String, _ tabs: [String]) -> ControllerSpec {
        ControllerSpec(
            id: id, kind: .tabBarController, storyboardIdentifier: id,
            segues: tabs.map { SegueSpec(id: id + "." + $0, kind: .relationship, destinationID: $0, relationship: .viewControllers) })
    }

    /// A split view controller over its columns (controller ids), those given.
    public static func split(
        _ id: String, primary: String, supplementary: String? = nil, secondary: String? = nil, compact: String? = nil
    ) -> ControllerSpec {
        let columns: [(String?, RelationshipKind)] = [
            (primary, .masterViewController), (supplementary, .supplementaryViewController),
            (secondary, .detailViewController), (compact, .compactViewController),
        ]
        return ControllerSpec(
            id: id, kind: .splitViewController, storyboardIdentifier: id,
            segues: columns.compactMap { destination, relationship in
                destination.map { SegueSpec(id: "\(id).\($0)", kind: .relationship, destinationID: $0, relationship: relationship) }
            })
    }

    /// A table view controller with static rows (each row: id, title) that fire `segues`.
    public static func table(
        _ id: String, title: String? = nil, customClass: String? = nil, rows: [(String, String)] = [],
        prototypes: [String] = [], barItems: [BarButtonItemSpec] = [], segues: [SegueSpec] = [],
        restorationID: String? = nil
    ) -> ControllerSpec {
        let table = TableSpec(
            id: id + ".table", dataMode: prototypes.isEmpty ? .staticCells : .prototypes,
            sections: rows.isEmpty ? [] : [TableSectionSpec(cells: rows.map { CellSpec(id: $0.0, style: .basic, accessoryType: .disclosureIndicator, text: $0.1) })],
            prototypes: prototypes.map { CellSpec(id: "proto." + $0, style: .basic, reuseIdentifier: $0) })
        return ControllerSpec(
            id: id, kind: .tableViewController, customClass: customClass, storyboardIdentifier: id,
            restorationIdentifier: restorationID, title: title ?? id,
            navigationItem: NavigationItemSpec(title: title ?? id, rightItems: barItems),
            view: ViewSpec(id: id + ".view", kind: .table(table)), segues: segues, exitID: id + ".exit")
    }
}

/// Segue constructors for tests.
public enum Segue {
    public static func show(_ destination: String, from owner: SegueOwner = .controller, identifier: String? = nil) -> SegueSpec {
        SegueSpec(id: "seg.\(identifier ?? destination).\(owner.elementID ?? "manual")", identifier: identifier, kind: .show, destinationID: destination, owner: owner)
    }
    public static func present(_ destination: String, from owner: SegueOwner = .controller, identifier: String? = nil, style: PresentationStyle? = nil) -> SegueSpec {
        SegueSpec(id: "seg.\(identifier ?? destination).\(owner.elementID ?? "manual")", identifier: identifier, kind: .present, destinationID: destination, owner: owner, modalPresentationStyle: style)
    }
    public static func unwind(_ action: String, from owner: SegueOwner = .controller, identifier: String? = nil, exit: String) -> SegueSpec {
        SegueSpec(id: "seg.unwind.\(action).\(owner.elementID ?? "manual")", identifier: identifier, kind: .unwind, destinationID: exit, owner: owner, unwindAction: action)
    }
    public static func showDetail(_ destination: String, from owner: SegueOwner = .controller, identifier: String? = nil) -> SegueSpec {
        SegueSpec(id: "seg.detail.\(identifier ?? destination).\(owner.elementID ?? "manual")", identifier: identifier, kind: .showDetail, destinationID: destination, owner: owner)
    }
    public static func embed(_ destination: String, container: String, identifier: String? = nil) -> SegueSpec {
        SegueSpec(id: "seg.embed.\(destination)", identifier: identifier, kind: .embed, destinationID: destination, owner: .containerView(id: container))
    }
    public static func custom(_ destination: String, from owner: SegueOwner, className: String, identifier: String? = nil) -> SegueSpec {
        SegueSpec(id: "seg.custom.\(destination)", identifier: identifier, kind: .custom, destinationID: destination, owner: owner, customClass: className)
    }
}

extension BarButtonItemSpec {
    /// A bar button item for tests.
    public static func item(_ id: String, _ system: BarButtonSystemItem? = nil, title: String? = nil, actions: [String] = []) -> BarButtonItemSpec {
        BarButtonItemSpec(id: id, title: title, systemItem: system, actions: actions.map { ActionSpec(selector: $0, destinationID: "") })
    }
}

/// An application running a document built in code.
public func makeApplication(_ controllers: [ControllerSpec], initial: String?, registry: ClassRegistry = ClassRegistry()) -> (Application, Storyboard) {
    let application = Application(registry: registry)
    let document = StoryboardDocument(fileName: "Test.storyboard", initialControllerID: initial, controllers: controllers)
    return (application, application.storyboard(document: document))
}

/// Launches a document built in code and returns its driver.
public func launch(_ controllers: [ControllerSpec], initial: String, registry: ClassRegistry = ClassRegistry()) throws -> FlowDriver {
    let (application, storyboard) = makeApplication(controllers, initial: initial, registry: registry)
    return try withExtendedLifetime(application) { try FlowDriver.launch(storyboard) }
}
