/// An alert has a node kind of its own in the navigation state.
extension AlertController: NavigationStateNode {
    var nodeKind: NavigationState.Node.Kind { .alert }
    /// The class is final: an alert is always the kind's own.
    var isOfTheKindsOwnClass: Bool { true }
}
