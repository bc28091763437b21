import Flow
import Testing
import TestSupport

/// The seed's account flow: a presenter shows a form sheet of sign-up steps; the last step's
/// Reset goes back to the first step, Done all the way to the presenter.
final class AccountPresenter: ViewController {
    var account: String?
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.unwind("done:", AccountPresenter.done)
        return table
    }
    func done(_ segue: StoryboardSegue) {
        account = (segue.source as? ConfirmStep)?.account
    }
}

final class FirstStep: ViewController {
    var resets = 0
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.unwind("reset:", FirstStep.reset)
        return table
    }
    func reset(_ segue: StoryboardSegue) { resets += 1 }
}

final class ConfirmStep: ViewController {
    var account = "ada@example.com"
    var prepared: [String] = []
    override func prepare(for segue: StoryboardSegue, sender: AnyObject?) {
        prepared.append(segue.identifier ?? "")
    }
}

/// The account flow on the exhaustive step, its launch checked.
func accountFlowStore() throws -> NavigationStore {
    let registry = ClassRegistry()
    registry.register(AccountPresenter.self, as: "AccountPresenter")
    registry.register(FirstStep.self, as: "FirstStep")
    registry.register(ConfirmStep.self, as: "ConfirmStep")
    return try NavigationStore([
        Scene.navigation("Root", root: "P"),
        Scene.view("P", title: "Welcome", customClass: "AccountPresenter", buttons: [("create", "Create Account")],
                   segues: [Segue.present("Steps", from: .button(id: "create"), style: .formSheet)]),
        Scene.navigation("Steps", root: "S1", style: .formSheet),
        Scene.view("S1", title: "Name", customClass: "FirstStep", buttons: [("next", "Next")], segues: [Segue.show("S2", from: .button(id: "next"))]),
        Scene.view("S2", title: "Email", buttons: [("next", "Next")], segues: [Segue.show("C", from: .button(id: "next"))]),
        Scene.view("C", title: "Confirm", customClass: "ConfirmStep",
                   barItems: [.item("doneItem", .done), .item("resetItem", title: "Reset")],
                   segues: [Segue.unwind("done:", from: .barButtonItem(id: "doneItem"), identifier: "Done", exit: "C.exit"),
                            Segue.unwind("reset:", from: .barButtonItem(id: "resetItem"), identifier: "Reset", exit: "C.exit")]),
    ], initial: "Root", registry: registry, state: "Navigation[AccountPresenter]", trace: [
        "root AccountPresenter",
        "NavigationController \"Root\".viewDidLoad",
        "AccountPresenter.viewDidLoad",
        "NavigationController \"Root\".viewWillAppear",
        "AccountPresenter.viewWillAppear",
        "NavigationController \"Root\".viewDidAppear",
        "AccountPresenter.viewDidAppear",
    ])
}

/// The account flow walked to its last step, each step checked.
func accountFlowAtConfirm() throws -> NavigationStore {
    let store = try accountFlowStore()
    try store.step(.tapButton("Create Account"), state: "Navigation[AccountPresenter] ⇒ formSheet Navigation[FirstStep]", trace: [
        "AccountPresenter.shouldPerformSegue() → true",
        "segue present AccountPresenter → NavigationController \"Steps\"",
        "AccountPresenter.prepare()",
        "NavigationController \"Steps\".viewDidLoad",
        "FirstStep.viewDidLoad",
        "NavigationController \"Steps\".viewWillAppear",
        "FirstStep.viewWillAppear",
        "NavigationController \"Steps\".viewDidAppear",
        "FirstStep.viewDidAppear",
    ])
    try store.step(.tapButton("Next"), state: "Navigation[AccountPresenter] ⇒ formSheet Navigation[FirstStep › ViewController \"Email\"]", trace: [
        "FirstStep.shouldPerformSegue() → true",
        "segue show FirstStep → ViewController \"Email\"",
        "FirstStep.prepare()",
        "ViewController \"Email\".viewDidLoad",
        "FirstStep.viewWillDisappear",
        "ViewController \"Email\".viewWillAppear",
        "FirstStep.viewDidDisappear",
        "ViewController \"Email\".viewDidAppear",
    ])
    try store.step(.tapButton("Next"), state: "Navigation[AccountPresenter] ⇒ formSheet Navigation[FirstStep › ViewController \"Email\" › ConfirmStep]", trace: [
        "ViewController \"Email\".shouldPerformSegue() → true",
        "segue show ViewController \"Email\" → ConfirmStep",
        "ViewController \"Email\".prepare()",
        "ConfirmStep.viewDidLoad",
        "ViewController \"Email\".viewWillDisappear",
        "ConfirmStep.viewWillAppear",
        "ViewController \"Email\".viewDidDisappear",
        "ConfirmStep.viewDidAppear",
    ])
    return store
}

