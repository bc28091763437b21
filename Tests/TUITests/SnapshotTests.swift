import Flow
import Testing
import TestSupport
import TUI

/// Every scene kind as plain text, compared with the files in Snapshots/.
@Suite struct SnapshotTests {
    @Test func plainTableWithEveryCellStyleAndAccessory() {
        let fixture = PilotFixture([Scene.navigation("N", root: "Styles"), Gallery.cellStyles], initial: "N")
        assertSnapshot(fixture.pilot.screen, named: "table-cell-styles")
    }

    @Test func groupedTableWithHeadersAndFooters() {
        let fixture = PilotFixture([Scene.navigation("N", root: "Grouped"), Gallery.grouped], initial: "N")
        assertSnapshot(fixture.pilot.screen, named: "table-grouped")
    }

    @Test func insetGroupedTable() {
        let fixture = PilotFixture([Scene.navigation("N", root: "Inset"), Gallery.inset], initial: "N")
        assertSnapshot(fixture.pilot.screen, named: "table-inset-grouped")
    }

    @Test func formWithTheFirstFieldFocusedThenTheSlider() {
        let fixture = PilotFixture([Scene.navigation("N", root: "Form"), Gallery.form], initial: "N")
        fixture.pilot.type("Ada")
        assertSnapshot(fixture.pilot.screen, named: "form-typed")
        #expect(fixture.pilot.terminal.cursor != nil)
        fixture.pilot.press(.tab, .right, .right)
        assertSnapshot(fixture.pilot.screen, named: "form-slider-focused")
    }

    @Test func formSheetOverTheDimmedPresenter() {
        let fixture = PilotFixture([
            Scene.navigation("N", root: "Grouped"), Gallery.grouped,
            Scene.view("Sheet", title: "Sheet", leftBarItems: [.item("x", .cancel, actions: [])]),
        ], initial: "N")
        let sheet = try! fixture.storyboard.instantiateViewController(withIdentifier: "Sheet")
        sheet.modalPresentationStyle = .formSheet
        fixture.application.topViewController?.present(sheet)
        fixture.pilot.press(.resize)
        assertSnapshot(fixture.pilot.screen, named: "sheet-over-presenter")
        let second = try! fixture.storyboard.instantiateViewController(withIdentifier: "Sheet")
        second.modalPresentationStyle = .pageSheet
        sheet.present(second)
        fixture.pilot.press(.resize)
        assertSnapshot(fixture.pilot.screen, named: "sheets-stacked")
    }

    @Test func tabBar() {
        let fixture = PilotFixture([
            Scene.tabs("T", ["N1", "N2"]), Scene.navigation("N1", root: "Grouped"), Gallery.grouped,
            Scene.navigation("N2", root: "Styles"), Gallery.cellStyles,
        ], initial: "T")
        fixture.pilot.press(.char("2"))
        assertSnapshot(fixture.pilot.screen, named: "tab-bar")
    }

    @Test func alert() {
        let fixture = PilotFixture([Scene.navigation("N", root: "Grouped"), Gallery.grouped], initial: "N")
        let alert = AlertController(title: "Delete this session?", message: "Kenya AA, 203 °F (95 °C), 2026-11-21 10:00")
        alert.addAction(.init(title: "Cancel", style: .cancel))
        alert.addAction(.init(title: "Delete", style: .destructive))
        fixture.application.topViewController?.present(alert)
        fixture.pilot.press(.resize)
        assertSnapshot(fixture.pilot.screen, named: "alert")
    }

    @Test func tooSmall() {
        let fixture = PilotFixture([Scene.navigation("N", root: "Grouped"), Gallery.grouped], initial: "N")
        fixture.pilot.resize(width: 19, height: 5)
        assertSnapshot(fixture.pilot.screen, named: "too-small")
    }

    @Test func emptyPrototypeTableAndGrid() {
        let grid = ControllerSpec(
            id: "Grid", kind: .collectionViewController, storyboardIdentifier: "Grid", title: "Items",
            navigationItem: NavigationItemSpec(title: "Items"),
            view: ViewSpec(id: "Grid.view", kind: .collection(CollectionSpec(id: "g", prototypes: [
                CellSpec(id: "sword", style: .basic, reuseIdentifier: "Sword"), CellSpec(id: "shield", style: .basic, reuseIdentifier: "Shield"),
                CellSpec(id: "potion", style: .basic, reuseIdentifier: "Potion"), CellSpec(id: "map", style: .basic, reuseIdentifier: "Map"),
            ]))))
        let fixture = PilotFixture([Scene.navigation("N", root: "Grid"), grid], initial: "N")
        fixture.pilot.press(.right)
        assertSnapshot(fixture.pilot.screen, named: "collection-grid")
        let empty = PilotFixture([Scene.navigation("N", root: "T"), Scene.table("T", title: "Nothing")], initial: "N")
        assertSnapshot(empty.pilot.screen, named: "table-empty")
    }
}
