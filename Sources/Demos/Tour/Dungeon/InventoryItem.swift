/// Something the hero picked up, and where.
struct InventoryItem: Equatable, Sendable {
    var name: String
    var kind: String
    /// Where on ``DungeonMap/layout`` it was found.
    var foundX: Int
    var foundY: Int

    static let samples: [InventoryItem] = [
        InventoryItem(name: "Short Sword", kind: "Weapon", foundX: 5, foundY: 2),
        InventoryItem(name: "Buckler", kind: "Armor", foundX: 14, foundY: 1),
        InventoryItem(name: "Red Potion", kind: "Potion", foundX: 3, foundY: 5),
        InventoryItem(name: "Blue Potion", kind: "Potion", foundX: 17, foundY: 5),
        InventoryItem(name: "Old Key", kind: "Tool", foundX: 9, foundY: 3),
        InventoryItem(name: "Torch", kind: "Tool", foundX: 15, foundY: 3),
    ]
}
