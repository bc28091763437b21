import Flow
import Foundation
import Testing
import TestSupport
@testable import TUI

/// A presented screen that takes Esc for itself and does nothing with it: a trap.
final class EscapeTrap: ViewController {
    override var keyCommands: [KeyCommand] {
        [KeyCommand(input: "Escape", title: "stay", yieldsToTextInput: false) {}]
    }
}

/// The monkey's engine on small storyboards built in code: it passes a sound flow, replays
/// a seed exactly, and catches what it is there to catch.
@Suite struct MonkeyEngineTests {
    /// A list that pushes a detail, and a button that presents a sheet (a trap when asked).
    static func launcher(trap: Bool) -> Monkey.Launch {
        { savedState in
            let registry = ClassRegistry()
            registry.register(EscapeTrap.self, as: "EscapeTrap")
            let scenes = [
                Scene.navigation("Nav", root: "List"),
                Scene.table("List", title: "List", rows: [("one", "One"), ("two", "Two")],
                    segues: [Segue.show("Detail", from: .cell(id: "one")), Segue.show("Detail", from: .cell(id: "two"), identifier: "second")]),
                Scene.view("Detail", title: "Detail", buttons: [("open", "Open")],
                    segues: [Segue.present("Sheet", from: .button(id: "open"), style: .formSheet)]),
                Scene.view("Sheet", title: "Sheet", customClass: trap ? "EscapeTrap" : nil),
            ]
            let (application, storyboard) = makeApplication(scenes, initial: "Nav", registry: registry)
            if let savedState {
                try application.restoreState(from: savedState, storyboard: storyboard)
            } else {
                _ = try FlowDriver.launch(storyboard)
            }
            return application
        }
    }

    @Test func aSoundFlowPassesAndIsExplored() throws {
        let monkey = try Monkey(seed: 11, launch: Self.launcher(trap: false))
        let report = try monkey.run(events: 5_000)
        #expect(report.events == 5_000)
        #expect(report.screensSeen.contains { $0.contains("\"Sheet\"") }, "\(report.screensSeen)")
        #expect(report.screensSeen.contains { $0.contains("\"Detail\"") }, "\(report.screensSeen)")
        #expect(report.dismissals > 0)
        #expect(report.relaunches > 0)
    }

    @Test func theSameSeedReplaysTheSameRun() throws {
        let first = try Monkey(seed: 99, launch: Self.launcher(trap: false)).run(events: 2_000)
        let second = try Monkey(seed: 99, launch: Self.launcher(trap: false)).run(events: 2_000)
        let other = try Monkey(seed: 100, launch: Self.launcher(trap: false)).run(events: 2_000)
        #expect(first.resizes == second.resizes && first.relaunches == second.relaunches && first.quits == second.quits)
        #expect(first.dismissals == second.dismissals && first.screensSeen == second.screensSeen)
        #expect(first.resizes != other.resizes || first.relaunches != other.relaunches || first.quits != other.quits)
    }

    @Test func aPresentedScreenThatWillNotCloseIsCaughtWithItsSeed() throws {
        let monkey = try Monkey(seed: 3, launch: Self.launcher(trap: true))
        #expect {
            try monkey.run(events: 20_000)
        } throws: { error in
            guard let failure = error as? MonkeyFailure else { return false }
            return failure.seed == 3 && failure.problem.contains("did not get back to the first screen")
                && failure.description.contains("seed 3, event \(failure.event)")
        }
    }

    @Test func anEmptyStackIsReportedAndATabBarWithoutTabsIsNot() {
        let stack = Application()
        stack.setRootViewController(NavigationController())
        #expect(stack.invariantViolations.contains { $0.contains("is empty") })
        let tabs = Application()
        tabs.setRootViewController(TabBarController())
        #expect(tabs.invariantViolations.isEmpty)
    }
}
