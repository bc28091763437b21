import Flow
import Testing
import TestSupport

/// The hierarchy read as a value, and the runtime's promises about it, checked after the
/// transitions that reshape it.
@Suite struct NavigationStateTests {
    @Test func pushesPresentationsAndTabsReadAsOneValue() throws {
        let driver = try launch([
            Scene.tabs("T", ["N1", "N2"]),
            Scene.navigation("N1", root: "List"),
            Scene.view("List", buttons: [("go", "Go"), ("add", "Add")], segues: [
                Segue.show("Detail", from: .button(id: "go")), Segue.present("Sheet", from: .button(id: "add")),
            ]),
            Scene.view("Detail"),
            Scene.navigation("Sheet", root: "Form", style: .formSheet),
            Scene.view("Form"),
            Scene.navigation("N2", root: "Other"),
            Scene.view("Other"),
        ], initial: "T")
        let application = driver.application
        #expect(application.navigationState.description == "Tabs[*Navigation[ViewController \"List\"] | Navigation[ViewController \"Other\"]]")
        try driver.tapButton("Go")
        #expect(application.navigationState.description == "Tabs[*Navigation[ViewController \"List\" › ViewController \"Detail\"] | Navigation[ViewController \"Other\"]]")
        try #require(driver.top.navigationController).popViewController()
        try driver.tapButton("Add")
        #expect(application.navigationState.description == "Tabs[*Navigation[ViewController \"List\"] | Navigation[ViewController \"Other\"]] ⇒ formSheet Navigation[ViewController \"Form\"]")
        driver.top.dismiss()
        (application.rootViewController as? TabBarController)?.select(1)
        #expect(application.navigationState == NavigationState(root: .init(
            name: "TabBarController \"T\"", kind: .tabs, isGeneric: true,
            children: [
                .init(name: "NavigationController \"N1\"", kind: .navigation, isGeneric: true, children: [.init(name: "ViewController \"List\"", kind: .scene)]),
                .init(name: "NavigationController \"N2\"", kind: .navigation, isGeneric: true, children: [.init(name: "ViewController \"Other\"", kind: .scene)]),
            ],
            onScreen: [1])))
        #expect(application.invariantViolations.isEmpty)
    }

    @Test func embeddedChildrenAreListedInTheirScene() throws {
        let driver = try launch([
            Scene.view("Dashboard", containers: ["map", "list"], segues: [
                Segue.embed("Map", container: "map"), Segue.embed("Summary", container: "list"),
            ]),
            Scene.view("Map"), Scene.view("Summary"),
        ], initial: "Dashboard")
        #expect(driver.application.navigationState.description == "ViewController \"Dashboard\"{ViewController \"Map\", ViewController \"Summary\"}")
        #expect(driver.application.invariantViolations.isEmpty)
    }

    @Test func aStackEmptiedByCodeBreaksAnInvariantAndSaysWhere() throws {
        let application = Application()
        let navigation = NavigationController(rootViewController: ViewController())
        application.setRootViewController(navigation)
        #expect(application.invariantViolations.isEmpty)
        let held = Application()
        held.setRootViewController(NavigationController())
        #expect(held.invariantViolations == ["the navigation stack of \(held.rootViewController!.debugName) is empty"])
    }

    @Test func aPushedControllerIsOnScreenAndTheOneBelowIsNot() throws {
        let driver = try launch([
            Scene.navigation("N", root: "A"),
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
            Scene.view("B"),
        ], initial: "N")
        try driver.tapButton("Go")
        let application = driver.application
        let stack = try #require(driver.top.navigationController)
        #expect(application.navigationState.description == "Navigation[ViewController \"A\" › ViewController \"B\"]")
        #expect(!stack.viewControllers[0].isVisible && stack.viewControllers[1].isVisible)
        #expect(application.invariantViolations.isEmpty)
    }
}
