import FoundationEssentials
// Table APIs take Foundation's IndexPath, as UIKit's do; importing Flow is enough to name it.
@_exported import struct FoundationEssentials.IndexPath

/// A table's rows are addressed by Foundation's `IndexPath`, with UIKit's `section` and `row`.
extension IndexPath {
    /// A path to `row` in `section`, as UIKit's `IndexPath(row:section:)`.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The section (the first index; 0 for a path with none).
    public var section: Int { count > 0 ? self[0] : 0 }

    /// The row (the second index; 0 for a path with fewer).
    public var row: Int { count > 1 ? self[1] : 0 }
}

/// Supplies a table's sections, rows and cells. Only rows on screen are asked for.
public protocol TableViewDataSource: AnyObject {
    func numberOfSections(in tableView: TableView) -> Int
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
}

/// Hears about selections and accessory taps in a table.
public protocol TableViewDelegate: AnyObject {
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
}

/// A table view: static cells from the file, or prototype cells filled by a data source.
public final class TableView: View {
    public let tableSpec: TableSpec
    public var style: TableSpec.Style
    public weak var dataSource: TableViewDataSource?
    public weak var delegate: TableViewDelegate?

    override func adoptStoryboardDataSource() -> AnyObject? {
        guard dataSource == nil else { return nil }
        let source = StaticTableDataSource()
        dataSource = source
        return source
    }

    /// Whether the table shows its prototype cells, once each, because no code gives it
    /// rows: the rows stand in for what the app's code would show.
    public var showsPrototypesForCode: Bool { tableSpec.dataMode == .prototypes && dataSource is StaticTableDataSource }
    /// The highlighted row, moved by the keys and by selection. A table with rows always has
    /// one, as a terminal's keyboard needs: the first row until something else is chosen, so
    /// what code reads here is the row the screen highlights.
    public var selectedIndexPath: IndexPath? {
        get { chosenIndexPath ?? firstIndexPath }
        set { chosenIndexPath = newValue }
    }
    /// The row chosen by keys, clicks or code; nil until one is.
    private var chosenIndexPath: IndexPath?

    /// The highlighted row, once one was chosen: `[section, row]`; given back only while
    /// the table still has that row.
    override var liveValue: RestorationValue? {
        get { chosenIndexPath.map { .strings([String($0.section), String($0.row)]) } }
        set {
            guard case .strings(let parts)? = newValue, parts.count == 2, let section = Int(parts[0]), let row = Int(parts[1]),
                section >= 0, row >= 0, section < numberOfSections, row < numberOfRows(inSection: section)
            else { return }
            chosenIndexPath = IndexPath(row: row, section: section)
        }
    }
    /// Bumped by `reloadData()` so a renderer knows to drop what it remembered.
    public internal(set) var reloadCount = 0
    /// A message shown when the table has no rows (an app's empty state).
    public var emptyMessage: String?
    /// Static cells, built once when the view loads, so outlets into them stay valid.
    public internal(set) var staticCells: [[TableViewCell]] = []
    private var reusePool: [String: [TableViewCell]] = [:]
    /// Where the outlets of the cell classes this table made are (see `OutletLayouts`).
    private let outletLayouts = OutletLayouts()
    /// Cells of the rows on screen, kept from one draw to the next as UIKit keeps its visible
    /// cells: the data source is asked again only after `reloadData()`, or for a row coming
    /// into view. Redrawing a list to move the highlight then costs no cell at all.
    private var visibleCells: [IndexPath: TableViewCell] = [:]
    /// The `reloadCount` the visible cells were made for.
    private var visibleCellsReload = 0
    /// The view above the rows (a search bar, a progress bar): one of the table's subviews.
    /// Read on every frame and never while being written, so left out of the run-time
    /// exclusivity checks, as are the shown rows.
    @exclusivity(unchecked) public var tableHeaderView: View?
    /// The view under the rows (a button to load more, a note): one of the table's subviews.
    @exclusivity(unchecked) public var tableFooterView: View?
    /// Text that narrows the rows shown to those whose text contains it, ignoring case (what
    /// a search bar holds); empty shows every row. While it is set, rows are numbered as
    /// shown, and the data source and the delegate hear of them by their own numbers.
    public var filterText = "" {
        didSet { if filterText != oldValue { filterChanged() } }
    }
    /// The rows the filter shows, by section, as the data source numbers them; nil with no
    /// filter (see `TableView+Filter.swift`).
    @exclusivity(unchecked) var shownRows: [[Int]]?
    /// Every row's text, lowercased, collected once per `dataVersion` for filtering.
    var rowTexts: (version: Int, texts: [[String]])?
    /// The rows each recent query showed, for the data they were worked out from.
    var filterResults: [String: [[Int]]] = [:]
    /// Bumped by `reloadData()` alone: the rows' texts change only then.
    private(set) var dataVersion = 0

