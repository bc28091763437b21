import Flow
import Testing
import TestSupport

final class GuardedController: ViewController {
    var allow = false
    var asked: [String] = []
    override func shouldPerformSegue(withIdentifier identifier: String, sender: AnyObject?) -> Bool {
        asked.append(identifier)
        return allow
    }
}

final class FadeSegue: StoryboardSegue {
    nonisolated(unsafe) static var performed = 0
    override func perform() {
        FadeSegue.performed += 1
        source.application?.playTransitionEffect(.dissolve)
        source.present(destination)
    }
}

@Suite struct SegueTests {
    @Test func showWithoutANavigationControllerPresents() throws {
        let driver = try launch([
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
            Scene.view("B"),
        ], initial: "A")
        try driver.tapButton("Go")
        #expect(driver.presentationDepth == 1)
        #expect(driver.top.debugName == "ViewController \"B\"")
        #expect(driver.top.navigationController == nil)
        #expect(driver.application.navigationState.description == "ViewController \"A\" ⇒ fullScreen ViewController \"B\"")
    }

    @Test func presentingANavigationControllerShowsItsRoot() throws {
        let driver = try launch([
            Scene.navigation("N", root: "A"),
            Scene.view("A", barItems: [.item("add", .add)], segues: [Segue.present("M", from: .barButtonItem(id: "add"), identifier: "Add")]),
            Scene.navigation("M", root: "Form"),
            Scene.view("Form", title: "Add Session"),
        ], initial: "N")
        try driver.tapBarButton("+")
        #expect(driver.stack == ["Add Session"])
        #expect(driver.application.navigationState.description == "Navigation[ViewController \"A\"] ⇒ fullScreen Navigation[ViewController \"Add Session\"]")
        #expect(driver.top.presentingViewController == nil)
        #expect(driver.top.navigationController?.presentingViewController?.debugName == "NavigationController \"N\"")
    }

    @Test func backButtonShowsThePreviousTitleOrItsBackTitle() throws {
        let (application, storyboard) = makeApplication([
            Scene.navigation("N", root: "A"), Scene.view("A", title: "Daily Buzz"), Scene.view("B", title: "Brew Details"),
        ], initial: "N")
        let driver = try FlowDriver.launch(storyboard)
        let navigation = try #require(driver.top.navigationController)
        #expect(navigation.backButtonTitle == nil)
        navigation.pushViewController(try storyboard.instantiateViewController(withIdentifier: "B"))
        #expect(navigation.backButtonTitle == "Daily Buzz")
        navigation.viewControllers[0].navigationItem.backButtonTitle = "Log"
        #expect(navigation.backButtonTitle == "Log")
        _ = application
    }

    @Test func displayedTitlePrefersTheNavigationItem() throws {
        var spec = Scene.view("A", title: "Root View Controller")
        spec.navigationItem = NavigationItemSpec(title: "Colors")
        let driver = try launch([spec], initial: "A")
        #expect(driver.top.displayTitle == "Colors")
        driver.top.navigationItem.title = nil
        #expect(driver.top.displayTitle == "Root View Controller")
    }

