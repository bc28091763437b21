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
        /// That class, to tell a controller of that very class from a subclass an app wrote.
        let ownClass: ObjectIdentifier
        /// Whether an app's class can stand for the kind: a container's must be of the
        /// container's class (the storyboard wires its children as the container does); any
        /// class can be a scene of content.
        let accepts: @Sendable (ViewController) -> Bool

        /// The row of a kind whose controllers are of class `Class`, shown as `title`.
        fileprivate init<Class: ViewController>(_: Class.Type, _ className: String, _ title: String, isContainer: Bool = false) {
            self.className = className
            self.title = title
            make = { Class() }
            ownClass = ObjectIdentifier(Class.self)
            if isContainer {
                accepts = { $0 is Class }
            } else {
                accepts = { _ in true }
            }
        }
    }

    /// The kind's row of the table.
    public var properties: Properties {
        switch self {
        case .viewController: Properties(ViewController.self, "ViewController", "View Controller")
        case .navigationController: Properties(NavigationController.self, "NavigationController", "Navigation Controller", isContainer: true)
        case .tableViewController: Properties(TableViewController.self, "TableViewController", "Table View Controller")
        case .tabBarController: Properties(TabBarController.self, "TabBarController", "Tab Bar Controller", isContainer: true)
        case .collectionViewController: Properties(CollectionViewController.self, "CollectionViewController", "Collection View Controller")
        case .splitViewController: Properties(SplitViewController.self, "SplitViewController", "Split View Controller", isContainer: true)
        case .pageViewController: Properties(PageViewController.self, "PageViewController", "Page View Controller", isContainer: true)
        case .hostingController: Properties(HostingController.self, "HostingController", "Hosting Controller")
        case .reference: Properties(ViewController.self, "ViewController", "Storyboard Reference")
        }
    }

    /// The kind whose own class `controller` is of, if any (not a subclass an app wrote):
    /// the first kind of each class, made once, as debug names ask often.
    static func ofOwnClass(_ controller: ViewController) -> ControllerKind? {
        let wanted = ObjectIdentifier(type(of: controller))
        return ownClasses.first { $0.class == wanted }?.kind
    }

    private static let ownClasses: [(class: ObjectIdentifier, kind: ControllerKind)] = allCases.map {
        ($0.properties.ownClass, $0)
    }
}
