import Flow
import Foundation
import Testing
import TestSupport
@testable import Demos

/// The talk's demo, step by step, headless.
@Suite struct DailyBuzzFlowTests {
    @Test func addingASessionAsOnStage() throws {
        let demo = try RunningDemo("dailybuzz")
        let driver = demo.driver
        let flow = try NavigationStore(driver: driver, state: Self.list, trace: Self.launch)
        #expect(driver.stack == ["Daily Buzz"])
        let before = try demo.store.sessionCount()
        #expect(driver.rowTitles().count == before)

        try flow.step(.tapBarButton("+"), state: Self.form, trace: Self.addSession)
        #expect(driver.stack == ["Add Session"])
        try flow.step(.type("203", into: nil), state: Self.form, trace: [])
        try flow.step(.tapRow("Coffee"), state: Self.coffees, trace: Self.toCoffees)
        #expect(driver.stack == ["Add Session", "Coffees"])
        try flow.step(.tapRow("Kenya AA"), state: Self.form, trace: Self.coffeeChosen)
        #expect(driver.stack == ["Add Session"])
        let form = try #require(driver.top as? AddSessionViewController)
        #expect(form.coffeeLabel?.text == "Kenya AA")

        try flow.step(.tapBarButton("Done"), state: Self.list, trace: [
            "AddSessionViewController ← done:",
            "dismiss AddSessionViewController → BrewSessionsViewController",
        ] + Self.formCloses)
        #expect(try demo.store.sessionCount() == before + 1)
        let newest = try #require(try demo.store.sessions(offset: 0, limit: 1).first)
        #expect(newest.coffeeName == "Kenya AA")
        #expect(newest.temperatureF == 203)
        // The new session is at the top of the list.
        let top = try #require(driver.cell(at: IndexPath(row: 0, section: 0)) as? BrewSessionCell)
        #expect(top.coffeeNameLabel?.text == "Kenya AA")
        #expect(top.temperatureLabel?.text == "203 °F (95 °C)")
    }

    @Test func cancelAddsNothing() throws {
        let demo = try RunningDemo("dailybuzz")
        let flow = try NavigationStore(driver: demo.driver, state: Self.list, trace: Self.launch)
        let before = try demo.store.sessionCount()
        try flow.step(.tapBarButton("+"), state: Self.form, trace: Self.addSession)
        try flow.step(.type("200", into: nil), state: Self.form, trace: [])
        try flow.step(.tapBarButton("Cancel"), state: Self.list, trace: [
            "AddSessionViewController ← cancel:",
            "dismiss AddSessionViewController → BrewSessionsViewController",
        ] + Self.formCloses)
        #expect(try demo.store.sessionCount() == before)
    }

    @Test(arguments: [("abc", "number"), ("", "temperature"), ("5000", "212"), ("203", "coffee")])
    func doneNeedsACoffeeAndAValidTemperature(input: String, messagePart: String) throws {
        let demo = try RunningDemo("dailybuzz")
        let flow = try NavigationStore(driver: demo.driver, state: Self.list, trace: Self.launch)
        let before = try demo.store.sessionCount()
        try flow.step(.tapBarButton("+"), state: Self.form, trace: Self.addSession)
        try flow.step(.type(input, into: nil), state: Self.form, trace: [])
        try flow.step(.tapBarButton("Done"), state: Self.form, trace: [
            "AddSessionViewController ← done:",
        ])
        let form = try #require(demo.driver.top as? AddSessionViewController)
        let problem = try #require(form.problem)
        #expect(problem.localizedCaseInsensitiveContains(messagePart), "\(problem)")
        #expect(demo.driver.table?.titleForFooter(inSection: 1) == problem)
        #expect(try demo.store.sessionCount() == before)
    }

    @Test func detailsShowTheThreeValues() throws {
        let demo = try RunningDemo("dailybuzz")
        let flow = try NavigationStore(driver: demo.driver, state: Self.list, trace: Self.launch)
        let newest = try #require(try demo.store.sessions(offset: 0, limit: 1).first)
        try flow.step(.tapRowAt(IndexPath(row: 0, section: 0)), state: Self.details, trace: Self.toDetails)
        #expect(demo.driver.stack == ["Daily Buzz", "Brew Details"])
        let details = try #require(demo.driver.top as? BrewDetailsViewController)
        #expect(details.coffeeLabel?.text == newest.coffeeName)
        #expect(details.temperatureLabel?.text == TemperatureInput.displayText(fahrenheit: newest.temperatureF))
        #expect(details.dateLabel?.text == BrewDateFormat.string(from: newest.brewedAt))
        #expect(details.coffeeLabel?.textColor == BrewDetailsViewController.steel)
        let cells = demo.driver.table?.staticCells.first ?? []
        #expect(cells.map { $0.contentView.first(Label.self)?.text } == ["Coffee", "Temperature", "Date"])
    }

