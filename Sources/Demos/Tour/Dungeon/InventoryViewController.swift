import Flow

/// The inventory grid: a collection view whose items are filled in code from the prototype
/// `ItemCell`; selecting one pushes its details.
final class InventoryViewController: CollectionViewController {
    var items = InventoryItem.samples

    override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        items.count
    }

    override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> TableViewCell {
        let cell = collectionView.dequeueReusableCell(withIdentifier: "ItemCell", for: indexPath)
        guard items.indices.contains(indexPath.row) else { return cell }
        if let itemCell = cell as? InventoryItemCell {
            itemCell.show(items[indexPath.row])
        }
        return cell
    }

    override func prepare(for segue: StoryboardSegue, sender: AnyObject?) {
        guard segue.identifier == "ItemDetail", let detail = segue.destination as? ItemDetailViewController else { return }
        let index = (sender as? TableViewCell)?.indexPath?.row ?? collectionView?.selectedIndex ?? 0
        if items.indices.contains(index) { detail.item = items[index] }
    }
}

/// The grid's prototype cell: the item's name over its kind.
final class InventoryItemCell: TableViewCell {
    @Outlet var nameLabel: Label?
    @Outlet var kindLabel: Label?

    func show(_ item: InventoryItem) {
        nameLabel?.text = item.name
        kindLabel?.text = item.kind
    }
}
