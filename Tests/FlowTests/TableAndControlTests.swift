import Flow
import Testing
import TestSupport

final class MillionRows: TableViewController {
    var cellRequests = 0
    var selected: [IndexPath] = []
    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1_000_000 }
    override func numberOfSections(in tableView: TableView) -> Int { 1 }
    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        cellRequests += 1
        let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        return cell
    }
    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
}

final class EditorController: ViewController {
    @Outlet var nameField: TextField?
    @Outlet var redSlider: Slider?
    @Outlet var doneItem: BarButtonItem?
    var changes = 0
    var dismissed = 0
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.action("changeColor:", EditorController.changeColor)
        table.action("dismiss:", EditorController.close)
        return table
    }
    func changeColor(_ sender: AnyObject?) { changes += 1 }
    func close() { dismissed += 1 }
}

@Suite struct TableAndControlTests {
    @Test func staticTablesShowTheirCellsAndFireCellSegues() throws {
        let store = try NavigationStore([
            Scene.navigation("N", root: "T"),
            Scene.table("T", rows: [("r1", "Events"), ("r2", "Account")], segues: [Segue.show("E", from: .cell(id: "r1"))]),
            Scene.view("E", title: "Events List"),
        ], initial: "N", state: "Navigation[TableViewController \"T\"]", trace: [
            "root TableViewController \"T\"",
            "NavigationController \"N\".viewDidLoad",
            "TableViewController \"T\".viewDidLoad",
            "NavigationController \"N\".viewWillAppear",
            "TableViewController \"T\".viewWillAppear",
            "NavigationController \"N\".viewDidAppear",
            "TableViewController \"T\".viewDidAppear",
        ])
        #expect(store.driver.rowTitles() == ["Events", "Account"])
        try store.step(.tapRow("Events"), state: "Navigation[TableViewController \"T\" › ViewController \"Events List\"]", trace: [
            "TableViewController \"T\".shouldPerformSegue() → true",
            "segue show TableViewController \"T\" → ViewController \"Events List\"",
            "TableViewController \"T\".prepare()",
            "ViewController \"Events List\".viewDidLoad",
            "TableViewController \"T\".viewWillDisappear",
            "ViewController \"Events List\".viewWillAppear",
            "TableViewController \"T\".viewDidDisappear",
            "ViewController \"Events List\".viewDidAppear",
        ])
        #expect(throws: DriverError.self) { try store.driver.tapRow("Nope") }
    }

    @Test func prototypeTablesWithoutCodeShowEachPrototypeOnce() throws {
        let driver = try launch([
            Scene.table("T", prototypes: ["BrewSessionCell", "Other"]),
        ], initial: "T")
        #expect(driver.rowTitles() == ["BrewSessionCell", "Other"])
    }

    @Test func onlyVisibleRowsAreAskedFor() throws {
        let registry = ClassRegistry()
        registry.register(MillionRows.self, as: "Million")
        let driver = try launch([Scene.table("T", customClass: "Million", prototypes: ["Row"])], initial: "T", registry: registry)
        let controller = try #require(driver.top as? MillionRows)
        let table = try #require(driver.table)
        #expect(table.totalRowCount == 1_000_000)
        #expect(driver.rowTitles(limit: 20).last == "Row 19")
        let last = try #require(table.lastIndexPath)
        #expect(table.cellForRow(at: last)?.title == "Row 999999")
        #expect(controller.cellRequests == 21)
        try driver.tapRow(at: last)
        #expect(controller.selected == [last])
        #expect(table.cellForRow(at: IndexPath(row: 1_000_000, section: 0)) == nil)
    }

    @Test func outletsAndActionsAreWiredFromTheFile() throws {
        let registry = ClassRegistry()
        registry.register(EditorController.self, as: "Editor")
        var spec = Scene.view("E", customClass: "Editor", barItems: [.item("done", .done, actions: ["dismiss:"])])
        spec.view?.subviews = [
            ViewSpec(id: "name", kind: .textField(text: "Blue", placeholder: "Name", isSecure: false)),
            ViewSpec(id: "red", kind: .slider(value: 0, minimum: 0, maximum: 1), actions: [ActionSpec(selector: "changeColor:", destinationID: "E", eventType: "valueChanged")]),
        ]
        spec.outlets = [
            OutletSpec(property: "nameField", destinationID: "name"),
            OutletSpec(property: "redSlider", destinationID: "red"),
            OutletSpec(property: "doneItem", destinationID: "done"),
            OutletSpec(property: "missing", destinationID: "red"),
        ]
        let driver = try launch([spec], initial: "E", registry: registry)
        let editor = try #require(driver.top as? EditorController)
        #expect(editor.nameField?.text == "Blue")
        #expect(editor.doneItem?.systemItem == .done)
        let slider = try #require(editor.redSlider)
        slider.setValue(0.5)
        slider.setValue(5)
        #expect(slider.value == 1)
        #expect(editor.changes == 2)
        try driver.tapBarButton("Done")
        #expect(editor.dismissed == 1)
        #expect(editor.responds(toAction: "changeColor:"))
        #expect(!editor.responds(toAction: "colorChanged:"))
        #expect(!editor.sendAction("nothing:", sender: nil))
        #expect(driver.application.warnings.last == "Editor has no action nothing:")
    }

    @Test func controlsClampAndStep() {
        let stepper = Stepper(id: "s", value: 99, minimum: 0, maximum: 100, step: 5)
        stepper.step(by: 1)
        #expect(stepper.value == 100)
        stepper.step(by: -1)
        #expect(stepper.value == 95)
        let segments = SegmentedControl(id: "g", segments: ["A", "B"], selectedIndex: 7)
        #expect(segments.selectedSegmentIndex == 0)
        segments.select(5)
        #expect(segments.selectedSegmentIndex == 0)
        let slider = Slider(id: "x", value: .nan, minimum: 1, maximum: -1)
        #expect(slider.value == 1 && slider.maximumValue == 1)
    }
}