    @Test func deletingAsksFirst() throws {
        let demo = try RunningDemo("dailybuzz")
        let flow = try NavigationStore(driver: demo.driver, state: Self.list, trace: Self.launch)
        let before = try demo.store.sessionCount()
        demo.driver.table?.selectedIndexPath = IndexPath(row: 0, section: 0)
        try flow.step(.keyCommand("d"), state: Self.asking, trace: Self.askToDelete)
        try flow.step(.tapAlertAction("Cancel"), state: Self.list, trace: [
            "AlertController ← alert:Cancel",
            "dismiss AlertController → BrewSessionsViewController",
            "AlertController.viewWillDisappear",
            "AlertController.viewDidDisappear",
            "AlertController released",
        ])
        #expect(try demo.store.sessionCount() == before)
        try flow.step(.keyCommand("d"), state: Self.asking, trace: Self.askToDelete)
        try flow.step(.tapAlertAction("Delete"), state: Self.list, trace: [
            "AlertController ← alert:Delete",
            "dismiss AlertController → BrewSessionsViewController",
            "AlertController.viewWillDisappear",
            "AlertController.viewDidDisappear",
            "AlertController released",
        ])
        #expect(try demo.store.sessionCount() == before - 1)
        #expect(demo.driver.rowTitles().count == before - 1)
    }

    @Test func anEmptyLogSaysSo() throws {
        let demo = try RunningDemo("dailybuzz", seeds: false)
        #expect(demo.driver.table?.totalRowCount == 0)
        #expect(demo.driver.table?.emptyMessage?.contains("No brewing sessions") == true)
    }

    @Test func theListReadsOnlyThePagesOnScreen() throws {
        let directory = try TemporaryDirectory()
        do {
            let store = try DemoStore.open(dataDirectory: directory.url)
            try store.insertSampleSessions(count: 100_000)
        }
        let demo = try RunningDemo("dailybuzz", directory: directory)
        let table = try #require(demo.driver.table)
        let count = try demo.store.sessionCount()
        #expect(count >= 100_000)
        #expect(table.totalRowCount == count)
        let last = try #require(table.lastIndexPath)
        let cell = try #require(table.cellForRow(at: last) as? BrewSessionCell)
        let oldest = try #require(try demo.store.sessions(offset: count - 1, limit: 1).first)
        #expect(cell.coffeeNameLabel?.text == oldest.coffeeName)
    }

    @Test func anotherInstancesSessionsShowWhenTheListReappears() throws {
        let first = try RunningDemo("dailybuzz")
        let second = try DemoStore.open(dataDirectory: first.directory.url)
        let before = first.driver.table?.totalRowCount ?? 0
        let coffee = try #require(try second.coffees().first)
        let flow = try NavigationStore(driver: first.driver, state: Self.list, trace: Self.launch)
        try second.addSession(coffeeID: coffee.id, temperatureF: 200, brewedAt: Date())
        try flow.step(.tapRowAt(IndexPath(row: 0, section: 0)), state: Self.details, trace: Self.toDetails)
        try flow.step(.back, state: Self.list, trace: [
            "pop BrewDetailsViewController → BrewSessionsViewController",
            "BrewDetailsViewController.viewWillDisappear",
            "BrewSessionsViewController.viewWillAppear",
            "BrewDetailsViewController.viewDidDisappear",
            "BrewSessionsViewController.viewDidAppear",
            "BrewDetailsViewController released",
        ])
        #expect(first.driver.table?.totalRowCount == before + 1)
    }
}

extension DailyBuzzFlowTests {
    /// The app quit with the add sheet half filled (Ctrl-C, the terminal closed) comes back
    /// with the sheet, its temperature and coffee, and Done still adds the session.
    @Test func aHalfFilledAddSheetIsRestoredWithItsTextAndCoffee() throws {
        let demo = try RunningDemo("dailybuzz")
        let flow = try NavigationStore(driver: demo.driver, state: Self.list, trace: Self.launch)
        try flow.step(.tapBarButton("+"), state: Self.form, trace: Self.addSession)
        try flow.step(.type("20", into: nil), state: Self.form, trace: [])
        try flow.step(.tapRow("Coffee"), state: Self.coffees, trace: Self.toCoffees)
        try flow.step(.tapRow("Kenya AA"), state: Self.form, trace: Self.coffeeChosen)
        let saved = try #require(demo.application.encodeRestorationState())
        let before = try demo.store.sessionCount()
        try demo.store.close()

        let again = try RunningDemo("dailybuzz", directory: demo.directory, launch: false)
        try again.application.restoreState(from: saved, storyboard: again.storyboard)
        let restored = try NavigationStore(driver: again.driver, state: Self.form, trace: [
            "root BrewSessionsViewController",
            "NavigationController \"Add Session\".viewDidLoad",
            "AddSessionViewController.viewDidLoad",
            "NavigationController \"Add Session\".viewWillAppear",
            "AddSessionViewController.viewWillAppear",
            "NavigationController \"Add Session\".viewDidAppear",
            "AddSessionViewController.viewDidAppear",
        ])
        let form = try #require(again.application.topViewController as? AddSessionViewController)
        form.loadViewIfNeeded()
        #expect(form.temperatureField?.text == "20")
        #expect(form.coffeeLabel?.text == "Kenya AA")
        try restored.step(.type("203", into: nil), state: Self.form, trace: [])
        try restored.step(.tapBarButton("Done"), state: Self.list, trace: [
            "AddSessionViewController ← done:",
            "dismiss AddSessionViewController → BrewSessionsViewController",
            "NavigationController \"Daily Buzz\".viewDidLoad",
            "BrewSessionsViewController.viewDidLoad",
        ] + Self.formCloses)
        #expect(try again.store.sessionCount() == before + 1)
        #expect(try again.store.sessions(offset: 0, limit: 1).first?.temperatureF == 203)
    }
}

