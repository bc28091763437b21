import BundledStoryboards
import Flow
import Foundation
import Testing
import TUI
@testable import Demos

/// The monkey through each bundled storyboard on a real store: 5,000 seeded events each
/// (keys, typing, pastes, clicks, the wheel, resizes, quits and relaunches), with the
/// shell's invariants checked after every event and the store's integrity checked as it goes.
/// That is enough to reach every screen, relaunch and close everything presented many
/// times in a debug build in seconds; the million-event runs use a release build through
/// `storyboard monkey` (see docs/reliability.md).
///
/// A failure prints its seed. To replay it here: `MONKEY_SEED=<seed> swift test --filter
/// MonkeyTests`; `MONKEY_EVENTS=<n>` changes the length.
@Suite struct MonkeyTests {
    static let storyboards = ["dailybuzz", "colorboard", "seguetour", "launcher"]

    /// Each storyboard's own default seed, unless the environment names one.
    static func seed(for storyboard: String) -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["MONKEY_SEED"], let seed = UInt64(text) { return seed }
        return storyboard.unicodeScalars.reduce(7) { $0 &* 31 &+ UInt64($1.value) }
    }

    static var events: Int {
        ProcessInfo.processInfo.environment["MONKEY_EVENTS"].flatMap(Int.init) ?? 5_000
    }

    @Test(arguments: storyboards)
    func randomEventsKeepEveryPromise(storyboard: String) throws {
        try run(storyboard, screenReader: false, events: Self.events)
    }

    /// The same walk in the screen-reader mode, where every frame must also show the cursor
    /// and no box-drawing or block character; shorter, since the walk is the same.
    @Test(arguments: storyboards)
    func randomEventsKeepEveryPromiseInTheScreenReaderMode(storyboard: String) throws {
        try run(storyboard, screenReader: true, events: max(1, Self.events / 2))
    }

    private func run(_ storyboard: String, screenReader: Bool, events: Int) throws {
        let directory = try TemporaryDirectory()
        let url = try #require(BundledStoryboards.url(named: storyboard))
        var store: DemoStore?
        // Each launch opens the store afresh, as a new process would.
        let launch: Monkey.Launch = { savedState in
            let opened = try DemoStore.open(dataDirectory: directory.url)
            store = opened
            let application = Application(registry: Demos.registry(), storyboardDirectories: [BundledStoryboards.directory])
            application.register(store: opened)
            let loaded = try application.storyboard(contentsOf: url)
            if let savedState {
                try application.restoreState(from: savedState, storyboard: loaded)
            } else {
                _ = try FlowDriver.launch(loaded)
            }
            return application
        }
        let seed = Self.seed(for: storyboard)
        let monkey = try Monkey(seed: seed, screenReader: screenReader, launch: launch)
        monkey.checkInterval = 1_000
        monkey.externalCheck = {
            do {
                let result = try store?.integrityCheck() ?? ["no store"]
                return result == ["ok"] ? nil : "integrity_check: \(result.joined(separator: "; "))"
            } catch {
                return "integrity_check failed: \(error)"
            }
        }
        let report: MonkeyReport
        do {
            report = try monkey.run(events: events)
        } catch {
            let flag = screenReader ? " --screen-reader" : ""
            Issue.record("""
                \(storyboard)\(flag): \(error)
                replay: MONKEY_SEED=\(error.seed) MONKEY_EVENTS=\(error.event) swift test --filter MonkeyTests
                    or: storyboard monkey \(storyboard)\(flag) --seed \(error.seed) --events \(error.event)
                """)
            return
        }
        print("monkey \(storyboard)\(screenReader ? " (screen reader)" : ""): \(report)")
        #expect(report.events == events)
        // The walk went somewhere: several screens, stacks and presentations, relaunches.
        #expect(report.screensSeen.count >= 3, "only \(report.screensSeen.sorted()) were reached")
        #expect(report.dismissals > 0)
        #expect(report.relaunches > 0)
    }
}