    /// What code or the user changes here, for the render-purity check.
    override public var stateDescription: String? { "rows \(String(describing: selectedIndexPath)) reloads \(reloadCount)" }

    public init(id: String, spec: ViewSpec?, table: TableSpec) {
        self.tableSpec = table
        self.style = table.style
        super.init(id: id, spec: spec)
    }

    /// Asks for fresh data: the next draw queries the data source again.
    public func reloadData() {
        reloadCount &+= 1
        dataVersion &+= 1
        if shownRows != nil { applyFilter() }
        let count = numberOfSections
        if let chosen = chosenIndexPath {
            if chosen.section >= count || chosen.row >= numberOfRows(inSection: chosen.section) {
                chosenIndexPath = nil
            }
        }
    }

    public var numberOfSections: Int {
        max(0, dataSource?.numberOfSections(in: self) ?? 0)
    }

    public func numberOfRows(inSection section: Int) -> Int {
        guard section >= 0, section < numberOfSections else { return 0 }
        if let shownRows { return section < shownRows.count ? shownRows[section].count : 0 }
        return sourceRowCount(inSection: section)
    }

    /// The rows the data source has in `section`, whatever the filter shows.
    func sourceRowCount(inSection section: Int) -> Int {
        max(0, dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0)
    }

    /// The cell for a row: the one on screen, else a new one from the data source; `nil` for
    /// a row that doesn't exist.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        guard indexPath.section >= 0, indexPath.section < numberOfSections, indexPath.row >= 0,
            indexPath.row < numberOfRows(inSection: indexPath.section), let dataSource
        else { return nil }
        if visibleCellsReload != reloadCount {
            endDisplaying(keeping: nil)
            visibleCellsReload = reloadCount
        }
        if let cell = visibleCells[indexPath] { return cell }
        let cell = dataSource.tableView(self, cellForRowAt: shownRows == nil ? indexPath : sourceIndexPath(for: indexPath))
        cell.indexPath = indexPath
        cell.tableView = self
        visibleCells[indexPath] = cell
        return cell
    }

    /// Ends a draw that showed the rows `shown` (every row from the first to the last, in
    /// reading order; nil for none): the cells of every other row go back to the reuse pool
    /// (the next draw asks the data source for those rows again).
    public func endDisplaying(keeping shown: ClosedRange<IndexPath>?) {
        for (path, cell) in visibleCells where !(shown?.contains(path) ?? false) {
            visibleCells[path] = nil
            addToPool(cell)
        }
    }

    /// A section's header; none for a section the filter leaves empty.
    public func titleForHeader(inSection section: Int) -> String? {
        if shownRows != nil, numberOfRows(inSection: section) == 0 { return nil }
        return dataSource?.tableView(self, titleForHeaderInSection: section)
    }

    /// A section's footer; none for a section the filter leaves empty.
    public func titleForFooter(inSection section: Int) -> String? {
        if shownRows != nil, numberOfRows(inSection: section) == 0 { return nil }
        return dataSource?.tableView(self, titleForFooterInSection: section)
    }

    /// The total number of rows in every section.
    public var totalRowCount: Int {
        (0..<numberOfSections).reduce(0) { $0 + numberOfRows(inSection: $1) }
    }

    /// The first row of the first non-empty section.
    public var firstIndexPath: IndexPath? {
        for section in 0..<numberOfSections where numberOfRows(inSection: section) > 0 {
            return IndexPath(row: 0, section: section)
        }
        return nil
    }

    /// The row after `indexPath` in reading order, crossing sections.
    public func indexPath(after indexPath: IndexPath) -> IndexPath? {
        if indexPath.row + 1 < numberOfRows(inSection: indexPath.section) {
            return IndexPath(row: indexPath.row + 1, section: indexPath.section)
        }
        var section = indexPath.section + 1
        while section < numberOfSections {
            if numberOfRows(inSection: section) > 0 { return IndexPath(row: 0, section: section) }
            section += 1
        }
        return nil
    }

    /// The row before `indexPath` in reading order, crossing sections.
    public func indexPath(before indexPath: IndexPath) -> IndexPath? {
        if indexPath.row > 0 { return IndexPath(row: indexPath.row - 1, section: indexPath.section) }
        var section = indexPath.section - 1
        while section >= 0 {
            let rows = numberOfRows(inSection: section)
            if rows > 0 { return IndexPath(row: rows - 1, section: section) }
            section -= 1
        }
        return nil
    }

    /// The last row of the last non-empty section.
    public var lastIndexPath: IndexPath? {
        var section = numberOfSections - 1
        while section >= 0 {
            let rows = numberOfRows(inSection: section)
            if rows > 0 { return IndexPath(row: rows - 1, section: section) }
            section -= 1
        }
        return nil
    }

    /// A cell made from the prototype with this reuse identifier, reusing a released one when
    /// it can. An unknown identifier gives a plain Basic cell rather than a crash.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        if var pool = reusePool[identifier], let cell = pool.popLast() {
            reusePool[identifier] = pool
            cell.prepareForReuse()
            return cell
        }
        let factory = owner?.storyboard?.application?.registry
        if let prototype = tableSpec.prototype(reuseIdentifier: identifier) {
            return ViewBuilder.makeCell(prototype, owner: owner, registry: factory, outletLayouts: outletLayouts)
        }
        owner?.application?.warn("no prototype cell with reuse identifier \"\(identifier)\"")
        return TableViewCell(style: .basic, reuseIdentifier: identifier)
    }

    /// Returns a cell to the reuse pool once it is no longer needed; the cell of a row on
    /// screen stays with its row until `endDisplaying(keeping:)` lets it go.
    public func recycle(_ cell: TableViewCell) {
        if let path = cell.indexPath, visibleCells[path] === cell { return }
        addToPool(cell)
    }

    private func addToPool(_ cell: TableViewCell) {
        guard let identifier = cell.reuseIdentifier, cell.isReusable else { return }
        var pool = reusePool[identifier, default: []]
        if pool.count < 64 { pool.append(cell) }
        reusePool[identifier] = pool
    }

    /// Selects a row as a tap would: tells the delegate, then fires the cell's selection segue.
    /// As in UIKit, a cell's selection style (`isSelectable`) is only its look: a row drawn
    /// with `selectionStyle="none"` is still selected and fires its segue.
    public func selectRow(at indexPath: IndexPath) {
        guard let cell = cellForRow(at: indexPath) else { return }
        selectedIndexPath = indexPath
        delegate?.tableView(self, didSelectRowAt: sourceIndexPath(for: indexPath))
        if let cellID = cell.cellSpecID {
            owner?.fireSegues(ownedBy: cellID, sender: cell, accessory: false)
        }
        recycle(cell)
    }

    /// Taps a row's accessory button: tells the delegate, then fires the accessory segue.
    public func tapAccessory(at indexPath: IndexPath) {
        guard let cell = cellForRow(at: indexPath) else { return }
        selectedIndexPath = indexPath
        delegate?.tableView(self, accessoryButtonTappedForRowWith: sourceIndexPath(for: indexPath))
        if let cellID = cell.cellSpecID {
            owner?.fireSegues(ownedBy: cellID, sender: cell, accessory: true)
        }
        recycle(cell)
    }
}