// MARK: What the steps leave and record
extension DailyBuzzFlowTests {
    /// The add sheet leaves, the list comes back, and the sheet is released.
    static let formCloses = [
        "NavigationController \"Add Session\".viewWillDisappear",
        "AddSessionViewController.viewWillDisappear",
        "NavigationController \"Daily Buzz\".viewWillAppear",
        "BrewSessionsViewController.viewWillAppear",
        "NavigationController \"Daily Buzz\".viewDidAppear",
        "BrewSessionsViewController.viewDidAppear",
        "NavigationController \"Add Session\".viewDidDisappear",
        "AddSessionViewController.viewDidDisappear",
        "NavigationController \"Add Session\" released",
        "AddSessionViewController released",
    ]

    /// The launch: the list in its navigation controller.
    static let launch = [
        "root BrewSessionsViewController",
        "NavigationController \"Daily Buzz\".viewDidLoad",
        "BrewSessionsViewController.viewDidLoad",
        "NavigationController \"Daily Buzz\".viewWillAppear",
        "BrewSessionsViewController.viewWillAppear",
        "NavigationController \"Daily Buzz\".viewDidAppear",
        "BrewSessionsViewController.viewDidAppear",
    ]

    /// + presents the add sheet in a navigation controller of its own.
    static let addSession = [
        "BrewSessionsViewController.shouldPerformSegue(AddSession) → true",
        "segue present \"AddSession\" BrewSessionsViewController → NavigationController \"Add Session\"",
        "BrewSessionsViewController.prepare(AddSession)",
        "NavigationController \"Add Session\".viewDidLoad",
        "AddSessionViewController.viewDidLoad",
        "NavigationController \"Daily Buzz\".viewWillDisappear",
        "BrewSessionsViewController.viewWillDisappear",
        "NavigationController \"Add Session\".viewWillAppear",
        "AddSessionViewController.viewWillAppear",
        "NavigationController \"Add Session\".viewDidAppear",
        "AddSessionViewController.viewDidAppear",
        "NavigationController \"Daily Buzz\".viewDidDisappear",
        "BrewSessionsViewController.viewDidDisappear",
    ]

    /// The Coffee row pushes the coffees.
    static let toCoffees = [
        "AddSessionViewController.shouldPerformSegue(ShowCoffees) → true",
        "segue show \"ShowCoffees\" AddSessionViewController → CoffeesViewController",
        "AddSessionViewController.prepare(ShowCoffees)",
        "CoffeesViewController.viewDidLoad",
        "AddSessionViewController.viewWillDisappear",
        "CoffeesViewController.viewWillAppear",
        "AddSessionViewController.viewDidDisappear",
        "CoffeesViewController.viewDidAppear",
    ]

    /// A coffee chosen goes back to the form.
    static let coffeeChosen = [
        "pop CoffeesViewController → AddSessionViewController",
        "CoffeesViewController.viewWillDisappear",
        "AddSessionViewController.viewWillAppear",
        "CoffeesViewController.viewDidDisappear",
        "AddSessionViewController.viewDidAppear",
        "CoffeesViewController released",
    ]

    /// A session's row pushes its details.
    static let toDetails = [
        "BrewSessionsViewController.shouldPerformSegue(ShowBrewDetails) → true",
        "segue show \"ShowBrewDetails\" BrewSessionsViewController → BrewDetailsViewController",
        "BrewSessionsViewController.prepare(ShowBrewDetails)",
        "BrewDetailsViewController.viewDidLoad",
        "BrewSessionsViewController.viewWillDisappear",
        "BrewDetailsViewController.viewWillAppear",
        "BrewSessionsViewController.viewDidDisappear",
        "BrewDetailsViewController.viewDidAppear",
    ]

    /// d asks before deleting, in an alert.
    static let askToDelete = [
        "present BrewSessionsViewController → AlertController",
        "AlertController.viewDidLoad",
        "AlertController.viewWillAppear",
        "AlertController.viewDidAppear",
    ]

    /// The list alone.
    static let list = "Navigation[BrewSessionsViewController]"

    /// The add sheet over the list.
    static let form = "Navigation[BrewSessionsViewController] ⇒ fullScreen Navigation[AddSessionViewController]"

    /// The coffees pushed on the add sheet.
    static let coffees = "Navigation[BrewSessionsViewController] ⇒ fullScreen Navigation[AddSessionViewController › CoffeesViewController]"

    /// A session's details pushed from the list.
    static let details = "Navigation[BrewSessionsViewController › BrewDetailsViewController]"

    /// The delete alert over the list.
    static let asking = "Navigation[BrewSessionsViewController] ⇒ overFullScreen Alert AlertController"
}
