import FoundationEssentials

/// A controller whose view is a table. Static tables show the file's cells; prototype tables
/// ask the data source methods, which subclasses override. With no subclass, a prototype
/// table shows each prototype once, as Interface Builder's canvas does.
open class TableViewController: ViewController, TableViewDataSource, TableViewDelegate {
    public required init() { super.init() }

    /// The table view (loading the view if needed).
    public var tableView: TableView? { view.firstTable }

    open override func loadView() {
        super.loadView()
        if viewStorage?.firstTable == nil {
            let spec = TableSpec(id: (self.spec?.id ?? "table") + ".table", dataMode: .prototypes)
            view = TableView(id: spec.id, spec: nil, table: spec)
        }
    }

    override func viewDidLoadInternal() {
        if let table = viewStorage?.firstTable {
            if table.dataSource == nil { table.dataSource = self }
            if table.delegate == nil { table.delegate = self }
        }
        super.viewDidLoadInternal()
    }

    open func numberOfSections(in tableView: TableView) -> Int {
        StaticTableContent.numberOfSections(tableView)
    }

    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        StaticTableContent.numberOfRows(tableView, section: section)
    }

    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        StaticTableContent.cell(tableView, at: indexPath)
    }

    open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        StaticTableContent.header(tableView, section: section)
    }

    open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        StaticTableContent.footer(tableView, section: section)
    }

    open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
}

/// The content a table shows without code: its static cells, or one of each prototype.
enum StaticTableContent {
    static func numberOfSections(_ table: TableView) -> Int {
        table.tableSpec.dataMode == .staticCells ? table.staticCells.count : (table.tableSpec.prototypes.isEmpty ? 0 : 1)
    }

    static func numberOfRows(_ table: TableView, section: Int) -> Int {
        if table.tableSpec.dataMode == .staticCells {
            return table.staticCells.indices.contains(section) ? table.staticCells[section].count : 0
        }
        return section == 0 ? table.tableSpec.prototypes.count : 0
    }

    static func cell(_ table: TableView, at indexPath: IndexPath) -> TableViewCell {
        if table.tableSpec.dataMode == .staticCells,
            table.staticCells.indices.contains(indexPath.section),
            table.staticCells[indexPath.section].indices.contains(indexPath.row)
        {
            return table.staticCells[indexPath.section][indexPath.row]
        }
        let prototypes = table.tableSpec.prototypes
        if prototypes.indices.contains(indexPath.row) {
            let prototype = prototypes[indexPath.row]
            let cell = ViewBuilder.makeCell(prototype, owner: table.owner, registry: table.owner?.application?.registry)
            if cell.title.isEmpty, cell.style != .custom {
                cell.textLabel?.text = prototype.reuseIdentifier ?? "Cell"
            }
            return cell
        }
        return TableViewCell(style: .basic, reuseIdentifier: nil)
    }

    static func header(_ table: TableView, section: Int) -> String? {
        guard table.tableSpec.dataMode == .staticCells, table.tableSpec.sections.indices.contains(section) else { return nil }
        return table.tableSpec.sections[section].headerTitle
    }

    static func footer(_ table: TableView, section: Int) -> String? {
        guard table.tableSpec.dataMode == .staticCells, table.tableSpec.sections.indices.contains(section) else { return nil }
        return table.tableSpec.sections[section].footerTitle
    }
}

/// Serves a table placed inside a plain controller's view with its static content.
final class StaticTableDataSource: TableViewDataSource {
    func numberOfSections(in tableView: TableView) -> Int { StaticTableContent.numberOfSections(tableView) }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        StaticTableContent.numberOfRows(tableView, section: section)
    }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        StaticTableContent.cell(tableView, at: indexPath)
    }
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
        StaticTableContent.header(tableView, section: section)
    }
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        StaticTableContent.footer(tableView, section: section)
    }
}

/// A controller whose view is a grid of items. Without a subclass it shows each prototype once.
open class CollectionViewController: ViewController, CollectionViewDataSource, CollectionViewDelegate {
    public required init() { super.init() }

    public var collectionView: CollectionView? { view.firstCollection }

    override func viewDidLoadInternal() {
        if let grid = viewStorage?.firstCollection {
            if grid.dataSource == nil { grid.dataSource = self }
            if grid.delegate == nil { grid.delegate = self }
        }
        super.viewDidLoadInternal()
    }

    open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        StaticGridContent.numberOfItems(collectionView)
    }

    open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> TableViewCell {
        StaticGridContent.cell(collectionView, at: indexPath, owner: self)
    }

    open func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
}

/// The content a grid shows without code: each prototype once, as Interface Builder's canvas
/// does.
enum StaticGridContent {
    static func numberOfItems(_ grid: CollectionView) -> Int {
        grid.collectionSpec.prototypes.count
    }

    static func cell(_ grid: CollectionView, at indexPath: IndexPath, owner: ViewController?) -> TableViewCell {
        let prototypes = grid.collectionSpec.prototypes
        guard prototypes.indices.contains(indexPath.row) else { return TableViewCell(style: .basic, reuseIdentifier: nil) }
        let cell = ViewBuilder.makeCell(prototypes[indexPath.row], owner: owner, registry: owner?.application?.registry)
        if cell.title.isEmpty { cell.textLabel?.text = prototypes[indexPath.row].reuseIdentifier ?? "Item" }
        return cell
    }
}

/// Serves a grid placed inside a plain controller's view with its prototypes, each once.
final class StaticGridDataSource: CollectionViewDataSource {
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        StaticGridContent.numberOfItems(collectionView)
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> TableViewCell {
        StaticGridContent.cell(collectionView, at: indexPath, owner: collectionView.owner)
    }
}