@Suite struct UnwindTests {
    @Test func resetStopsAtTheStepController() throws {
        let store = try accountFlowAtConfirm()
        let driver = store.driver
        #expect(driver.stack == ["Name", "Email", "Confirm"])
        let confirm = try #require(driver.top as? ConfirmStep)
        // prepare on the source, then the unwind action, then one transition.
        try store.step(.tapBarButton("Reset"), state: "Navigation[AccountPresenter] ⇒ formSheet Navigation[FirstStep]", trace: [
            "ConfirmStep.shouldPerformSegue(Reset) → true",
            "segue unwind \"Reset\" ConfirmStep → FirstStep",
            "ConfirmStep.prepare(Reset)",
            "FirstStep.reset:",
            "ConfirmStep.viewWillDisappear",
            "FirstStep.viewWillAppear",
            "ConfirmStep.viewDidDisappear",
            "FirstStep.viewDidAppear",
            "ViewController \"Email\" released",
            "ConfirmStep released",
        ])
        #expect((driver.top as? FirstStep)?.resets == 1)
        #expect(confirm.prepared == ["Reset"])
    }

    @Test func doneGoesOneHopFurtherToThePresenter() throws {
        let store = try accountFlowAtConfirm()
        // A form sheet: the presenter stayed on screen and gets no appearance calls.
        try store.step(.tapBarButton("Done"), state: "Navigation[AccountPresenter]", trace: [
            "ConfirmStep.shouldPerformSegue(Done) → true",
            "segue unwind \"Done\" ConfirmStep → AccountPresenter",
            "ConfirmStep.prepare(Done)",
            "AccountPresenter.done:",
            "NavigationController \"Steps\".viewWillDisappear",
            "ConfirmStep.viewWillDisappear",
            "NavigationController \"Steps\".viewDidDisappear",
            "ConfirmStep.viewDidDisappear",
            "NavigationController \"Steps\" released",
            "FirstStep released",
            "ViewController \"Email\" released",
            "ConfirmStep released",
        ])
        let presenter = try #require(store.driver.top as? AccountPresenter)
        #expect(presenter.account == "ada@example.com")
    }

    @Test func dryRunAnswersWhereAnUnwindWouldGo() throws {
        let store = try accountFlowAtConfirm()
        let driver = store.driver
        let reset = try #require(driver.application.unwindPlan(action: "reset:", from: driver.top))
        #expect(reset.destination.debugName == "FirstStep")
        #expect(reset.removed.map(\.debugName) == ["ConfirmStep", "ViewController \"Email\""])
        let done = try #require(driver.application.unwindPlan(action: "done:", from: driver.top))
        #expect(done.destination.debugName == "AccountPresenter")
        #expect(done.removed.map(\.debugName) == ["ConfirmStep", "ViewController \"Email\"", "FirstStep", "NavigationController \"Steps\""])
        #expect(driver.application.unwindPlan(action: "nowhere:", from: driver.top) == nil)
        // A dry run changes nothing and records nothing.
        try store.step(.perform("after the dry runs", { _ in }), state: "Navigation[AccountPresenter] ⇒ formSheet Navigation[FirstStep › ViewController \"Email\" › ConfirmStep]", trace: [])
    }

    @Test func anUnwindNobodyOnThePathTakesOnlyWarns() throws {
        let registry = ClassRegistry()
        registry.register(AccountPresenter.self, as: "AccountPresenter")
        let store = try NavigationStore([
            Scene.navigation("N", root: "A"),
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
            Scene.view("B", buttons: [("x", "Leave")], segues: [Segue.unwind("done:", from: .button(id: "x"), exit: "B.exit")]),
        ], initial: "N", registry: registry, state: "Navigation[ViewController \"A\"]", trace: CommonTraces.launchOfAInNavigation)
        try store.step(.tapButton("Go"), state: "Navigation[ViewController \"A\" › ViewController \"B\"]", trace: CommonTraces.pushOfB)
        try store.step(.tapButton("Leave"), state: "Navigation[ViewController \"A\" › ViewController \"B\"]", trace: [
            "ViewController \"B\".shouldPerformSegue() → true",
            "warning: no controller on the way back from ViewController \"B\" handles done:",
        ])
        #expect(store.driver.application.warnings.last?.contains("done:") == true)
    }

