import Flow
import Foundation

/// Drives a storyboard a step at a time and fails a step unless the test describes all it
/// did: the whole navigation state after it, and every trace event it recorded, in order
/// (TCA's `TestStore`, which fails on any state change or effect a test leaves unasserted).
///
///     let store = try NavigationStore(launching: storyboard, state: "Navigation[List]", trace: [...])
///     try store.step(.tapRow("Email"), state: "Navigation[List › Detail]", trace: [
///         "segue show List → Detail", ...])
///
/// A step that leaves an unexpected `viewWillAppear`, a second push, or a broken invariant
/// throws, and the error's description names what differed.
///
/// The first step is the launch, a relaunch from saved state (`init(restoring:…)`) or a
/// running driver taken over (`init(driver:…)`), each checked the same way. Events recorded
/// between steps (a test calling the application directly) count toward the next step, so
/// anything that acts belongs in a step, `.perform` for what has no case of its own. Don't
/// clear the trace while a store watches it.
public final class NavigationStore {
    /// The driver the steps act through; reading it asserts nothing.
    public let driver: FlowDriver
    /// How many of the trace's events earlier steps accounted for.
    private var accounted = 0

    /// Something a step does.
    public enum Action {
        case tapRow(String)
        case tapRowAt(IndexPath)
        case tapAccessory(String)
        case tapButton(String)
        case tapBarButton(String)
        case tapAlertAction(String)
        case back
        /// Dismisses the controller on top, as its Cancel or Done would.
        case dismiss
        /// Selects a tab of the tab bar controller holding the controller on top.
        case selectTab(Int)
        /// Turns the window to regular or compact width.
        case sizeClass(SizeClass)
        /// Moves the focus to a column of the split view on screen (or within the top
        /// controller's); fails if the column can't take it.
        case focusColumn(SplitViewController.Column)
        /// Types text into a field of the top controller (see `FlowDriver.type`).
        case type(String, into: String?)
        /// Presses the top controller's key command for `input`.
        case keyCommand(String)
        /// Anything else, named for the failure message.
        case perform(String, (FlowDriver) throws -> Void)
    }

    /// A step's state or trace was not what the test said.
    public struct Mismatch: Error, CustomStringConvertible {
        public var description: String
    }

    /// Launches `storyboard` and checks the launch as a first step.
    public init(launching storyboard: Storyboard, scene: String? = nil, state: String, trace: [String]) throws {
        driver = try FlowDriver.launch(storyboard, scene: scene)
        try check("launch", state: state, trace: trace)
    }

    /// Launches a document built in code (see `makeApplication`) and checks the launch.
    public init(
        _ controllers: [ControllerSpec], initial: String, registry: ClassRegistry = ClassRegistry(), state: String, trace: [String]
    ) throws {
        driver = try launch(controllers, initial: initial, registry: registry)
        try check("launch", state: state, trace: trace)
    }

    /// Takes over a running driver and checks everything it recorded so far as a first step.
    public init(driver: FlowDriver, state: String, trace: [String]) throws {
        self.driver = driver
        try check("start", state: state, trace: trace)
    }

    /// Restores `data` (saved by `Application.encodeRestorationState`) into a new
    /// application of `storyboard`'s, at `sizeClass`, and checks the relaunch as a first step.
    public init(restoring data: Data, into storyboard: Storyboard, sizeClass: SizeClass = .compact, state: String, trace: [String]) throws {
        guard let application = storyboard.application else { throw Mismatch(description: "the storyboard has no application") }
        application.setHorizontalSizeClass(sizeClass)
        try application.restoreState(from: data, storyboard: storyboard)
        driver = FlowDriver(application: application)
        try check("restore", state: state, trace: trace)
    }

    /// Does `action`, then checks the navigation state it left and the trace events it
    /// recorded, all of them and in order.
    public func step(_ action: Action, state: String, trace: [String]) throws {
        let name: String
        switch action {
        case .tapRow(let title): name = "tap row \(title)"; try driver.tapRow(title)
        case .tapRowAt(let path): name = "tap row \(path)"; try driver.tapRow(at: path)
        case .tapAccessory(let title): name = "tap accessory \(title)"; try driver.tapAccessory(title)
        case .tapButton(let title): name = "tap button \(title)"; try driver.tapButton(title)
        case .tapBarButton(let title): name = "tap bar button \(title)"; try driver.tapBarButton(title)
        case .tapAlertAction(let title): name = "tap alert action \(title)"; try driver.tapAlertAction(title)
        case .back: name = "back"; try driver.tapBack()
        case .dismiss: name = "dismiss"; driver.top.dismiss()
        case .selectTab(let index):
            name = "select tab \(index)"
            guard let tabs = driver.top.tabBarController else { throw Mismatch(description: "\(name): \(driver.top.debugName) is in no tab bar") }
            tabs.select(index)
        case .sizeClass(let sizeClass): name = "size class \(sizeClass)"; driver.application.setHorizontalSizeClass(sizeClass)
        case .focusColumn(let column):
            name = "focus column \(column)"
            guard let split = driver.top.splitViewController ?? driver.application.rootViewController as? SplitViewController,
                split.focus(column)
            else { throw Mismatch(description: "\(name): no split view on screen takes it") }
        case .type(let text, let field): name = "type \(text) into \(field ?? "the first field")"; try driver.type(text, into: field)
        case .keyCommand(let input):
            name = "key command \(input)"
            guard let command = driver.top.keyCommands.first(where: { $0.input == input }) else {
                throw Mismatch(description: "\(name): \(driver.top.debugName) has no such key command")
            }
            command.action()
        case .perform(let description, let body): name = description; try body(driver)
        }
        try check(name, state: state, trace: trace)
    }

    private func check(_ step: String, state: String, trace expected: [String]) throws {
        let application = driver.application
        let events = application.trace.events
        let recorded = events.count >= accounted ? events[accounted...].map(\.description) : events.map(\.description)
        accounted = events.count
        var problems: [String] = []
        let actualState = application.navigationState.description
        if actualState != state { problems.append("state is\n    \(actualState)\n  expected\n    \(state)") }
        if recorded != expected { problems.append(Self.traceDifference(recorded: Array(recorded), expected: expected)) }
        let violations = application.invariantViolations
        if !violations.isEmpty { problems.append("invariants broken: \(violations.joined(separator: "; "))") }
        guard problems.isEmpty else {
            throw Mismatch(description: "after \(step):\n  " + problems.joined(separator: "\n  "))
        }
    }

    /// The first event that differs, and the events left over on either side.
    static func traceDifference(recorded: [String], expected: [String]) -> String {
        let same = zip(recorded, expected).prefix { $0 == $1 }.count
        var lines = ["trace differs at event \(same + 1):"]
        if same < expected.count { lines.append("    expected: \(expected[same...].joined(separator: " | "))") }
        if same < recorded.count { lines.append("    recorded: \(recorded[same...].joined(separator: " | "))") }
        return lines.joined(separator: "\n")
    }
}
