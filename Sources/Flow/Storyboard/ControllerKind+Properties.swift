/// What each kind of controller is called and made as, in one table: a new kind is one row
/// here, read by the storyboard that makes it, the graph exporter, debug names and trace alike.
extension ControllerKind {
    /// The properties of one kind of controller.
    public struct Properties: Sendable {
        /// The class the runtime makes for a scene of this kind with no custom class.
        public let className: String
        /// What Interface Builder's outline calls the kind (`Tab Bar Controller`).
        public let title: String
        /// Makes a controller of that class.
        let make: @Sendable () -> ViewController
        /// Whether an app's class can stand for the kind: a container's must be of the
        /// container's class (the storyboard wires its children as the container does); any
        /// class can be a scene of content.
        let accepts: @Sendable (ViewController) -> Bool

        init(
            className: String, title: String, make: @escaping @Sendable () -> ViewController,
            accepts: @escaping @Sendable (ViewController) -> Bool = { _ in true }
        ) {
            self.className = className
            self.title = title
            self.make = make
            self.accepts = accepts
        }
    }

    /// The kind's row of the table.
    public var properties: Properties {
        switch self {
        case .viewController:
            Properties(className: "ViewController", title: "View Controller", make: { ViewController() })
        case .navigationController:
            Properties(
                className: "NavigationController", title: "Navigation Controller", make: { NavigationController() },
                accepts: { $0 is NavigationController })
        case .tableViewController:
            Properties(className: "TableViewController", title: "Table View Controller", make: { TableViewController() })
        case .tabBarController:
            Properties(
                className: "TabBarController", title: "Tab Bar Controller", make: { TabBarController() },
                accepts: { $0 is TabBarController })
        case .collectionViewController:
            Properties(
                className: "CollectionViewController", title: "Collection View Controller", make: { CollectionViewController() })
        case .splitViewController:
            Properties(
                className: "SplitViewController", title: "Split View Controller", make: { SplitViewController() },
                accepts: { $0 is SplitViewController })
        case .pageViewController:
            Properties(
                className: "PageViewController", title: "Page View Controller", make: { PageViewController() },
                accepts: { $0 is PageViewController })
        case .hostingController:
            Properties(className: "HostingController", title: "Hosting Controller", make: { HostingController() })
        case .reference:
            Properties(className: "ViewController", title: "Storyboard Reference", make: { ViewController() })
        }
    }
}