/// A table cell: styled text and detail, an accessory, and a content view for custom cells.
open class TableViewCell: View {
    public var style: CellStyle {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }
    public let reuseIdentifier: String?
    public var accessoryType: AccessoryType {
        didSet { if accessoryType != oldValue { setNeedsDisplay() } }
    }
    /// The title of a cell of a standard style. It is no subview of the cell: a change to it
    /// moves its own `revision`, not the cell's.
    public var textLabel: Label? {
        didSet { if textLabel !== oldValue { setNeedsDisplay() } }
    }
    /// The detail of a Subtitle, Right Detail or Left Detail cell (not a subview either).
    public var detailTextLabel: Label? {
        didSet { if detailTextLabel !== oldValue { setNeedsDisplay() } }
    }
    /// The content view: custom cells draw its subviews.
    public let contentView: View
    /// A colour swatch drawn before the text (the terminal's stand-in for a cell image).
    public var swatch: RGBColor? {
        didSet { if swatch != oldValue { setNeedsDisplay() } }
    }
    /// Whether the cell shows a highlight when a device selects it (`selectionStyle` other
    /// than `none`): its look only, as in UIKit. The terminal shows the focus on every row.
    public var isSelectable: Bool {
        didSet { if isSelectable != oldValue { setNeedsDisplay() } }
    }
    /// The storyboard cell element this cell was made from: its segues fire on selection.
    public internal(set) var cellSpecID: String?
    /// Where this cell sits, set when a table hands it out.
    public internal(set) var indexPath: IndexPath?
    public internal(set) weak var tableView: TableView?
    /// Static cells are never recycled: code holds outlets into them.
    var isReusable = true
    /// What the shell keeps of drawing this cell: the cells of its lines, with the `revision`
    /// they were drawn at. Flow never reads it; it goes when the cell does.
    @exclusivity(unchecked) public var keptDrawing: AnyObject?

