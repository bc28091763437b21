import Flow
import Testing
@testable import Demos

/// The trace of the tour's own transitions, as the trace panel reads it: each transition the
/// user caused under its own headline, with everything it set off and nothing else.
@Suite struct TourTraceTests {
    private func openDungeon(_ tour: RunningTour) throws -> DungeonTabBarController {
        try tour.driver.tapRow("Dungeon")
        return try #require(tour.application.presentationLayers.last?.controller as? DungeonTabBarController)
    }

    /// The events recorded since the trace was cleared, less the transition's cause: what
    /// its entries must be, in the same order.
    private func eventsBesidesTheCause(_ trace: NavigationTrace, _ transition: TraceTransition) -> [TraceEvent] {
        var events = trace.events
        if let cause = events.firstIndex(of: transition.cause) { events.remove(at: cause) }
        return events
    }

    @Test func dungeonsCloseIsOneTransitionFromPrepareToRelease() throws {
        let tour = try RunningTour()
        _ = try openDungeon(tour)
        #expect(tour.driver.top is GameViewController)
        tour.trace.clear()
        try tour.driver.tapBarButton("Close")
        let close = try #require(tour.trace.lastTransition)
        #expect(tour.trace.transitions.count == 1)
        #expect(close.headline == "unwind \"CloseDungeon\": DungeonTabBarController → TourViewController")
        // The whole story, in order: prepare, the unwind action, the appearance calls, releases.
        #expect(close.lines == [
            "DungeonTabBarController.prepare(CloseDungeon)",
            "TourViewController.unwindToTour:",
            "DungeonTabBarController.viewWillDisappear",
            "NavigationController \"Dungeon Plunder\".viewWillDisappear",
            "GameViewController.viewWillDisappear",
            "NavigationController \"Segue Tour\".viewWillAppear",
            "TourViewController.viewWillAppear",
            "NavigationController \"Segue Tour\".viewDidAppear",
            "TourViewController.viewDidAppear",
            "DungeonTabBarController.viewDidDisappear",
            "NavigationController \"Dungeon Plunder\".viewDidDisappear",
            "GameViewController.viewDidDisappear",
            "DungeonTabBarController released",
            "NavigationController \"Dungeon Plunder\" released",
            "GameViewController released",
            "NavigationController \"Dungeon Map\" released",
            "DungeonMapViewController released",
            "NavigationController \"Inventory\" released",
            "InventoryViewController released",
        ])
        // Every event the close recorded is told, and nothing else is.
        #expect(close.entries == eventsBesidesTheCause(tour.trace, close))
    }

    @Test func serverErrorAfterGameOverHasItsOwnHeadlineAndNothingOfTheUnwind() throws {
        let tour = try RunningTour()
        let tabs = try openDungeon(tour)
        tabs.select(1)
        tabs.select(0)
        for _ in 0..<Hero.maximumLife { try tour.press("-") }
        #expect(tour.driver.title == "Game Over")
        try tour.driver.tapButton("Play Again")
        let playAgain = try #require(tour.trace.lastTransition)
        #expect(playAgain.headline == "unwind \"PlayAgain\": ViewController \"Game Over\" → DungeonTabBarController")
        #expect(playAgain.lines == [
            "ViewController \"Game Over\".shouldPerformSegue(PlayAgain) → true",
            "ViewController \"Game Over\".prepare(PlayAgain)",
            "DungeonTabBarController.playAgain:",
            "ViewController \"Game Over\".viewWillDisappear",
            "DungeonTabBarController.viewWillAppear",
            "NavigationController \"Dungeon Plunder\".viewWillAppear",
            "GameViewController.viewWillAppear",
            "DungeonTabBarController.viewDidAppear",
            "NavigationController \"Dungeon Plunder\".viewDidAppear",
            "GameViewController.viewDidAppear",
            "ViewController \"Game Over\".viewDidDisappear",
            "ViewController \"Game Over\" released",
        ])

        try tour.press("e")
        let error = try #require(tour.trace.lastTransition)
        #expect(error.number == playAgain.number + 1)
        #expect(error.headline == "present: GameViewController → ServerErrorViewController")
        // Nothing of the unwind before it, Game Over's release included.
        #expect(error.lines == [
            "ServerErrorViewController.viewDidLoad",
            "DungeonTabBarController.viewWillDisappear",
            "NavigationController \"Dungeon Plunder\".viewWillDisappear",
            "GameViewController.viewWillDisappear",
            "ServerErrorViewController.viewWillAppear",
            "ServerErrorViewController.viewDidAppear",
            "DungeonTabBarController.viewDidDisappear",
            "NavigationController \"Dungeon Plunder\".viewDidDisappear",
            "GameViewController.viewDidDisappear",
        ])

        try tour.driver.tapButton("OK")
        let dismissal = try #require(tour.trace.lastTransition)
        #expect(dismissal.headline == "dismiss: ServerErrorViewController → GameViewController")
        #expect(dismissal.lines == [
            "ServerErrorViewController ← acknowledge:",
            "ServerErrorViewController.viewWillDisappear",
            "DungeonTabBarController.viewWillAppear",
            "NavigationController \"Dungeon Plunder\".viewWillAppear",
            "GameViewController.viewWillAppear",
            "DungeonTabBarController.viewDidAppear",
            "NavigationController \"Dungeon Plunder\".viewDidAppear",
            "GameViewController.viewDidAppear",
            "ServerErrorViewController.viewDidDisappear",
            "ServerErrorViewController released",
        ])
    }

    @Test func aTabSwitchAnUnwindActionMakesIsListedUnderTheUnwind() throws {
        let tour = try RunningTour()
        let tabs = try openDungeon(tour)
        for _ in 0..<Hero.maximumLife { try tour.press("-") }
        // Game Over is up; the map tab is selected under it, so Play Again switches tabs.
        tabs.select(1)
        tour.trace.clear()
        try tour.driver.tapButton("Play Again")
        #expect(tour.trace.transitions.count == 1)
        let playAgain = try #require(tour.trace.lastTransition)
        #expect(playAgain.headline == "unwind \"PlayAgain\": ViewController \"Game Over\" → DungeonTabBarController")
        #expect(playAgain.lines == [
            "ViewController \"Game Over\".shouldPerformSegue(PlayAgain) → true",
            "ViewController \"Game Over\".prepare(PlayAgain)",
            "DungeonTabBarController.playAgain:",
            "tab DungeonMapViewController → GameViewController",
            "ViewController \"Game Over\".viewWillDisappear",
            "DungeonTabBarController.viewWillAppear",
            "NavigationController \"Dungeon Plunder\".viewWillAppear",
            "GameViewController.viewWillAppear",
            "DungeonTabBarController.viewDidAppear",
            "NavigationController \"Dungeon Plunder\".viewDidAppear",
            "GameViewController.viewDidAppear",
            "ViewController \"Game Over\".viewDidDisappear",
            "ViewController \"Game Over\" released",
        ])
    }

    @Test func openingAStateIsHeadedByThePushWithTheEmbedUnderIt() throws {
        let tour = try RunningTour()
        try tour.driver.tapRow("States")
        tour.trace.clear()
        try tour.driver.tapRow("Texas")
        #expect(tour.trace.transitions.count == 1)
        let push = try #require(tour.trace.lastTransition)
        #expect(push.headline == "show \"ShowState\": StatesViewController → StateDetailViewController")
        #expect(push.segues.map(\.identifier) == ["ShowState", "EmbedMap"])
        // The push's prepare comes before the embed, which the push sets off.
        #expect(push.lines == [
            "StatesViewController.shouldPerformSegue(ShowState) → true",
            "StatesViewController.prepare(ShowState)",
            "segue embed \"EmbedMap\" StateDetailViewController → RegionMapViewController",
            "StateDetailViewController.prepare(EmbedMap)",
            "RegionMapViewController.viewDidLoad",
            "StateDetailViewController.viewDidLoad",
            "StatesViewController.viewWillDisappear",
            "StateDetailViewController.viewWillAppear",
            "RegionMapViewController.viewWillAppear",
            "StatesViewController.viewDidDisappear",
            "StateDetailViewController.viewDidAppear",
            "RegionMapViewController.viewDidAppear",
        ])
        #expect(push.entries == eventsBesidesTheCause(tour.trace, push))
    }

    @Test func aRefusedSegueSaysWhy() throws {
        let tour = try RunningTour()
        try tour.driver.tapRow("Account")
        try tour.driver.tapButton("Create Account")
        try tour.driver.type("Ada", into: "Name")
        try tour.driver.tapButton("Next")
        try tour.driver.type("ada@example.com", into: "Email")
        try tour.driver.tapButton("Next")
        try tour.driver.type("ada@example.org", into: "Email again")
        let before = try #require(tour.trace.lastTransition)
        try tour.driver.tapBarButton("Done")
        let refused = try #require(tour.trace.lastTransition)
        #expect(refused.number == before.number + 1)
        #expect(refused.headline == "segue \"Done\" not performed: ConfirmStepViewController.shouldPerformSegue returned false")
        #expect(refused.lines.isEmpty)
    }

    @Test func theHistoryKeepsWholeTransitionsNewestLast() throws {
        let tour = try RunningTour()
        for row in ["Events", "Account", "States", "Custom Segue"] {
            try tour.driver.tapRow(row)
            try tour.driver.tapBack()
        }
        #expect(tour.trace.transitions.suffix(8).map(\.headline) == [
            "show \"ShowEvents\": TourViewController → EventsViewController",
            "pop: EventsViewController → TourViewController",
            "show \"ShowAccount\": TourViewController → AccountViewController",
            "pop: AccountViewController → TourViewController",
            "show \"ShowStates\": TourViewController → StatesViewController",
            "pop: StatesViewController → TourViewController",
            "show \"ShowCustomSegue\": TourViewController → CustomSegueViewController",
            "pop: CustomSegueViewController → TourViewController",
        ])
        let numbers = tour.trace.transitions.map(\.number)
        #expect(numbers == numbers.sorted() && Set(numbers).count == numbers.count)
    }
}
