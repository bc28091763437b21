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

func accountFlow() throws -> FlowDriver {
    let registry = ClassRegistry()
    registry.register(AccountPresenter.self, as: "AccountPresenter")
    registry.register(FirstStep.self, as: "FirstStep")
    registry.register(ConfirmStep.self, as: "ConfirmStep")
    return try launch([
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
    ], initial: "Root", registry: registry)
}

@Suite struct UnwindTests {
    @Test func resetStopsAtTheStepController() throws {
        let driver = try accountFlow()
        try driver.tapButton("Create Account")
        try driver.tapButton("Next")
        try driver.tapButton("Next")
        #expect(driver.stack == ["Name", "Email", "Confirm"])
        #expect(driver.application.navigationState.description
            == "Navigation[AccountPresenter] ⇒ formSheet Navigation[FirstStep › ViewController \"Email\" › ConfirmStep]")
        let confirm = try #require(driver.top as? ConfirmStep)
        driver.application.trace.clear()
        try driver.tapBarButton("Reset")
        #expect(driver.stack == ["Name"])
        #expect(driver.presentationDepth == 1)
        #expect(driver.application.navigationState.description == "Navigation[AccountPresenter] ⇒ formSheet Navigation[FirstStep]")
        #expect((driver.top as? FirstStep)?.resets == 1)
        #expect(confirm.prepared == ["Reset"])
        // prepare on the source, then the unwind action, then one transition.
        #expect(driver.application.trace.sceneCalls(["ConfirmStep", "FirstStep", "Email"]) == [
            "ConfirmStep.prepare", "FirstStep.reset:",
            "ConfirmStep.viewWillDisappear", "FirstStep.viewWillAppear", "ConfirmStep.viewDidDisappear", "FirstStep.viewDidAppear",
            "Email released", "ConfirmStep released",
        ])
    }

    @Test func doneGoesOneHopFurtherToThePresenter() throws {
        let driver = try accountFlow()
        try driver.tapButton("Create Account")
        try driver.tapButton("Next")
        try driver.tapButton("Next")
        driver.application.trace.clear()
        try driver.tapBarButton("Done")
        #expect(driver.presentationDepth == 0)
        #expect(driver.application.navigationState.description == "Navigation[AccountPresenter]")
        let presenter = try #require(driver.top as? AccountPresenter)
        #expect(presenter.account == "ada@example.com")
        // A form sheet: the presenter stayed on screen and gets no appearance calls.
        #expect(driver.application.trace.sceneCalls(["ConfirmStep", "AccountPresenter"]) == [
            "ConfirmStep.prepare", "AccountPresenter.done:", "ConfirmStep.viewWillDisappear", "ConfirmStep.viewDidDisappear", "ConfirmStep released",
        ])
    }

    @Test func dryRunAnswersWhereAnUnwindWouldGo() throws {
        let driver = try accountFlow()
        try driver.tapButton("Create Account")
        try driver.tapButton("Next")
        try driver.tapButton("Next")
        let reset = try #require(driver.application.unwindPlan(action: "reset:", from: driver.top))
        #expect(reset.destination.debugName == "FirstStep")
        #expect(reset.removed.map(\.debugName) == ["ConfirmStep", "ViewController \"Email\""])
        let done = try #require(driver.application.unwindPlan(action: "done:", from: driver.top))
        #expect(done.destination.debugName == "AccountPresenter")
        #expect(done.removed.map(\.debugName) == ["ConfirmStep", "ViewController \"Email\"", "FirstStep", "NavigationController \"Steps\""])
        #expect(driver.application.unwindPlan(action: "nowhere:", from: driver.top) == nil)
        // A dry run changes nothing.
        #expect(driver.stack == ["Name", "Email", "Confirm"])
    }

    @Test func anUnwindNobodyOnThePathTakesOnlyWarns() throws {
        let registry = ClassRegistry()
        registry.register(AccountPresenter.self, as: "AccountPresenter")
        let driver = try launch([
            Scene.navigation("N", root: "A"),
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
            Scene.view("B", buttons: [("x", "Leave")], segues: [Segue.unwind("done:", from: .button(id: "x"), exit: "B.exit")]),
        ], initial: "N", registry: registry)
        try driver.tapButton("Go")
        try driver.tapButton("Leave")
        #expect(driver.stack == ["A", "B"])
        #expect(driver.application.warnings.last?.contains("done:") == true)
    }

    @Test func anUnwindNoClassDeclaresGoesBackOneLevel() throws {
        let driver = try launch([
            Scene.navigation("N", root: "A"),
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
            Scene.view("B", buttons: [("x", "Leave")], segues: [Segue.unwind("unwindToList:", from: .button(id: "x"), exit: "B.exit")]),
        ], initial: "N")
        try driver.tapButton("Go")
        try driver.tapButton("Leave")
        #expect(driver.stack == ["A"])
        #expect(driver.application.warnings.last?.contains("going back one level") == true)
    }

    @Test func unwindFromAModalInsideANavigationStack() throws {
        let registry = ClassRegistry()
        registry.register(ListController.self, as: "List")
        let driver = try launch([
            Scene.navigation("N", root: "L"),
            Scene.view("L", customClass: "List", buttons: [("go", "Go")], segues: [Segue.show("D", from: .button(id: "go"))]),
            Scene.view("D", buttons: [("edit", "Edit")], segues: [Segue.present("EN", from: .button(id: "edit"))]),
            Scene.navigation("EN", root: "E"),
            Scene.view("E", buttons: [("save", "Save")], segues: [Segue.unwind("unwindToList:", from: .button(id: "save"), exit: "E.exit")]),
        ], initial: "N", registry: registry)
        try driver.tapButton("Go")
        try driver.tapButton("Edit")
        #expect(driver.presentationDepth == 1)
        driver.application.trace.clear()
        try driver.tapButton("Save")
        #expect(driver.presentationDepth == 0)
        #expect(driver.stack == ["L"])
        #expect(driver.application.navigationState.description == "Navigation[List]")
        #expect((driver.top as? ListController)?.unwound == 1)
        // Only the visible source and the destination see the transition; D is removed quietly.
        #expect(driver.application.trace.sceneCalls(["E", "List", "D"]) == [
            "E.prepare", "List.unwindToList:", "E.viewWillDisappear", "List.viewWillAppear", "List.viewDidAppear", "E.viewDidDisappear",
            "D released", "E released",
        ])
    }

    @Test func tabBarsSelectTheTabHoldingTheDestination() throws {
        let registry = ClassRegistry()
        registry.register(ListController.self, as: "List")
        let driver = try launch([
            Scene.tabs("T", ["N1", "N2"]),
            Scene.navigation("N1", root: "L"),
            Scene.view("L", customClass: "List"),
            Scene.navigation("N2", root: "X"),
            Scene.view("X", buttons: [("back", "Back to list")], segues: [Segue.unwind("unwindToList:", from: .button(id: "back"), exit: "X.exit")]),
        ], initial: "T", registry: registry)
        let tabs = try #require(driver.application.rootViewController as? TabBarController)
        tabs.select(1)
        #expect(driver.top.debugName == "ViewController \"X\"")
        try driver.tapButton("Back to list")
        #expect(tabs.selectedIndex == 0)
        #expect((driver.top as? ListController)?.unwound == 1)
        #expect(driver.application.navigationState.description == "Tabs[*Navigation[List] | Navigation[ViewController \"X\"]]")
        #expect(driver.application.invariantViolations.isEmpty)
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
