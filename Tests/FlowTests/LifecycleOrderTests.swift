import Flow
import Testing
import TestSupport

/// Each row of the appearance-order table, as a test: every step states the whole navigation
/// state after it and every call it made, in order.
@Suite struct LifecycleOrderTests {
    static let pushScenes = [
        Scene.navigation("N", root: "A"),
        Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
        Scene.view("B"),
    ]

    @Test func pushCallsInUIKitOrder() throws {
        let store = try NavigationStore(Self.pushScenes, initial: "N", state: Self.stackOfA, trace: CommonTraces.launchOfAInNavigation)
        try store.step(.tapButton("Go"), state: Self.stackOfAAndB, trace: CommonTraces.pushOfB)
    }

    @Test func popCallsInUIKitOrderAndReleases() throws {
        let store = try NavigationStore(Self.pushScenes, initial: "N", state: Self.stackOfA, trace: CommonTraces.launchOfAInNavigation)
        try store.step(.tapButton("Go"), state: Self.stackOfAAndB, trace: CommonTraces.pushOfB)
        try store.step(.back, state: Self.stackOfA, trace: [
            "pop ViewController \"B\" → ViewController \"A\"",
            "ViewController \"B\".viewWillDisappear",
            "ViewController \"A\".viewWillAppear",
            "ViewController \"B\".viewDidDisappear",
            "ViewController \"A\".viewDidAppear",
            "ViewController \"B\" released",
        ])
    }

    @Test func popToRootIsOneTransitionAndHiddenControllersGetNoCalls() throws {
        let store = try NavigationStore([
            Scene.navigation("N", root: "A"),
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
            Scene.view("B", buttons: [("go", "Go")], segues: [Segue.show("C", from: .button(id: "go"))]),
            Scene.view("C"),
        ], initial: "N", state: Self.stackOfA, trace: CommonTraces.launchOfAInNavigation)
        try store.step(.tapButton("Go"), state: Self.stackOfAAndB, trace: CommonTraces.pushOfB)
        try store.step(.tapButton("Go"), state: "Navigation[ViewController \"A\" › ViewController \"B\" › ViewController \"C\"]", trace: [
            "ViewController \"B\".shouldPerformSegue() → true",
            "segue show ViewController \"B\" → ViewController \"C\"",
            "ViewController \"B\".prepare()",
            "ViewController \"C\".viewDidLoad",
            "ViewController \"B\".viewWillDisappear",
            "ViewController \"C\".viewWillAppear",
            "ViewController \"B\".viewDidDisappear",
            "ViewController \"C\".viewDidAppear",
        ])
        try store.step(.perform("pop to root", { $0.top.navigationController?.popToRootViewController() }), state: Self.stackOfA, trace: [
            "pop to root ViewController \"C\" → ViewController \"A\"",
            "ViewController \"C\".viewWillDisappear",
            "ViewController \"A\".viewWillAppear",
            "ViewController \"C\".viewDidDisappear",
            "ViewController \"A\".viewDidAppear",
            "ViewController \"B\" released",
            "ViewController \"C\" released",
        ])
    }

    @Test func setViewControllersTransitionsBetweenOldAndNewTop() throws {
        let (application, storyboard) = makeApplication([
            Scene.navigation("N", root: "A"), Scene.view("A"), Scene.view("B"), Scene.view("C"),
        ], initial: "N")
        let store = try withExtendedLifetime(application) {
            try NavigationStore(launching: storyboard, state: Self.stackOfA, trace: CommonTraces.launchOfAInNavigation)
        }
        try store.step(.perform("set B and C", { driver in
            let b = try storyboard.instantiateViewController(withIdentifier: "B")
            let c = try storyboard.instantiateViewController(withIdentifier: "C")
            driver.top.navigationController?.setViewControllers([b, c])
        }), state: "Navigation[ViewController \"B\" › ViewController \"C\"]", trace: [
            "set view controllers ViewController \"A\" → ViewController \"C\"",
            "ViewController \"C\".viewDidLoad",
            "ViewController \"A\".viewWillDisappear",
            "ViewController \"C\".viewWillAppear",
            "ViewController \"A\".viewDidDisappear",
            "ViewController \"C\".viewDidAppear",
            "ViewController \"A\" released",
        ])
    }

    static let presentScenes = [
        Scene.view("A", buttons: [("go", "Go")], segues: [Segue.present("B", from: .button(id: "go"))]),
        Scene.view("B"),
    ]

    @Test func presentFullScreenCallsInUIKitOrder() throws {
        let store = try NavigationStore(Self.presentScenes, initial: "A", state: Self.a, trace: Self.launchAlone)
        try store.step(.tapButton("Go"), state: Self.bOverA, trace: Self.present)
        #expect(store.driver.top.presentingViewController?.debugName == "ViewController \"A\"")
    }

    @Test func dismissFullScreenCallsInUIKitOrder() throws {
        let store = try NavigationStore(Self.presentScenes, initial: "A", state: Self.a, trace: Self.launchAlone)
        try store.step(.tapButton("Go"), state: Self.bOverA, trace: Self.present)
        try store.step(.dismiss, state: Self.a, trace: [
            "dismiss ViewController \"B\" → ViewController \"A\"",
            "ViewController \"B\".viewWillDisappear",
            "ViewController \"A\".viewWillAppear",
            "ViewController \"A\".viewDidAppear",
            "ViewController \"B\".viewDidDisappear",
            "ViewController \"B\" released",
        ])
    }

