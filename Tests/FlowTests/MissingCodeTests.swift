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

    /// Taps the bar button item `id` of the controller on top, wired to whatever it names.
    func tap(_ id: String) -> NavigationStore.Action {
        .perform("tap \(id)") { driver in try item(id, on: driver.application.topViewController).tap() }
    }

    @Test func cancelWithNoCodeClosesTheSheetAndSaysSo() throws {
        let store = try NavigationStore(Self.scenes(), initial: "Nav", state: Self.items, trace: Self.listLaunch)
        let driver = store.driver
        try store.step(.tapRow("Add"), state: Self.adding, trace: Self.add)
        let cancel = try item("cancel", on: driver.application.topViewController)
        try store.step(.perform("tap Cancel", { _ in cancel.tap() }), state: Self.items, trace: [
            "warning: no code for cancel: — closed the sheet",
            "fallback ViewController \"New Item\" → TableViewController \"Items\" (no code for cancel: — closed the sheet)",
        ] + Self.editorCloses)
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
        let store = try NavigationStore(Self.scenes(), initial: "Nav", state: Self.items, trace: Self.listLaunch)
        let driver = store.driver
        try store.step(.tapRow("Add"), state: Self.adding, trace: Self.add)
        try store.step(tap("done"), state: Self.items, trace: [
            "warning: no code for done: — closed the sheet",
            "fallback ViewController \"New Item\" → TableViewController \"Items\" (no code for done: — closed the sheet)",
        ] + Self.editorCloses)
        #expect(driver.application.warnings.last == "no code for done: — closed the sheet")
    }

    @Test func aPushedSceneGoesBackInstead() throws {
        let store = try NavigationStore(Self.scenes(), initial: "Nav", state: Self.items, trace: Self.listLaunch)
        let driver = store.driver
        try store.step(.tapRow("Open"), state: Self.detail, trace: Self.open)
        try store.step(tap("finish"), state: Self.items, trace: [
            "warning: no code for finishTapped: — went back to Items",
            "fallback ViewController \"Detail\" → TableViewController \"Items\" (no code for finishTapped: — went back to Items)",
            "ViewController \"Detail\".viewWillDisappear",
            "TableViewController \"Items\".viewWillAppear",
            "ViewController \"Detail\".viewDidDisappear",
            "TableViewController \"Items\".viewDidAppear",
            "ViewController \"Detail\" released",
        ])
        #expect(driver.application.warnings.last == "no code for finishTapped: — went back to Items")
    }

    @Test func anActionThatDoesNotCloseOnlyWarns() throws {
        let store = try NavigationStore(Self.scenes(), initial: "Nav", state: Self.items, trace: Self.listLaunch)
        let driver = store.driver
        try store.step(.tapRow("Open"), state: Self.detail, trace: Self.open)
        try store.step(tap("refresh"), state: Self.detail, trace: [
            "warning: no code for refresh:",
        ])
        #expect(driver.application.warnings.last == "no code for refresh:")
    }

    @Test func aRegisteredClassLackingTheActionGetsTheFallbackWithTheWarning() throws {
        let registry = ClassRegistry()
        registry.register(PartialEditor.self, as: "PartialEditor")
        let store = try NavigationStore(
            Self.scenes(editorClass: "PartialEditor", doneActions: ["save:"]), initial: "Nav", registry: registry, state: Self.items, trace: Self.listLaunch)
        let driver = store.driver
        try store.step(.tapRow("Add"), state: Self.addingPartial, trace: Self.addPartial)
        try store.step(tap("cancel"), state: Self.items, trace: [
            "warning: PartialEditor has no action cancel: — closed the sheet",
            "fallback PartialEditor → TableViewController \"Items\" (PartialEditor has no action cancel: — closed the sheet)",
            "NavigationController \"EditorNav\".viewWillDisappear",
            "PartialEditor.viewWillDisappear",
            "NavigationController \"EditorNav\".viewDidDisappear",
            "PartialEditor.viewDidDisappear",
            "NavigationController \"EditorNav\" released",
            "PartialEditor released",
        ])
        #expect(driver.application.warnings.last == "PartialEditor has no action cancel: — closed the sheet")
    }

    @Test func registeredCodeKeepsItsOwnBehaviour() throws {
        let registry = ClassRegistry()
        registry.register(PartialEditor.self, as: "PartialEditor")
        let store = try NavigationStore(
            Self.scenes(editorClass: "PartialEditor", doneActions: ["save:"]), initial: "Nav", registry: registry, state: Self.items, trace: Self.listLaunch)
        try store.step(.tapRow("Add"), state: Self.addingPartial, trace: Self.addPartial)
        let editor = try #require(store.driver.application.topViewController as? PartialEditor)
        // save: exists and does not dismiss: the sheet stays, as the app's code decided.
        try store.step(tap("done"), state: Self.addingPartial, trace: [
            "PartialEditor ← save:",
        ])
        #expect(editor.saved == 1)
    }

    @Test func theFirstScreenHasNowhereToGo() throws {
        let store = try NavigationStore([
            Scene.view("Root", title: "Home", barItems: [.item("done", .done, actions: ["done:"])])
        ], initial: "Root", state: Self.home, trace: Self.homeLaunch)
        let driver = store.driver
        try store.step(tap("done"), state: Self.home, trace: [
            "warning: no code for done:",
        ])
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
        let store = try NavigationStore([
            Scene.view("Root", title: "Home", buttons: [("go", "Go")], segues: [Segue.custom("Empty", from: .button(id: "go"), className: "LoadOtherStoryboardSegue")]),
            empty,
        ], initial: "Root", state: Self.home, trace: Self.homeLaunch)
        let driver = store.driver
        try store.step(.tapButton("Go"), state: "ViewController \"Home\" ⇒ fullScreen Navigation[]", trace: [
            "ViewController \"Home\".shouldPerformSegue() → true",
            "warning: segue class LoadOtherStoryboardSegue is not registered; performing it as a presentation",
            "segue custom ViewController \"Home\" → NavigationController \"Empty\"",
            "ViewController \"Home\".prepare()",
            "NavigationController \"Empty\".viewDidLoad",
            "ViewController \"Home\".viewWillDisappear",
            "NavigationController \"Empty\".viewWillAppear",
            "NavigationController \"Empty\".viewDidAppear",
            "ViewController \"Home\".viewDidDisappear",
        ])
        let navigation = try #require(driver.application.topViewController as? NavigationController)
        #expect(navigation.viewControllers.isEmpty)
        #expect(navigation.rootComesFromCode)
        #expect(!navigation.hasHeldControllers)
        // A navigation controller whose file gives it a root is not one of these.
        let withRoot = try launch(Self.scenes(), initial: "Nav")
        #expect((withRoot.application.rootViewController as? NavigationController)?.rootComesFromCode == false)
    }
}

