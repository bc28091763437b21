import Flow

/// The dungeon map. Its class loads the view in code (`loadView`), so its scenes in the
/// storyboards have no view; the inventory reuses it to show where an item was found.
final class DungeonMapViewController: ViewController {
    /// The hero to draw, set by the tab bar; `nil` draws no hero.
    var hero: Hero?
    /// Where the item shown was found, set by the item screen's `prepare(for:sender:)`.
    var foundAt: (x: Int, y: Int)?
    private var rows: StackView?

    override func loadView() {
        let root = View(id: "map.view")
        let stack = StackView(id: "map.rows", axis: .vertical)
        rows = stack
        root.addSubview(stack)
        let legend = foundAt == nil ? "@ is you." : "* is where the item was found."
        root.addSubview(Label(id: "map.legend", text: legend))
        view = root
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        TextMap.show(DungeonMap.rows(hero: hero, marker: foundAt), in: rows)
    }

    /// The map as drawn now, one string per row.
    var drawnRows: [String] {
        rows?.subviews.compactMap { ($0 as? Label).flatMap { $0.isHidden ? nil : $0.text } } ?? []
    }
}