    @Test(arguments: [PresentationStyle.pageSheet, .formSheet, .overFullScreen, .popover])
    func sheetsLeaveThePresenterAlone(style: PresentationStyle) throws {
        let store = try NavigationStore([
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.present("B", from: .button(id: "go"), style: style)]),
            Scene.view("B"),
        ], initial: "A", state: Self.a, trace: Self.launchAlone)
        try store.step(.tapButton("Go"), state: "ViewController \"A\" ⇒ \(style.rawValue) ViewController \"B\"", trace: [
            "ViewController \"A\".shouldPerformSegue() → true",
            "segue present ViewController \"A\" → ViewController \"B\"",
            "ViewController \"A\".prepare()",
            "ViewController \"B\".viewDidLoad",
            "ViewController \"B\".viewWillAppear",
            "ViewController \"B\".viewDidAppear",
        ])
        try store.step(.dismiss, state: Self.a, trace: [
            "dismiss ViewController \"B\" → ViewController \"A\"",
            "ViewController \"B\".viewWillDisappear",
            "ViewController \"B\".viewDidDisappear",
            "ViewController \"B\" released",
        ])
    }

    @Test func dismissingSeveralPresentationsShowsOnlyTheTopLeaving() throws {
        let store = try NavigationStore([
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.present("B", from: .button(id: "go"))]),
            Scene.view("B", buttons: [("go", "Go")], segues: [Segue.present("C", from: .button(id: "go"))]),
            Scene.view("C"),
        ], initial: "A", state: Self.a, trace: Self.launchAlone)
        try store.step(.tapButton("Go"), state: Self.bOverA, trace: Self.present)
        try store.step(.tapButton("Go"), state: "ViewController \"A\" ⇒ fullScreen ViewController \"B\" ⇒ fullScreen ViewController \"C\"", trace: [
            "ViewController \"B\".shouldPerformSegue() → true",
            "segue present ViewController \"B\" → ViewController \"C\"",
            "ViewController \"B\".prepare()",
            "ViewController \"C\".viewDidLoad",
            "ViewController \"B\".viewWillDisappear",
            "ViewController \"C\".viewWillAppear",
            "ViewController \"C\".viewDidAppear",
            "ViewController \"B\".viewDidDisappear",
        ])
        try store.step(.perform("A dismisses", { $0.application.rootViewController?.dismiss() }), state: Self.a, trace: [
            "dismiss ViewController \"C\" → ViewController \"A\"",
            "ViewController \"C\".viewWillDisappear",
            "ViewController \"A\".viewWillAppear",
            "ViewController \"A\".viewDidAppear",
            "ViewController \"C\".viewDidDisappear",
            "ViewController \"B\" released",
            "ViewController \"C\" released",
        ])
    }

    @Test func embedRunsPrepareAndLoadsTheChildBeforeTheContainersViewDidLoad() throws {
        let store = try NavigationStore([
            Scene.view("Host", containers: ["box"], segues: [Segue.embed("Child", container: "box", identifier: "embedChild")]),
            Scene.view("Child"),
        ], initial: "Host", state: "ViewController \"Host\"{ViewController \"Child\"}", trace: [
            "root ViewController \"Host\"",
            "segue embed \"embedChild\" ViewController \"Host\" → ViewController \"Child\"",
            "ViewController \"Host\".prepare(embedChild)",
            "ViewController \"Child\".viewDidLoad",
            "ViewController \"Host\".viewDidLoad",
            "ViewController \"Host\".viewWillAppear",
            "ViewController \"Child\".viewWillAppear",
            "ViewController \"Host\".viewDidAppear",
            "ViewController \"Child\".viewDidAppear",
        ])
        let container = store.driver.top.view.first(ContainerView.self)
        #expect(container?.embeddedViewController?.debugName == "ViewController \"Child\"")
    }
}

// MARK: What the steps leave and record
extension LifecycleOrderTests {
    /// The launch of A alone.
    static let launchAlone = [
        "root ViewController \"A\"",
        "ViewController \"A\".viewDidLoad",
        "ViewController \"A\".viewWillAppear",
        "ViewController \"A\".viewDidAppear",
    ]

    /// Go presents B full screen.
    static let present = [
        "ViewController \"A\".shouldPerformSegue() → true",
        "segue present ViewController \"A\" → ViewController \"B\"",
        "ViewController \"A\".prepare()",
        "ViewController \"B\".viewDidLoad",
        "ViewController \"A\".viewWillDisappear",
        "ViewController \"B\".viewWillAppear",
        "ViewController \"B\".viewDidAppear",
        "ViewController \"A\".viewDidDisappear",
    ]

    /// A alone in its navigation controller.
    static let stackOfA = "Navigation[ViewController \"A\"]"

    /// B pushed on A.
    static let stackOfAAndB = "Navigation[ViewController \"A\" › ViewController \"B\"]"

    /// A alone.
    static let a = "ViewController \"A\""

    /// B presented full screen over A.
    static let bOverA = "ViewController \"A\" ⇒ fullScreen ViewController \"B\""
}