// MARK: What the steps leave and record
extension MissingCodeTests {
    /// The editor's sheet leaves and is released (the list under it stays).
    static let editorCloses = [
        "NavigationController \"EditorNav\".viewWillDisappear",
        "ViewController \"New Item\".viewWillDisappear",
        "NavigationController \"EditorNav\".viewDidDisappear",
        "ViewController \"New Item\".viewDidDisappear",
        "NavigationController \"EditorNav\" released",
        "ViewController \"New Item\" released",
    ]

    /// The launch: the list in its navigation controller.
    static let listLaunch = [
        "root TableViewController \"Items\"",
        "NavigationController \"Nav\".viewDidLoad",
        "TableViewController \"Items\".viewDidLoad",
        "NavigationController \"Nav\".viewWillAppear",
        "TableViewController \"Items\".viewWillAppear",
        "NavigationController \"Nav\".viewDidAppear",
        "TableViewController \"Items\".viewDidAppear",
    ]

    /// Add presents the editor as a form sheet.
    static let add = [
        "TableViewController \"Items\".shouldPerformSegue() → true",
        "segue present TableViewController \"Items\" → NavigationController \"EditorNav\"",
        "TableViewController \"Items\".prepare()",
        "NavigationController \"EditorNav\".viewDidLoad",
        "ViewController \"New Item\".viewDidLoad",
        "NavigationController \"EditorNav\".viewWillAppear",
        "ViewController \"New Item\".viewWillAppear",
        "NavigationController \"EditorNav\".viewDidAppear",
        "ViewController \"New Item\".viewDidAppear",
    ]

    /// Add presents the registered editor as a form sheet.
    static let addPartial = [
        "TableViewController \"Items\".shouldPerformSegue() → true",
        "segue present TableViewController \"Items\" → NavigationController \"EditorNav\"",
        "TableViewController \"Items\".prepare()",
        "NavigationController \"EditorNav\".viewDidLoad",
        "PartialEditor.viewDidLoad",
        "NavigationController \"EditorNav\".viewWillAppear",
        "PartialEditor.viewWillAppear",
        "NavigationController \"EditorNav\".viewDidAppear",
        "PartialEditor.viewDidAppear",
    ]

    /// Open pushes the detail.
    static let open = [
        "TableViewController \"Items\".shouldPerformSegue() → true",
        "segue show TableViewController \"Items\" → ViewController \"Detail\"",
        "TableViewController \"Items\".prepare()",
        "ViewController \"Detail\".viewDidLoad",
        "TableViewController \"Items\".viewWillDisappear",
        "ViewController \"Detail\".viewWillAppear",
        "TableViewController \"Items\".viewDidDisappear",
        "ViewController \"Detail\".viewDidAppear",
    ]

    /// The launch of a lone first screen.
    static let homeLaunch = [
        "root ViewController \"Home\"",
        "ViewController \"Home\".viewDidLoad",
        "ViewController \"Home\".viewWillAppear",
        "ViewController \"Home\".viewDidAppear",
    ]

    /// The list alone.
    static let items = "Navigation[TableViewController \"Items\"]"

    /// The editor over the list.
    static let adding = "Navigation[TableViewController \"Items\"] ⇒ formSheet Navigation[ViewController \"New Item\"]"

    /// The registered editor over the list.
    static let addingPartial = "Navigation[TableViewController \"Items\"] ⇒ formSheet Navigation[PartialEditor]"

    /// The detail pushed on the list.
    static let detail = "Navigation[TableViewController \"Items\" › ViewController \"Detail\"]"

    /// The lone first screen.
    static let home = "ViewController \"Home\""
}
