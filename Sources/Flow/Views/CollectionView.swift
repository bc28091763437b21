import FoundationEssentials

/// Supplies a collection's items. Only items on screen are asked for.
public protocol CollectionViewDataSource: AnyObject {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> TableViewCell
}

/// Hears about item selection in a collection.
public protocol CollectionViewDelegate: AnyObject {
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
}

/// A grid of items (one section); cells reuse the table cell type.
public final class CollectionView: View {
    public let collectionSpec: CollectionSpec
    public weak var dataSource: CollectionViewDataSource?
    public weak var delegate: CollectionViewDelegate?

    override func adoptStoryboardDataSource() -> AnyObject? {
        guard dataSource == nil else { return nil }
        let source = StaticGridDataSource()
        dataSource = source
        return source
    }

    /// The highlighted item: the chosen one, kept within the items, or the first; nil when
    /// there are none. What code reads here is the item the screen highlights.
    public var selectedIndex: Int? {
        get {
            let count = numberOfItems
            guard count > 0 else { return nil }
            return min(max(chosenIndex ?? 0, 0), count - 1)
        }
        set { chosenIndex = newValue }
    }
    private var chosenIndex: Int?
    /// The section header view from the file (`sectionHeaderView`), drawn above the items.
    public var headerView: View?
    /// The section footer view from the file (`sectionFooterView`), drawn below the items.
    public var footerView: View?
    public private(set) var reloadCount = 0

    /// What code or the user changes here, for the render-purity check.
    override public var stateDescription: String? { "item \(String(describing: selectedIndex))" }

    public init(id: String, spec: ViewSpec?, collection: CollectionSpec) {
        self.collectionSpec = collection
        super.init(id: id, spec: spec)
    }

    public func reloadData() { reloadCount &+= 1 }

    public var numberOfItems: Int {
        max(0, dataSource?.collectionView(self, numberOfItemsInSection: 0) ?? 0)
    }

    public func cellForItem(at index: Int) -> TableViewCell? {
        guard index >= 0, index < numberOfItems, let dataSource else { return nil }
        let cell = dataSource.collectionView(self, cellForItemAt: IndexPath(row: index, section: 0))
        cell.indexPath = IndexPath(row: index, section: 0)
        return cell
    }

    /// A cell from the prototype with this reuse identifier.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        if let prototype = collectionSpec.prototypes.first(where: { $0.reuseIdentifier == identifier }) {
            return ViewBuilder.makeCell(prototype, owner: owner, registry: owner?.application?.registry)
        }
        owner?.application?.warn("no prototype item with reuse identifier \"\(identifier)\"")
        return TableViewCell(style: .basic, reuseIdentifier: identifier)
    }

    /// Selects an item as a tap would: the delegate, then the cell's segues.
    public func selectItem(at index: Int) {
        guard let cell = cellForItem(at: index) else { return }
        selectedIndex = index
        delegate?.collectionView(self, didSelectItemAt: IndexPath(row: index, section: 0))
        if let cellID = cell.cellSpecID {
            owner?.fireSegues(ownedBy: cellID, sender: cell, accessory: false)
        }
    }
}

extension ViewKind {
    /// A collection element's prototypes; nil for any other kind.
    public var collectionSpec: CollectionSpec? {
        if case .collection(let collection) = self { collection } else { nil }
    }
}

extension View {
    /// The first collection view in this view's tree, itself included.
    public var firstCollection: CollectionView? { first(CollectionView.self) }
}
