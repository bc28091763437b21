/// Builds run-time views from the storyboard's view elements.
enum ViewBuilder {
    /// Builds the view tree of `spec`, owned by `owner`.
    static func makeView(_ spec: ViewSpec, owner: ViewController?, registry: ClassRegistry?) -> View {
        let view: View
        switch spec.kind {
        case .view:
            view = View(id: spec.id, spec: spec)
        case .stackView(let axis):
            view = StackView(id: spec.id, spec: spec, axis: axis)
        case .scrollView:
            view = ScrollView(id: spec.id, spec: spec)
        case .label(let text, let alignment, let isBold):
            view = Label(id: spec.id, spec: spec, text: text, alignment: alignment, isBold: isBold)
        case .textField(let text, let placeholder, let isSecure):
            view = TextField(id: spec.id, spec: spec, text: text, placeholder: placeholder, isSecure: isSecure)
        case .textView(let text):
            view = TextView(id: spec.id, spec: spec, text: text)
        case .slider(let value, let minimum, let maximum):
            view = Slider(id: spec.id, spec: spec, value: value, minimum: minimum, maximum: maximum)
        case .toggle(let isOn):
            view = Switch(id: spec.id, spec: spec, isOn: isOn)
        case .stepper(let value, let minimum, let maximum, let step):
            view = Stepper(id: spec.id, spec: spec, value: value, minimum: minimum, maximum: maximum, step: step)
        case .button(let title):
            view = Button(id: spec.id, spec: spec, title: title)
        case .segmentedControl(let segments, let selectedIndex):
            view = SegmentedControl(id: spec.id, spec: spec, segments: segments, selectedIndex: selectedIndex)
        case .datePicker(let setup):
            view = DatePicker(id: spec.id, spec: spec, setup: setup)
        case .progressView(let progress):
            view = ProgressView(id: spec.id, spec: spec, progress: progress)
        case .imageView(let imageName):
            view = ImageView(id: spec.id, spec: spec, image: spec.image ?? imageName.map { Image(named: $0) })
        case .containerView:
            view = ContainerView(id: spec.id, spec: spec)
        case .navigationBar(let title):
            view = NavigationBarView(id: spec.id, spec: spec, title: title)
        case .table(let table):
            let tableView = TableView(id: spec.id, spec: spec, table: table)
            tableView.owner = owner
            tableView.staticCells = table.sections.map { section in
                section.cells.map { cell in
                    let made = makeCell(cell, owner: owner, registry: registry)
                    made.isReusable = false
                    return made
                }
            }
            // Static cells belong to the table's view tree: their fields and labels can be
            // focused and found like any other subview.
            for cell in tableView.staticCells.joined() { tableView.addSubview(cell) }
            view = tableView
        case .collection(let collection):
            view = CollectionView(id: spec.id, spec: spec, collection: collection)
        case .activityIndicator(let isAnimating, let hidesWhenStopped):
            view = ActivityIndicatorView(id: spec.id, spec: spec, isAnimating: isAnimating, hidesWhenStopped: hidesWhenStopped)
        case .searchBar(let text, let placeholder):
            view = SearchBar(id: spec.id, spec: spec, text: text, placeholder: placeholder)
        case .toolbar(let items):
            view = Toolbar(id: spec.id, spec: spec, items: items.map(BarButtonItem.init(spec:)))
        case .pageControl(let pages, let current):
            view = PageControl(id: spec.id, spec: spec, numberOfPages: pages, currentPage: current)
        case .pickerView:
            view = PickerView(id: spec.id, spec: spec)
        case .mapView:
            view = MapView(id: spec.id, spec: spec)
        case .webView(let url):
            view = WebView(id: spec.id, spec: spec, url: url)
        case .element(let kind):
            view = kind.makeView(id: spec.id, spec: spec)
        case .unknown(let elementName):
            view = PlaceholderView(id: spec.id, spec: spec, className: spec.customClass ?? elementName)
        }
        view.owner = owner
        for subview in spec.subviews {
            view.addSubview(makeView(subview, owner: owner, registry: registry))
        }
        if let table = view as? TableView {
            if let headerID = table.tableSpec.headerViewID { table.tableHeaderView = table.subviews.first { $0.id == headerID } }
            if let footerID = table.tableSpec.footerViewID { table.tableFooterView = table.subviews.first { $0.id == footerID } }
        }
        if let grid = view as? CollectionView {
            if let headerID = grid.collectionSpec.headerViewID { grid.headerView = grid.subviews.first { $0.id == headerID } }
            if let footerID = grid.collectionSpec.footerViewID { grid.footerView = grid.subviews.first { $0.id == footerID } }
        }
        return view
    }

    /// Makes a cell from a cell element: its registered class, its labels, its content.
    /// With `outletLayouts`, the outlets of cells of a class after the first are connected
    /// without reflection.
    static func makeCell(
        _ spec: CellSpec, owner: ViewController?, registry: ClassRegistry?, outletLayouts: OutletLayouts? = nil
    ) -> TableViewCell {
        let content = makeView(spec.contentView, owner: owner, registry: registry)
        let cellType = spec.customClass.flatMap { registry?.cellType(named: $0) } ?? TableViewCell.self
        let (cell, outletsMade) = OutletsMade.collecting { cellType.init(cellSpec: spec, contentView: content) }
        cell.owner = owner
        if spec.style != .custom {
            cell.textLabel = spec.textLabelID.flatMap { content.viewWithID($0) as? Label }
                ?? Label(id: spec.id + ".text", text: spec.text ?? "")
            if spec.style != .basic {
                cell.detailTextLabel = spec.detailTextLabelID.flatMap { content.viewWithID($0) as? Label }
                    ?? Label(id: spec.id + ".detail", text: spec.detailText ?? "")
            }
        }
        let outlets = (spec.outlets + spec.contentView.outlets).compactMap { outlet in
            content.viewWithID(outlet.destinationID).map { (property: outlet.property, object: $0 as AnyObject) }
        }
        if let outletLayouts {
            outletLayouts.connect(outlets, of: cell, made: outletsMade)
        } else {
            OutletConnector.connect(outlets, of: cell)
        }
        return cell
    }
}