    @Test func anUnwindNoClassDeclaresGoesBackOneLevel() throws {
        let store = try NavigationStore([
            Scene.navigation("N", root: "A"),
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
            Scene.view("B", buttons: [("x", "Leave")], segues: [Segue.unwind("unwindToList:", from: .button(id: "x"), exit: "B.exit")]),
        ], initial: "N", state: "Navigation[ViewController \"A\"]", trace: CommonTraces.launchOfAInNavigation)
        try store.step(.tapButton("Go"), state: "Navigation[ViewController \"A\" › ViewController \"B\"]", trace: CommonTraces.pushOfB)
        try store.step(.tapButton("Leave"), state: "Navigation[ViewController \"A\"]", trace: [
            "ViewController \"B\".shouldPerformSegue() → true",
            "warning: no class declares the unwind action unwindToList:; going back one level",
            "pop ViewController \"B\" → ViewController \"A\"",
            "ViewController \"B\".viewWillDisappear",
            "ViewController \"A\".viewWillAppear",
            "ViewController \"B\".viewDidDisappear",
            "ViewController \"A\".viewDidAppear",
            "ViewController \"B\" released",
        ])
        #expect(store.driver.application.warnings.last?.contains("going back one level") == true)
    }

    @Test func unwindFromAModalInsideANavigationStack() throws {
        let registry = ClassRegistry()
        registry.register(ListController.self, as: "List")
        let store = try NavigationStore([
            Scene.navigation("N", root: "L"),
            Scene.view("L", customClass: "List", buttons: [("go", "Go")], segues: [Segue.show("D", from: .button(id: "go"))]),
            Scene.view("D", buttons: [("edit", "Edit")], segues: [Segue.present("EN", from: .button(id: "edit"))]),
            Scene.navigation("EN", root: "E"),
            Scene.view("E", buttons: [("save", "Save")], segues: [Segue.unwind("unwindToList:", from: .button(id: "save"), exit: "E.exit")]),
        ], initial: "N", registry: registry, state: "Navigation[List]", trace: [
            "root List",
            "NavigationController \"N\".viewDidLoad",
            "List.viewDidLoad",
            "NavigationController \"N\".viewWillAppear",
            "List.viewWillAppear",
            "NavigationController \"N\".viewDidAppear",
            "List.viewDidAppear",
        ])
        try store.step(.tapButton("Go"), state: "Navigation[List › ViewController \"D\"]", trace: [
            "List.shouldPerformSegue() → true",
            "segue show List → ViewController \"D\"",
            "List.prepare()",
            "ViewController \"D\".viewDidLoad",
            "List.viewWillDisappear",
            "ViewController \"D\".viewWillAppear",
            "List.viewDidDisappear",
            "ViewController \"D\".viewDidAppear",
        ])
        try store.step(.tapButton("Edit"), state: "Navigation[List › ViewController \"D\"] ⇒ fullScreen Navigation[ViewController \"E\"]", trace: [
            "ViewController \"D\".shouldPerformSegue() → true",
            "segue present ViewController \"D\" → NavigationController \"EN\"",
            "ViewController \"D\".prepare()",
            "NavigationController \"EN\".viewDidLoad",
            "ViewController \"E\".viewDidLoad",
            "NavigationController \"N\".viewWillDisappear",
            "ViewController \"D\".viewWillDisappear",
            "NavigationController \"EN\".viewWillAppear",
            "ViewController \"E\".viewWillAppear",
            "NavigationController \"EN\".viewDidAppear",
            "ViewController \"E\".viewDidAppear",
            "NavigationController \"N\".viewDidDisappear",
            "ViewController \"D\".viewDidDisappear",
        ])
        // Only the visible source and the destination see the transition; D is removed quietly.
        try store.step(.tapButton("Save"), state: "Navigation[List]", trace: [
            "ViewController \"E\".shouldPerformSegue() → true",
            "segue unwind ViewController \"E\" → List",
            "ViewController \"E\".prepare()",
            "List.unwindToList:",
            "NavigationController \"EN\".viewWillDisappear",
            "ViewController \"E\".viewWillDisappear",
            "NavigationController \"N\".viewWillAppear",
            "List.viewWillAppear",
            "NavigationController \"N\".viewDidAppear",
            "List.viewDidAppear",
            "NavigationController \"EN\".viewDidDisappear",
            "ViewController \"E\".viewDidDisappear",
            "ViewController \"D\" released",
            "NavigationController \"EN\" released",
            "ViewController \"E\" released",
        ])
        #expect((store.driver.top as? ListController)?.unwound == 1)
    }

