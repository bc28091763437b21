import Foundation
import Testing
import TestSupport

@testable import Flow

/// A class that has some of the actions its storyboard wires, like a real app's class
/// registered under the storyboard's name.
final class PartialEditor: ViewController {
    private(set) var saved = 0
    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.action("save:", PartialEditor.save)
        return table
    }
    func save() { saved += 1 }
}

/// Cancel and Done wired to code that is not there: the scene closes as the storyboard
/// implies, says so, and traces it; registered code keeps its own behaviour.
@Suite struct MissingCodeTests {
    /// A list that presents an editor in a navigation controller, and pushes a detail.
    static func scenes(editorClass: String? = nil, doneActions: [String] = ["done:"]) -> [ControllerSpec] {
        [
            Scene.navigation("Nav", root: "List"),
            Scene.table(
                "List", title: "Items", rows: [("add", "Add"), ("open", "Open")],
                segues: [
                    Segue.present("EditorNav", from: .cell(id: "add"), style: .formSheet),
                    Segue.show("Detail", from: .cell(id: "open")),
                ]),
            Scene.navigation("EditorNav", root: "Editor", style: .formSheet),
            Scene.view(
                "Editor", title: "New Item", customClass: editorClass,
                barItems: [.item("done", .done, actions: doneActions)],
                leftBarItems: [.item("cancel", .cancel, actions: ["cancel:"])]),
            Scene.view(
                "Detail", title: "Detail",
                barItems: [.item("finish", title: "Finished", actions: ["finishTapped:"]), .item("refresh", title: "Refresh", actions: ["refresh:"])]),
        ]
    }

    func item(_ id: String, on controller: ViewController?) throws -> BarButtonItem {
        try #require(controller?.navigationItem.allItems.first { $0.id == id })
    }

