import Flow

/// One inventory item; "Location Found" pushes the dungeon map with the place marked.
final class ItemDetailViewController: ViewController {
    @Outlet var nameLabel: Label?
    @Outlet var kindLabel: Label?
    @Outlet var foundLabel: Label?

    var item: InventoryItem?

    override func viewDidLoad() {
        super.viewDidLoad()
        guard let item else { return }
        navigationItem.title = item.name
        nameLabel?.text = item.name
        kindLabel?.text = item.kind
        foundLabel?.text = "Found at column \(item.foundX), row \(item.foundY)"
    }

    override func prepare(for segue: StoryboardSegue, sender: AnyObject?) {
        guard segue.identifier == "ShowLocation", let map = segue.destination as? DungeonMapViewController,
            let item
        else { return }
        map.foundAt = (item.foundX, item.foundY)
    }
}
