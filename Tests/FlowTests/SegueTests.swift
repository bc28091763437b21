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
        let store = try NavigationStore([
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
            Scene.view("B"),
        ], initial: "A", state: "ViewController \"A\"", trace: [
            "root ViewController \"A\"",
            "ViewController \"A\".viewDidLoad",
            "ViewController \"A\".viewWillAppear",
            "ViewController \"A\".viewDidAppear",
        ])
        try store.step(.tapButton("Go"), state: "ViewController \"A\" ⇒ fullScreen ViewController \"B\"", trace: [
            "ViewController \"A\".shouldPerformSegue() → true",
            "segue show ViewController \"A\" → ViewController \"B\"",
            "ViewController \"A\".prepare()",
            "note: show without a navigation controller presents ViewController \"B\"",
            "ViewController \"B\".viewDidLoad",
            "ViewController \"A\".viewWillDisappear",
            "ViewController \"B\".viewWillAppear",
            "ViewController \"B\".viewDidAppear",
            "ViewController \"A\".viewDidDisappear",
        ])
        #expect(store.driver.top.navigationController == nil)
    }

    @Test func presentingANavigationControllerShowsItsRoot() throws {
        let store = try NavigationStore([
            Scene.navigation("N", root: "A"),
            Scene.view("A", barItems: [.item("add", .add)], segues: [Segue.present("M", from: .barButtonItem(id: "add"), identifier: "Add")]),
            Scene.navigation("M", root: "Form"),
            Scene.view("Form", title: "Add Session"),
        ], initial: "N", state: "Navigation[ViewController \"A\"]", trace: CommonTraces.launchOfAInNavigation)
        try store.step(.tapBarButton("+"), state: "Navigation[ViewController \"A\"] ⇒ fullScreen Navigation[ViewController \"Add Session\"]", trace: [
            "ViewController \"A\".shouldPerformSegue(Add) → true",
            "segue present \"Add\" ViewController \"A\" → NavigationController \"M\"",
            "ViewController \"A\".prepare(Add)",
            "NavigationController \"M\".viewDidLoad",
            "ViewController \"Add Session\".viewDidLoad",
            "NavigationController \"N\".viewWillDisappear",
            "ViewController \"A\".viewWillDisappear",
            "NavigationController \"M\".viewWillAppear",
            "ViewController \"Add Session\".viewWillAppear",
            "NavigationController \"M\".viewDidAppear",
            "ViewController \"Add Session\".viewDidAppear",
            "NavigationController \"N\".viewDidDisappear",
            "ViewController \"A\".viewDidDisappear",
        ])
        let driver = store.driver
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
        let store = try NavigationStore([
            Scene.tabs("T", ["N1", "N2"]),
            Scene.navigation("N1", root: "A"),
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
            Scene.view("B"),
            Scene.navigation("N2", root: "C"),
            Scene.view("C"),
        ], initial: "T", state: "Tabs[*Navigation[ViewController \"A\"] | Navigation[ViewController \"C\"]]", trace: [
            "root ViewController \"A\"",
            "TabBarController \"T\".viewDidLoad",
            "NavigationController \"N1\".viewDidLoad",
            "ViewController \"A\".viewDidLoad",
            "TabBarController \"T\".viewWillAppear",
            "NavigationController \"N1\".viewWillAppear",
            "ViewController \"A\".viewWillAppear",
            "TabBarController \"T\".viewDidAppear",
            "NavigationController \"N1\".viewDidAppear",
            "ViewController \"A\".viewDidAppear",
        ])
        try store.step(.tapButton("Go"), state: "Tabs[*Navigation[ViewController \"A\" › ViewController \"B\"] | Navigation[ViewController \"C\"]]", trace: CommonTraces.pushOfB)
        try store.step(.selectTab(1), state: "Tabs[Navigation[ViewController \"A\" › ViewController \"B\"] | *Navigation[ViewController \"C\"]]", trace: [
            "tab ViewController \"B\" → ViewController \"C\"",
            "NavigationController \"N2\".viewDidLoad",
            "ViewController \"C\".viewDidLoad",
            "NavigationController \"N1\".viewWillDisappear",
            "ViewController \"B\".viewWillDisappear",
            "NavigationController \"N2\".viewWillAppear",
            "ViewController \"C\".viewWillAppear",
            "NavigationController \"N1\".viewDidDisappear",
            "ViewController \"B\".viewDidDisappear",
            "NavigationController \"N2\".viewDidAppear",
            "ViewController \"C\".viewDidAppear",
        ])
        try store.step(.selectTab(0), state: "Tabs[*Navigation[ViewController \"A\" › ViewController \"B\"] | Navigation[ViewController \"C\"]]", trace: [
            "tab ViewController \"C\" → ViewController \"B\"",
            "NavigationController \"N2\".viewWillDisappear",
            "ViewController \"C\".viewWillDisappear",
            "NavigationController \"N1\".viewWillAppear",
            "ViewController \"B\".viewWillAppear",
            "NavigationController \"N2\".viewDidDisappear",
            "ViewController \"C\".viewDidDisappear",
            "NavigationController \"N1\".viewDidAppear",
            "ViewController \"B\".viewDidAppear",
        ])
        let tabs = try #require(store.driver.application.rootViewController as? TabBarController)
        #expect(tabs.title(ofTab: 1) == "C")
    }

    @Test func shouldPerformSegueGuardsTriggeredSeguesOnly() throws {
        let registry = ClassRegistry()
        registry.register(GuardedController.self, as: "Guarded")
        let store = try NavigationStore([
            Scene.navigation("N", root: "A"),
            Scene.view("A", customClass: "Guarded", buttons: [("go", "Go")], segues: [
                Segue.show("B", from: .button(id: "go"), identifier: "ShowB"),
                Segue.show("B", identifier: "Manual"),
            ]),
            Scene.view("B"),
        ], initial: "N", registry: registry, state: "Navigation[Guarded]", trace: [
            "root Guarded",
            "NavigationController \"N\".viewDidLoad",
            "Guarded.viewDidLoad",
            "NavigationController \"N\".viewWillAppear",
            "Guarded.viewWillAppear",
            "NavigationController \"N\".viewDidAppear",
            "Guarded.viewDidAppear",
        ])
        let guarded = try #require(store.driver.top as? GuardedController)
        try store.step(.tapButton("Go"), state: "Navigation[Guarded]", trace: [
            "Guarded.shouldPerformSegue(ShowB) → false",
        ])
        #expect(guarded.asked == ["ShowB"])
        try store.step(.perform("perform Manual", { _ in guarded.performSegue(withIdentifier: "Manual", sender: nil) }), state: "Navigation[Guarded › ViewController \"B\"]", trace: [
            "segue show \"Manual\" Guarded → ViewController \"B\"",
            "Guarded.prepare(Manual)",
            "ViewController \"B\".viewDidLoad",
            "Guarded.viewWillDisappear",
            "ViewController \"B\".viewWillAppear",
            "Guarded.viewDidDisappear",
            "ViewController \"B\".viewDidAppear",
        ])
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
        let store = try NavigationStore([
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.custom("B", from: .button(id: "go"), className: "FadeSegue")]),
            Scene.view("B"),
        ], initial: "A", registry: registry, state: "ViewController \"A\"", trace: [
            "root ViewController \"A\"",
            "ViewController \"A\".viewDidLoad",
            "ViewController \"A\".viewWillAppear",
            "ViewController \"A\".viewDidAppear",
        ])
        var effects: [String] = []
        store.driver.application.onTransitionEffect = { effects.append($0.name) }
        let before = FadeSegue.performed
        try store.step(.tapButton("Go"), state: "ViewController \"A\" ⇒ fullScreen ViewController \"B\"", trace: [
            "ViewController \"A\".shouldPerformSegue() → true",
            "segue custom ViewController \"A\" → ViewController \"B\"",
            "ViewController \"A\".prepare()",
            "note: transition effect dissolve",
            "ViewController \"B\".viewDidLoad",
            "ViewController \"A\".viewWillDisappear",
            "ViewController \"B\".viewWillAppear",
            "ViewController \"B\".viewDidAppear",
            "ViewController \"A\".viewDidDisappear",
        ])
        #expect(FadeSegue.performed == before + 1)
        #expect(effects == ["dissolve"])
    }

    @Test func anUnregisteredCustomSegueStillPresentsWithAWarning() throws {
        let store = try NavigationStore([
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.custom("B", from: .button(id: "go"), className: "LinearSegue")]),
            Scene.view("B"),
        ], initial: "A", state: "ViewController \"A\"", trace: [
            "root ViewController \"A\"",
            "ViewController \"A\".viewDidLoad",
            "ViewController \"A\".viewWillAppear",
            "ViewController \"A\".viewDidAppear",
        ])
        try store.step(.tapButton("Go"), state: "ViewController \"A\" ⇒ fullScreen ViewController \"B\"", trace: [
            "ViewController \"A\".shouldPerformSegue() → true",
            "warning: segue class LinearSegue is not registered; performing it as a presentation",
            "segue custom ViewController \"A\" → ViewController \"B\"",
            "ViewController \"A\".prepare()",
            "ViewController \"B\".viewDidLoad",
            "ViewController \"A\".viewWillDisappear",
            "ViewController \"B\".viewWillAppear",
            "ViewController \"B\".viewDidAppear",
            "ViewController \"A\".viewDidDisappear",
        ])
        #expect(store.driver.application.warnings.first?.contains("LinearSegue") == true)
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
        let store = try NavigationStore([Scene.view("A"), Scene.view("B"), Scene.view("C")], initial: "A", state: "ViewController \"A\"", trace: [
            "root ViewController \"A\"",
            "ViewController \"A\".viewDidLoad",
            "ViewController \"A\".viewWillAppear",
            "ViewController \"A\".viewDidAppear",
        ])
        let driver = store.driver
        let storyboard = try #require(driver.top.storyboard)
        let root = driver.top
        try store.step(.perform("A presents B", { _ in root.present(try storyboard.instantiateViewController(withIdentifier: "B")) }), state: "ViewController \"A\" ⇒ fullScreen ViewController \"B\"", trace: [
            "present ViewController \"A\" → ViewController \"B\"",
            "ViewController \"B\".viewDidLoad",
            "ViewController \"A\".viewWillDisappear",
            "ViewController \"B\".viewWillAppear",
            "ViewController \"B\".viewDidAppear",
            "ViewController \"A\".viewDidDisappear",
        ])
        try store.step(.perform("A presents C", { _ in root.present(try storyboard.instantiateViewController(withIdentifier: "C")) }), state: "ViewController \"A\" ⇒ fullScreen ViewController \"B\" ⇒ fullScreen ViewController \"C\"", trace: [
            "note: presenting from the top of the chain, ViewController \"B\"",
            "present ViewController \"B\" → ViewController \"C\"",
            "ViewController \"C\".viewDidLoad",
            "ViewController \"B\".viewWillDisappear",
            "ViewController \"C\".viewWillAppear",
            "ViewController \"C\".viewDidAppear",
            "ViewController \"B\".viewDidDisappear",
        ])
        #expect(driver.top.presentingViewController?.debugName == "ViewController \"B\"")
    }

    @Test func alertsPresentOverTheScreenAndRunTheirHandlerAfterDismissal() throws {
        let store = try NavigationStore([Scene.view("A")], initial: "A", state: "ViewController \"A\"", trace: [
            "root ViewController \"A\"",
            "ViewController \"A\".viewDidLoad",
            "ViewController \"A\".viewWillAppear",
            "ViewController \"A\".viewDidAppear",
        ])
        let driver = store.driver
        var handled: [Int] = []
        let alert = AlertController(title: "Delete?", message: "This can't be undone.")
        alert.addAction(.init(title: "Cancel", style: .cancel))
        alert.addAction(.init(title: "Delete", style: .destructive) { handled.append(driver.presentationDepth) })
        // The presenter stays on screen under the alert and gets no calls.
        try store.step(.perform("A presents the alert", { $0.top.present(alert) }), state: "ViewController \"A\" ⇒ overFullScreen Alert AlertController", trace: [
            "present ViewController \"A\" → AlertController",
            "AlertController.viewDidLoad",
            "AlertController.viewWillAppear",
            "AlertController.viewDidAppear",
        ])
        #expect(alert.cancelActionIndex == 0)
        try store.step(.tapAlertAction("Delete"), state: "ViewController \"A\"", trace: [
            "AlertController ← alert:Delete",
            "dismiss AlertController → ViewController \"A\"",
            "AlertController.viewWillDisappear",
            "AlertController.viewDidDisappear",
            "AlertController released",
        ])
        #expect(handled == [0])
    }
}