    public required init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        self.accessoryType = .none
        self.isSelectable = true
        self.contentView = View(id: "\(reuseIdentifier ?? "cell").content")
        super.init(id: reuseIdentifier ?? "cell")
        if style != .custom {
            textLabel = Label(id: "\(id).text", text: "")
            if style != .basic { detailTextLabel = Label(id: "\(id).detail", text: "") }
        }
        addSubview(contentView)
    }

    /// Makes a cell from a storyboard cell element; subclasses registered for a cell's
    /// `customClass` are made through this initializer.
    public required init(cellSpec spec: CellSpec, contentView: View) {
        self.style = spec.style
        self.reuseIdentifier = spec.reuseIdentifier
        self.accessoryType = spec.accessoryType
        self.isSelectable = spec.isSelectable
        self.contentView = contentView
        self.cellSpecID = spec.id
        super.init(id: spec.id, spec: nil)
        if !spec.accessibility.isEmpty { accessibility = spec.accessibility }
        addSubview(contentView)
    }

    /// Called before a recycled cell is handed out again.
    open func prepareForReuse() {
        swatch = nil
    }

    /// The text a search or a headless test matches this cell by: the text label, else the
    /// first text of the content view a filter finds a row by (a label's).
    public var title: String {
        if let text = textLabel?.text, !text.isEmpty { return text }
        func firstText(_ view: View) -> String? {
            if let text = view.searchableText { return text }
            for subview in view.subviews {
                if let text = firstText(subview) { return text }
            }
            return nil
        }
        return firstText(contentView) ?? ""
    }
}

extension ViewKind {
    /// A table element's sections and cells; nil for any other kind.
    public var tableSpec: TableSpec? {
        if case .table(let table) = self { table } else { nil }
    }
}

extension View {
    /// The first table in this view's tree, itself included.
    public var firstTable: TableView? { first(TableView.self) }

    /// The cells of the static tables in this view's tree, for outlets connected to them.
    var staticTableCells: [TableViewCell] {
        allViews.compactMap { $0 as? TableView }.flatMap { $0.staticCells.flatMap { $0 } }
    }
}