    @Test func cancelWithNoCodeClosesTheSheetAndSaysSo() throws {
        let store = try NavigationStore(Self.scenes(), initial: "Nav", state: "Navigation[TableViewController \"Items\"]", trace: [
            "root TableViewController \"Items\"",
            "NavigationController \"Nav\".viewDidLoad",
            "TableViewController \"Items\".viewDidLoad",
            "NavigationController \"Nav\".viewWillAppear",
            "TableViewController \"Items\".viewWillAppear",
            "NavigationController \"Nav\".viewDidAppear",
            "TableViewController \"Items\".viewDidAppear",
        ])
        let driver = store.driver
        try store.step(.tapRow("Add"), state: "Navigation[TableViewController \"Items\"] ⇒ formSheet Navigation[ViewController \"New Item\"]", trace: [
            "TableViewController \"Items\".shouldPerformSegue() → true",
            "segue present TableViewController \"Items\" → NavigationController \"EditorNav\"",
            "TableViewController \"Items\".prepare()",
            "NavigationController \"EditorNav\".viewDidLoad",
            "ViewController \"New Item\".viewDidLoad",
            "NavigationController \"EditorNav\".viewWillAppear",
            "ViewController \"New Item\".viewWillAppear",
            "NavigationController \"EditorNav\".viewDidAppear",
            "ViewController \"New Item\".viewDidAppear",
        ])
        let cancel = try item("cancel", on: driver.application.topViewController)
        try store.step(.perform("tap Cancel", { _ in cancel.tap() }), state: "Navigation[TableViewController \"Items\"]", trace: [
            "warning: no code for cancel: — closed the sheet",
            "fallback ViewController \"New Item\" → TableViewController \"Items\" (no code for cancel: — closed the sheet)",
            "NavigationController \"EditorNav\".viewWillDisappear",
            "ViewController \"New Item\".viewWillDisappear",
            "NavigationController \"EditorNav\".viewDidDisappear",
            "ViewController \"New Item\".viewDidDisappear",
            "NavigationController \"EditorNav\" released",
            "ViewController \"New Item\" released",
        ])
        #expect(driver.application.warnings.last == "no code for cancel: — closed the sheet")
        let fallback = try #require(driver.application.trace.lastTransition)
        #expect(fallback.cause == .transition(TransitionRecord(
            kind: .fallback, source: "ViewController \"New Item\"", destination: "TableViewController \"Items\"",
            reason: "no code for cancel: — closed the sheet")))
        // The dismissal inside the fallback adds no header of its own; the warning and the
        // dismissal's calls are the fallback's entries.
        #expect(!fallback.entries.contains { NavigationTrace.isHeader($0) })
        #expect(fallback.lines == [
            "warning: no code for cancel: — closed the sheet",
            "NavigationController \"EditorNav\".viewWillDisappear",
            "ViewController \"New Item\".viewWillDisappear",
            "NavigationController \"EditorNav\".viewDidDisappear",
            "ViewController \"New Item\".viewDidDisappear",
            "NavigationController \"EditorNav\" released",
            "ViewController \"New Item\" released",
        ])
    }

    @Test func doneWithNoCodeClosesTheSheetToo() throws {
        let driver = try launch(Self.scenes(), initial: "Nav")
        try driver.tapRow("Add")
        try item("done", on: driver.application.topViewController).tap()
        #expect(driver.application.presentationLayers.count == 1)
        #expect(driver.application.warnings.last == "no code for done: — closed the sheet")
    }

    @Test func aPushedSceneGoesBackInstead() throws {
        let driver = try launch(Self.scenes(), initial: "Nav")
        try driver.tapRow("Open")
        try item("finish", on: driver.application.topViewController).tap()
        #expect(driver.application.topViewController?.displayTitle == "Items")
        #expect(driver.application.warnings.last == "no code for finishTapped: — went back to Items")
    }

    @Test func anActionThatDoesNotCloseOnlyWarns() throws {
        let driver = try launch(Self.scenes(), initial: "Nav")
        try driver.tapRow("Open")
        try item("refresh", on: driver.application.topViewController).tap()
        #expect(driver.application.topViewController?.displayTitle == "Detail")
        #expect(driver.application.warnings.last == "no code for refresh:")
    }

    @Test func aRegisteredClassLackingTheActionGetsTheFallbackWithTheWarning() throws {
        let registry = ClassRegistry()
        registry.register(PartialEditor.self, as: "PartialEditor")
        let driver = try launch(Self.scenes(editorClass: "PartialEditor", doneActions: ["save:"]), initial: "Nav", registry: registry)
        try driver.tapRow("Add")
        try item("cancel", on: driver.application.topViewController).tap()
        #expect(driver.application.presentationLayers.count == 1)
        #expect(driver.application.warnings.last == "PartialEditor has no action cancel: — closed the sheet")
    }

    @Test func registeredCodeKeepsItsOwnBehaviour() throws {
        let registry = ClassRegistry()
        registry.register(PartialEditor.self, as: "PartialEditor")
        let driver = try launch(Self.scenes(editorClass: "PartialEditor", doneActions: ["save:"]), initial: "Nav", registry: registry)
        try driver.tapRow("Add")
        let editor = try #require(driver.application.topViewController as? PartialEditor)
        try item("done", on: editor).tap()
        // save: exists and does not dismiss: the sheet stays, as the app's code decided.
        #expect(editor.saved == 1)
        #expect(driver.application.presentationLayers.count == 2)
    }

    @Test func theFirstScreenHasNowhereToGo() throws {
        let driver = try launch([
            Scene.view("Root", title: "Home", barItems: [.item("done", .done, actions: ["done:"])])
        ], initial: "Root")
        try item("done", on: driver.application.topViewController).tap()
        #expect(driver.application.topViewController?.displayTitle == "Home")
        #expect(driver.application.warnings.last == "no code for done:")
    }

    @Test(arguments: [
        ("Cancel", nil, "cancel:", true), ("Done", nil, "done:", true), ("", BarButtonSystemItem.save, "save:", true),
        ("Close", nil, "closeTapped:", true), ("Back", nil, "goBack:", true), ("Edit", nil, "cancelButtonTapped:", true),
        ("Refresh", nil, "refresh:", false), ("Log Out", nil, "logoutTapped:", false), ("", BarButtonSystemItem.add, "addItem:", false),
    ] as [(String, BarButtonSystemItem?, String, Bool)])
    func whatReadsAsClosing(title: String, system: BarButtonSystemItem?, selector: String, closes: Bool) {
        #expect(MissingCode.impliesClosing(title: title, systemItem: system, selectors: [selector]) == closes)
    }

    @Test func aNavigationControllerWithNoRootInTheFileIsLegallyEmpty() throws {
        let empty = ControllerSpec(id: "Empty", kind: .navigationController, storyboardIdentifier: "Empty")
        let driver = try launch([
            Scene.view("Root", title: "Home", buttons: [("go", "Go")], segues: [Segue.custom("Empty", from: .button(id: "go"), className: "LoadOtherStoryboardSegue")]),
            empty,
        ], initial: "Root")
        try driver.tapButton("Go")
        let navigation = try #require(driver.application.topViewController as? NavigationController)
        #expect(navigation.viewControllers.isEmpty)
        #expect(navigation.rootComesFromCode)
        #expect(!navigation.hasHeldControllers)
        // A navigation controller whose file gives it a root is not one of these.
        let withRoot = try launch(Self.scenes(), initial: "Nav")
        #expect((withRoot.application.rootViewController as? NavigationController)?.rootComesFromCode == false)
    }
}