    @Test func tabBarsSelectTheTabHoldingTheDestination() throws {
        let registry = ClassRegistry()
        registry.register(ListController.self, as: "List")
        let store = try NavigationStore([
            Scene.tabs("T", ["N1", "N2"]),
            Scene.navigation("N1", root: "L"),
            Scene.view("L", customClass: "List"),
            Scene.navigation("N2", root: "X"),
            Scene.view("X", buttons: [("back", "Back to list")], segues: [Segue.unwind("unwindToList:", from: .button(id: "back"), exit: "X.exit")]),
        ], initial: "T", registry: registry, state: "Tabs[*Navigation[List] | Navigation[ViewController \"X\"]]", trace: [
            "root List",
            "TabBarController \"T\".viewDidLoad",
            "NavigationController \"N1\".viewDidLoad",
            "List.viewDidLoad",
            "TabBarController \"T\".viewWillAppear",
            "NavigationController \"N1\".viewWillAppear",
            "List.viewWillAppear",
            "TabBarController \"T\".viewDidAppear",
            "NavigationController \"N1\".viewDidAppear",
            "List.viewDidAppear",
        ])
        try store.step(.selectTab(1), state: "Tabs[Navigation[List] | *Navigation[ViewController \"X\"]]", trace: [
            "tab List → ViewController \"X\"",
            "NavigationController \"N2\".viewDidLoad",
            "ViewController \"X\".viewDidLoad",
            "NavigationController \"N1\".viewWillDisappear",
            "List.viewWillDisappear",
            "NavigationController \"N2\".viewWillAppear",
            "ViewController \"X\".viewWillAppear",
            "NavigationController \"N1\".viewDidDisappear",
            "List.viewDidDisappear",
            "NavigationController \"N2\".viewDidAppear",
            "ViewController \"X\".viewDidAppear",
        ])
        try store.step(.tapButton("Back to list"), state: "Tabs[*Navigation[List] | Navigation[ViewController \"X\"]]", trace: [
            "ViewController \"X\".shouldPerformSegue() → true",
            "segue unwind ViewController \"X\" → List",
            "ViewController \"X\".prepare()",
            "List.unwindToList:",
            "NavigationController \"N2\".viewWillDisappear",
            "ViewController \"X\".viewWillDisappear",
            "NavigationController \"N1\".viewWillAppear",
            "List.viewWillAppear",
            "NavigationController \"N2\".viewDidDisappear",
            "ViewController \"X\".viewDidDisappear",
            "NavigationController \"N1\".viewDidAppear",
            "List.viewDidAppear",
        ])
        #expect((store.driver.top as? ListController)?.unwound == 1)
    }

    @Test func aCustomContainerChoosesWhichChildrenToSearch() throws {
        let registry = ClassRegistry()
        registry.register(ListController.self, as: "List")
        registry.register(PickyContainer.self, as: "Picky")
        let driver = try launch([
            Scene.view("Host", customClass: "Picky", containers: ["a", "b"], segues: [
                Segue.embed("L", container: "a"), Segue.embed("Src", container: "b"),
            ]),
            Scene.view("L", customClass: "List"),
            Scene.view("Src", buttons: [("x", "Unwind")], segues: [Segue.unwind("unwindToList:", from: .button(id: "x"), exit: "Src.exit")]),
        ], initial: "Host", registry: registry)
        let source = try #require(driver.top.children.last)
        // The container hides its children from the search: nothing takes the action.
        #expect(driver.application.unwindPlan(action: "unwindToList:", from: source) == nil)
        (driver.top as? PickyContainer)?.allowsSearch = true
        #expect(driver.application.unwindPlan(action: "unwindToList:", from: source)?.destination.debugName == "List")
    }
}

final class ListController: ViewController {
    var unwound = 0
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.unwind("unwindToList:", ListController.unwindToList)
        return table
    }
    func unwindToList(_ segue: StoryboardSegue) { unwound += 1 }
}

final class PickyContainer: ViewController {
    var allowsSearch = false
    override func allowedChildrenForUnwinding(from source: UnwindSegueSource) -> [ViewController] {
        allowsSearch ? super.allowedChildrenForUnwinding(from: source) : []
    }
}