@Suite struct SegueKindTests {
    @Test func showDetailPushesLikeShow() throws {
        let store = try NavigationStore([
            Scene.navigation("N", root: "A"),
            Scene.view("A", buttons: [("go", "Go")], segues: [
                SegueSpec(id: "d", identifier: "Detail", kind: .showDetail, destinationID: "B", owner: .button(id: "go")),
            ]),
            Scene.view("B"),
        ], initial: "N", state: "Navigation[ViewController \"A\"]", trace: CommonTraces.launchOfAInNavigation)
        try store.step(.tapButton("Go"), state: "Navigation[ViewController \"A\" › ViewController \"B\"]", trace: [
            "ViewController \"A\".shouldPerformSegue(Detail) → true",
            "segue showDetail \"Detail\" ViewController \"A\" → ViewController \"B\"",
            "ViewController \"A\".prepare(Detail)",
            "ViewController \"B\".viewDidLoad",
            "ViewController \"A\".viewWillDisappear",
            "ViewController \"B\".viewWillAppear",
            "ViewController \"A\".viewDidDisappear",
            "ViewController \"B\".viewDidAppear",
        ])
    }

    @Test func popoverPresentsAsASheet() throws {
        let store = try NavigationStore([
            Scene.view("A", buttons: [("go", "Go")], segues: [
                SegueSpec(id: "p", identifier: "Pop", kind: .popover, destinationID: "B", owner: .button(id: "go")),
            ]),
            Scene.view("B"),
        ], initial: "A", state: "ViewController \"A\"", trace: [
            "root ViewController \"A\"",
            "ViewController \"A\".viewDidLoad",
            "ViewController \"A\".viewWillAppear",
            "ViewController \"A\".viewDidAppear",
        ])
        // A sheet: the presenter stays on screen and gets no calls.
        try store.step(.tapButton("Go"), state: "ViewController \"A\" ⇒ popover ViewController \"B\"", trace: [
            "ViewController \"A\".shouldPerformSegue(Pop) → true",
            "segue popover \"Pop\" ViewController \"A\" → ViewController \"B\"",
            "ViewController \"A\".prepare(Pop)",
            "ViewController \"B\".viewDidLoad",
            "ViewController \"B\".viewWillAppear",
            "ViewController \"B\".viewDidAppear",
        ])
    }

    @Test func theSeguesStyleWinsOverTheDestinations() throws {
        let store = try NavigationStore([
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.present("B", from: .button(id: "go"), style: .formSheet)]),
            Scene.view("B", style: .fullScreen),
        ], initial: "A", state: "ViewController \"A\"", trace: [
            "root ViewController \"A\"",
            "ViewController \"A\".viewDidLoad",
            "ViewController \"A\".viewWillAppear",
            "ViewController \"A\".viewDidAppear",
        ])
        try store.step(.tapButton("Go"), state: "ViewController \"A\" ⇒ formSheet ViewController \"B\"", trace: [
            "ViewController \"A\".shouldPerformSegue() → true",
            "segue present ViewController \"A\" → ViewController \"B\"",
            "ViewController \"A\".prepare()",
            "ViewController \"B\".viewDidLoad",
            "ViewController \"B\".viewWillAppear",
            "ViewController \"B\".viewDidAppear",
        ])
    }
}
