import Flow
import Testing
import TestSupport

/// A storyboard with the application it runs in (a storyboard holds its application weakly).
private struct Flow {
    let application: Application
    let storyboard: Storyboard
}

/// The seed's account flow as a document: Welcome presents the sign-up steps as a form
/// sheet; the confirmation step can unwind to the first step (reset:) or the presenter (done:).
private func accountFlow(registered: Bool = true) -> Flow {
    let registry = ClassRegistry()
    if registered {
        registry.register(AccountPresenter.self, as: "AccountPresenter")
        registry.register(FirstStep.self, as: "FirstStep")
        registry.register(ConfirmStep.self, as: "ConfirmStep")
    }
    let (application, storyboard) = makeApplication([
        Scene.navigation("Root", root: "P"),
        Scene.view("P", title: "Welcome", customClass: "AccountPresenter", buttons: [("create", "Create Account")],
                   segues: [Segue.present("Steps", from: .button(id: "create"), identifier: "Create", style: .formSheet)]),
        Scene.navigation("Steps", root: "S1", style: .formSheet),
        Scene.view("S1", title: "Name", customClass: "FirstStep", buttons: [("next", "Next")],
                   segues: [Segue.show("S2", from: .button(id: "next"), identifier: "ToEmail")]),
        Scene.view("S2", title: "Email", storyboardID: "EmailStep", buttons: [("next", "Next")],
                   segues: [Segue.show("C", from: .button(id: "next"), identifier: "ToConfirm"), Segue.show("C", from: .controller, identifier: "Shortcut")]),
        Scene.view("C", title: "Confirm", customClass: "ConfirmStep"),
        Scene.view("Lonely", title: "Lonely"),
    ], initial: "Root", registry: registry)
    return Flow(application: application, storyboard: storyboard)
}

/// A dry run on the account flow; the outcome keeps the application alive from then on.
private func dryRun(registered: Bool = true, from scene: String, action: String) throws -> UnwindDryRun.Outcome {
    let flow = accountFlow(registered: registered)
    return try withExtendedLifetime(flow.application) {
        try UnwindDryRun.run(storyboard: flow.storyboard, from: scene, action: action)
    }
}

@Suite struct UnwindDryRunTests {
    @Test func resetGoesToTheFirstStep() throws {
        let outcome = try dryRun(from: "C", action: "reset")
        #expect(outcome.action == "reset:")
        #expect(outcome.path.map(\.segue.kind) == [.relationship, .present, .relationship, .show, .show])
        let plan = try #require(outcome.plan)
        #expect(plan.destination is FirstStep)
        #expect(plan.searched.map(\.debugName) == ["ConfirmStep", "ViewController \"Email\"", "FirstStep"])
        #expect(plan.removed.map(\.debugName) == ["ConfirmStep", "ViewController \"Email\""])
        #expect(outcome.report.contains("Destination: FirstStep"))
        #expect(outcome.report.contains("Removed: ConfirmStep, ViewController \"Email\""))
    }

    @Test func doneGoesOneHopFurtherToThePresenter() throws {
        let outcome = try dryRun(from: "C", action: "done:")
        let plan = try #require(outcome.plan)
        #expect(plan.destination is AccountPresenter)
        #expect(plan.searched.last?.debugName == "AccountPresenter")
        #expect(plan.removed.map(\.debugName) == ["ConfirmStep", "ViewController \"Email\"", "FirstStep", "NavigationController \"Steps\""])
        // The path was really performed: the sheet is up, the source on top of its stack.
        #expect(outcome.application.presentationLayers.map(\.style) == [nil, .formSheet])
        #expect(outcome.source.navigationController?.viewControllers.map(\.debugName) == ["FirstStep", "ViewController \"Email\"", "ConfirmStep"])
        #expect(outcome.application.trace.events.contains(.prepare(controller: "AccountPresenter", identifier: "Create")))
        // A dry run: nothing was unwound.
        #expect((plan.destination as? AccountPresenter)?.account == nil)
    }

    @Test func theShortestPathWinsAndScenesAreFoundByIdentifier() throws {
        let outcome = try dryRun(from: "EmailStep", action: "reset:")
        #expect(outcome.path.count == 4)
        #expect(outcome.source.debugName == "ViewController \"Email\"")
        #expect(outcome.plan?.destination is FirstStep)
        #expect(outcome.report.first == "Path from the initial scene (4 steps):")
    }

    @Test func noDestinationSaysWhatTheRuntimeDoesInstead() throws {
        let declared = try dryRun(from: "S2", action: "done:")
        #expect(declared.plan?.destination is AccountPresenter)

        let nobody = try dryRun(from: "C", action: "nowhere:")
        #expect(nobody.plan == nil)
        #expect(nobody.fallback == "No class declares it, so at run time the source goes back one level: ConfirmStep is popped.")
        #expect(nobody.report.contains("No destination: no controller on the way back declares nowhere:."))

        let generic = try dryRun(registered: false, from: "S1", action: "done:")
        #expect(generic.plan == nil)
        #expect(generic.fallback == "No class declares it, so at run time the source goes back one level: NavigationController \"Steps\" is dismissed.")

        let declaredElsewhere = try dryRun(from: "P", action: "reset:")
        #expect(declaredElsewhere.plan == nil)
        #expect(declaredElsewhere.fallback == "At run time nothing happens and a warning is shown.")
    }

    @Test func failuresAreNamed() {
        #expect(throws: UnwindDryRun.Failure.noSuchScene("Nope")) {
            try dryRun(from: "Nope", action: "done:")
        }
        #expect(throws: UnwindDryRun.Failure.noPath(to: "Lonely")) {
            try dryRun(from: "Lonely", action: "done:")
        }
        let application = Application()
        let storyboard = application.storyboard(document: StoryboardDocument(
            fileName: "Library.storyboard", initialControllerID: nil, controllers: [Scene.view("A")]))
        #expect(throws: UnwindDryRun.Failure.noInitialScene(file: "Library.storyboard")) {
            try withExtendedLifetime(application) { try UnwindDryRun.run(storyboard: storyboard, from: "A", action: "done:") }
        }
    }

    @Test func theInitialSceneItselfNeedsNoPath() throws {
        let outcome = try dryRun(from: "Root", action: "done:")
        #expect(outcome.path.isEmpty)
        #expect(outcome.report.first == "Path: NavigationController \"Root\" is the initial scene")
    }
}
