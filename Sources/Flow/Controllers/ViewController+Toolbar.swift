/// A controller's toolbar: its own bar button items along the bottom of its screen.
extension ViewController {
    /// Whether the screen shows the controller's toolbar items: it has some, and its
    /// navigation controller shows its toolbar, or the scene was designed with one (which
    /// the app's code shows).
    public var isToolbarShown: Bool {
        guard !toolbarItems.isEmpty else { return false }
        if let navigation = navigationController, !navigation.isToolbarHidden { return true }
        return spec?.showsToolbar == true
    }

    /// The bar button items on the screen's bars that can be pressed: the navigation item's,
    /// then the toolbar's when it shows (spaces left out).
    public var barButtonItemsOnScreen: [BarButtonItem] {
        let items = navigationItem.allItems
        guard isToolbarShown else { return items }
        return items + toolbarItems.filter { !$0.isSpace }
    }
}