    @Test func tabsKeepTheirOwnStacks() throws {
        let driver = try launch([
            Scene.tabs("T", ["N1", "N2"]),
            Scene.navigation("N1", root: "A"),
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
            Scene.view("B"),
            Scene.navigation("N2", root: "C"),
            Scene.view("C"),
        ], initial: "T")
        let tabs = try #require(driver.application.rootViewController as? TabBarController)
        try driver.tapButton("Go")
        #expect(driver.stack == ["A", "B"])
        driver.application.trace.clear()
        tabs.select(1)
        #expect(driver.stack == ["C"])
        #expect(driver.application.trace.sceneCalls(["B", "C"]) == [
            "C.viewDidLoad", "B.viewWillDisappear", "C.viewWillAppear", "B.viewDidDisappear", "C.viewDidAppear",
        ])
        tabs.select(0)
        #expect(driver.stack == ["A", "B"])
        #expect(tabs.title(ofTab: 1) == "C")
    }

    @Test func shouldPerformSegueGuardsTriggeredSeguesOnly() throws {
        let registry = ClassRegistry()
        registry.register(GuardedController.self, as: "Guarded")
        let driver = try launch([
            Scene.navigation("N", root: "A"),
            Scene.view("A", customClass: "Guarded", buttons: [("go", "Go")], segues: [
                Segue.show("B", from: .button(id: "go"), identifier: "ShowB"),
                Segue.show("B", identifier: "Manual"),
            ]),
            Scene.view("B"),
        ], initial: "N", registry: registry)
        let guarded = try #require(driver.top as? GuardedController)
        try driver.tapButton("Go")
        #expect(driver.stack == ["A"])
        #expect(guarded.asked == ["ShowB"])
        guarded.performSegue(withIdentifier: "Manual", sender: nil)
        #expect(driver.stack == ["A", "B"])
        #expect(guarded.asked == ["ShowB"])
    }

    @Test func performingAnUnknownIdentifierWarns() throws {
        let driver = try launch([Scene.view("A")], initial: "A")
        driver.top.performSegue(withIdentifier: "Nope", sender: nil)
        #expect(driver.application.warnings == ["ViewController \"A\" has no segue with identifier \"Nope\""])
    }

    @Test func customSegueClassesPerformTheirOwnTransition() throws {
        let registry = ClassRegistry()
        registry.register(segue: FadeSegue.self, as: "FadeSegue")
        let driver = try launch([
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.custom("B", from: .button(id: "go"), className: "FadeSegue")]),
            Scene.view("B"),
        ], initial: "A", registry: registry)
        var effects: [String] = []
        driver.application.onTransitionEffect = { effects.append($0.name) }
        let before = FadeSegue.performed
        try driver.tapButton("Go")
        #expect(FadeSegue.performed == before + 1)
        #expect(effects == ["dissolve"])
        #expect(driver.top.debugName == "ViewController \"B\"")
    }

    @Test func anUnregisteredCustomSegueStillPresentsWithAWarning() throws {
        let driver = try launch([
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.custom("B", from: .button(id: "go"), className: "LinearSegue")]),
            Scene.view("B"),
        ], initial: "A")
        try driver.tapButton("Go")
        #expect(driver.top.debugName == "ViewController \"B\"")
        #expect(driver.application.warnings.first?.contains("LinearSegue") == true)
    }

    @Test func instantiateByIdentifierJumpsWithoutASegue() throws {
        let (application, storyboard) = makeApplication([Scene.view("A"), Scene.view("Error", title: "Oops")], initial: "A")
        defer { withExtendedLifetime(application) {} }
        let first = try storyboard.instantiateViewController(withIdentifier: "Error")
        let second = try storyboard.instantiateViewController(withIdentifier: "Error")
        #expect(first !== second)
        #expect(first.displayTitle == "Oops")
        #expect(throws: FlowError.noSuchIdentifier("Missing", file: "Test.storyboard")) {
            try storyboard.instantiateViewController(withIdentifier: "Missing")
        }
    }

    @Test func presentingWhilePresentingGoesOnTopOfTheChain() throws {
        let driver = try launch([Scene.view("A"), Scene.view("B"), Scene.view("C")], initial: "A")
        let storyboard = try #require(driver.top.storyboard)
        let root = driver.top
        root.present(try storyboard.instantiateViewController(withIdentifier: "B"))
        root.present(try storyboard.instantiateViewController(withIdentifier: "C"))
        #expect(driver.presentationDepth == 2)
        #expect(driver.top.presentingViewController?.debugName == "ViewController \"B\"")
    }

    @Test func alertsPresentOverTheScreenAndRunTheirHandlerAfterDismissal() throws {
        let driver = try launch([Scene.view("A")], initial: "A")
        var handled: [Int] = []
        let alert = AlertController(title: "Delete?", message: "This can't be undone.")
        alert.addAction(.init(title: "Cancel", style: .cancel))
        alert.addAction(.init(title: "Delete", style: .destructive) { handled.append(driver.presentationDepth) })
        driver.application.trace.clear()
        driver.top.present(alert)
        #expect(driver.application.trace.sceneCalls(["A"]).isEmpty)
        #expect(alert.cancelActionIndex == 0)
        try driver.tapAlertAction("Delete")
        #expect(handled == [0])
    }
}

@Suite struct SegueKindTests {
    @Test func showDetailPushesLikeShow() throws {
        let driver = try launch([
            Scene.navigation("N", root: "A"),
            Scene.view("A", buttons: [("go", "Go")], segues: [
                SegueSpec(id: "d", identifier: "Detail", kind: .showDetail, destinationID: "B", owner: .button(id: "go")),
            ]),
            Scene.view("B"),
        ], initial: "N")
        try driver.tapButton("Go")
        #expect(driver.stack == ["A", "B"])
        #expect(driver.application.trace.events.contains(.segue(SegueRecord(kind: .showDetail, identifier: "Detail", source: "ViewController \"A\"", destination: "ViewController \"B\""))))
    }

    @Test func popoverPresentsAsASheet() throws {
        let driver = try launch([
            Scene.view("A", buttons: [("go", "Go")], segues: [
                SegueSpec(id: "p", identifier: "Pop", kind: .popover, destinationID: "B", owner: .button(id: "go")),
            ]),
            Scene.view("B"),
        ], initial: "A")
        driver.application.trace.clear()
        try driver.tapButton("Go")
        #expect(driver.presentationDepth == 1)
        #expect(driver.top.modalPresentationStyle == .popover)
        // A sheet: the presenter stays on screen and gets no calls.
        #expect(driver.application.trace.sceneCalls(["A"]) == ["A.prepare"])
    }

    @Test func theSeguesStyleWinsOverTheDestinations() throws {
        let driver = try launch([
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.present("B", from: .button(id: "go"), style: .formSheet)]),
            Scene.view("B", style: .fullScreen),
        ], initial: "A")
        try driver.tapButton("Go")
        #expect(driver.top.modalPresentationStyle == .formSheet)
    }
}
