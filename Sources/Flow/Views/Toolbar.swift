/// A toolbar placed among a view's subviews (UIKit's `UIToolbar`): a row of bar button items
/// that fire their actions and segues on the controller, as a navigation bar's do.
public final class Toolbar: View {
    /// The items, left to right (spaces included, as the file lists them).
    public var items: [BarButtonItem] {
        didSet { adopt() }
    }

    public init(id: String, spec: ViewSpec? = nil, items: [BarButtonItem]) {
        self.items = items
        super.init(id: id, spec: spec)
    }

    /// Its items but the spaces take letters while it shows.
    override public var screenKeys: ScreenKeys? {
        isHidden ? nil : .barItems(items.filter { !$0.isSpace })
    }

    override func setOwner(_ controller: ViewController?) {
        super.setOwner(controller)
        adopt()
    }

    private func adopt() {
        for item in items { item.owner = owner }
    }
}

extension ViewKind {
    /// A toolbar element's bar button items; nil for any other kind.
    public var toolbarItems: [BarButtonItemSpec]? {
        if case .toolbar(let items) = self { items } else { nil }
    }
}
