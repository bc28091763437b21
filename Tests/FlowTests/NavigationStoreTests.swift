import Flow
import Testing
import TestSupport

/// Segues driven on the exhaustive step: each step states the whole navigation state after
/// it and every trace event it recorded.
@Suite struct NavigationStoreTests {
    static let list = "Navigation[ViewController \"List\"]"
    static let detail = "Navigation[ViewController \"List\" › ViewController \"Detail\"]"
    static let launch = [
        "root ViewController \"List\"",
        "NavigationController \"N\".viewDidLoad",
        "ViewController \"List\".viewDidLoad",
        "NavigationController \"N\".viewWillAppear",
        "ViewController \"List\".viewWillAppear",
        "NavigationController \"N\".viewDidAppear",
        "ViewController \"List\".viewDidAppear",
    ]
    static let push = [
        "ViewController \"List\".shouldPerformSegue(Show) → true",
        "segue show \"Show\" ViewController \"List\" → ViewController \"Detail\"",
        "ViewController \"List\".prepare(Show)",
        "ViewController \"Detail\".viewDidLoad",
        "ViewController \"List\".viewWillDisappear",
        "ViewController \"Detail\".viewWillAppear",
        "ViewController \"List\".viewDidDisappear",
        "ViewController \"Detail\".viewDidAppear",
    ]
    static let pop = [
        "pop ViewController \"Detail\" → ViewController \"List\"",
        "ViewController \"Detail\".viewWillDisappear",
        "ViewController \"List\".viewWillAppear",
        "ViewController \"Detail\".viewDidDisappear",
        "ViewController \"List\".viewDidAppear",
        "ViewController \"Detail\" released",
    ]

    static func listAndDetail() throws -> NavigationStore {
        let (application, storyboard) = makeApplication([
            Scene.navigation("N", root: "A"),
            Scene.view("A", title: "List", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"), identifier: "Show")]),
            Scene.view("B", title: "Detail"),
        ], initial: "N")
        return try withExtendedLifetime(application) {
            try NavigationStore(launching: storyboard, state: list, trace: launch)
        }
    }

    @Test func aPushAndABackAreAllTheyDo() throws {
        let store = try Self.listAndDetail()
        try store.step(.tapButton("Go"), state: Self.detail, trace: Self.push)
        try store.step(.back, state: Self.list, trace: Self.pop)
    }

    /// A step whose trace leaves out an event the step recorded fails, naming it.
    @Test func anEventTheTestDoesNotNameFailsTheStep() throws {
        let store = try Self.listAndDetail()
        let error = #expect(throws: NavigationStore.Mismatch.self) {
            try store.step(.tapButton("Go"), state: Self.detail, trace: Array(Self.push.dropLast()))
        }
        #expect(error?.description.contains("recorded: \(Self.push.last!)") == true)
    }

    /// So does a state that is not the one the step left.
    @Test func aStateTheStepDidNotLeaveFailsTheStep() throws {
        let store = try Self.listAndDetail()
        #expect(throws: NavigationStore.Mismatch.self) { try store.step(.tapButton("Go"), state: Self.list, trace: Self.push) }
    }
}
