/// What each kind of controller is called and made as, in one table: a new kind is one row
/// here, read by the graph exporter, debug names and trace alike.
extension ControllerKind {
    /// The properties of one kind of controller.
    public struct Properties: Sendable {
        /// The class the runtime makes for a scene of this kind with no custom class.
        public let className: String
        /// What Interface Builder's outline calls the kind (`Tab Bar Controller`).
        public let title: String
    }

    /// The kind's row of the table.
    public var properties: Properties {
        switch self {
        case .viewController: Properties(className: "ViewController", title: "View Controller")
        case .navigationController: Properties(className: "NavigationController", title: "Navigation Controller")
        case .tableViewController: Properties(className: "TableViewController", title: "Table View Controller")
        case .tabBarController: Properties(className: "TabBarController", title: "Tab Bar Controller")
        case .collectionViewController: Properties(className: "CollectionViewController", title: "Collection View Controller")
        case .splitViewController: Properties(className: "SplitViewController", title: "Split View Controller")
        case .pageViewController: Properties(className: "PageViewController", title: "Page View Controller")
        case .hostingController: Properties(className: "HostingController", title: "Hosting Controller")
        case .reference: Properties(className: "ViewController", title: "Storyboard Reference")
        }
    }
}
