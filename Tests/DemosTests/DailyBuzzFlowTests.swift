import Flow
import Foundation
import Testing
@testable import Demos

/// The talk's demo, step by step, headless.
@Suite struct DailyBuzzFlowTests {
    @Test func addingASessionAsOnStage() throws {
        let demo = try RunningDemo("dailybuzz")
        let driver = demo.driver
        #expect(driver.stack == ["Daily Buzz"])
        let before = try demo.store.sessionCount()
        #expect(driver.rowTitles().count == before)

        try driver.tapBarButton("+")
        #expect(driver.presentationDepth == 1)
        #expect(driver.stack == ["Add Session"])
        try driver.type("203")
        try driver.tapRow("Coffee")
        #expect(driver.stack == ["Add Session", "Coffees"])
        try driver.tapRow("Kenya AA")
        #expect(driver.stack == ["Add Session"])
        let form = try #require(driver.top as? AddSessionViewController)
        #expect(form.coffeeLabel?.text == "Kenya AA")

        try driver.tapBarButton("Done")
        #expect(driver.presentationDepth == 0)
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
        let before = try demo.store.sessionCount()
        try demo.driver.tapBarButton("+")
        try demo.driver.type("200")
        try demo.driver.tapBarButton("Cancel")
        #expect(demo.driver.presentationDepth == 0)
        #expect(try demo.store.sessionCount() == before)
    }

    @Test(arguments: [("abc", "number"), ("", "temperature"), ("5000", "212"), ("203", "coffee")])
    func doneNeedsACoffeeAndAValidTemperature(input: String, messagePart: String) throws {
        let demo = try RunningDemo("dailybuzz")
        let before = try demo.store.sessionCount()
        try demo.driver.tapBarButton("+")
        try demo.driver.type(input)
        try demo.driver.tapBarButton("Done")
        #expect(demo.driver.presentationDepth == 1)
        let form = try #require(demo.driver.top as? AddSessionViewController)
        let problem = try #require(form.problem)
        #expect(problem.localizedCaseInsensitiveContains(messagePart), "\(problem)")
        #expect(demo.driver.table?.titleForFooter(inSection: 1) == problem)
        #expect(try demo.store.sessionCount() == before)
    }

    @Test func detailsShowTheThreeValues() throws {
        let demo = try RunningDemo("dailybuzz")
        let newest = try #require(try demo.store.sessions(offset: 0, limit: 1).first)
        try demo.driver.tapRow(at: IndexPath(row: 0, section: 0))
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
        let before = try demo.store.sessionCount()
        demo.driver.table?.selectedIndexPath = IndexPath(row: 0, section: 0)
        let delete = try #require(demo.driver.top.keyCommands.first { $0.input == "d" })
        delete.action()
        #expect(demo.driver.top is AlertController)
        try demo.driver.tapAlertAction("Cancel")
        #expect(try demo.store.sessionCount() == before)
        delete.action()
        try demo.driver.tapAlertAction("Delete")
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
        try second.addSession(coffeeID: coffee.id, temperatureF: 200, brewedAt: Date())
        try first.driver.tapRow(at: IndexPath(row: 0, section: 0))
        try first.driver.tapBack()
        #expect(first.driver.table?.totalRowCount == before + 1)
    }
}

extension DailyBuzzFlowTests {
    /// The app quit with the add sheet half filled (Ctrl-C, the terminal closed) comes back
    /// with the sheet, its temperature and coffee, and Done still adds the session.
    @Test func aHalfFilledAddSheetIsRestoredWithItsTextAndCoffee() throws {
        let demo = try RunningDemo("dailybuzz")
        let driver = demo.driver
        try driver.tapBarButton("+")
        try driver.type("20")
        try driver.tapRow("Coffee")
        try driver.tapRow("Kenya AA")
        let saved = try #require(demo.application.encodeRestorationState())
        let before = try demo.store.sessionCount()
        try demo.store.close()

        let again = try RunningDemo("dailybuzz", directory: demo.directory, launch: false)
        try again.application.restoreState(from: saved, storyboard: again.storyboard)
        let form = try #require(again.application.topViewController as? AddSessionViewController)
        form.loadViewIfNeeded()
        #expect(form.temperatureField?.text == "20")
        #expect(form.coffeeLabel?.text == "Kenya AA")
        try again.driver.type("203")
        try again.driver.tapBarButton("Done")
        #expect(again.driver.presentationDepth == 0)
        #expect(try again.store.sessionCount() == before + 1)
        #expect(try again.store.sessions(offset: 0, limit: 1).first?.temperatureF == 203)
    }
}
