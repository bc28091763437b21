import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Fault drill: two instances of the real app on one store save at the same moment, inside a
    /// burst of commits from a third process. No one may see "database is locked" (or any store
    /// error), nothing may be lost, and each instance shows the other's sessions on reload.
    @Suite struct TwoInstancesDrillTests {
        let app: TerminalApp
        typealias List = DailyBuzzEndToEndTests
        /// The longest time from Done to both lists, in seconds (figures for the record).
        private var slowestSave: TimeInterval = 0

        init() throws {
            app = try TerminalApp()
        }

        /// What a store error would put on the screen.
        static func showsStoreError(_ screen: String) -> Bool {
            let lowered = screen.lowercased()
            return lowered.contains("locked") || lowered.contains("busy") || lowered.contains("could not save")
        }

        /// Waits like `Tmux.waitFor`, failing the test if a store error shows on any screen read.
        @discardableResult
        func waitFor(_ tmux: Tmux, _ description: String, _ predicate: (String) -> Bool) throws -> String {
            var errorScreen: String?
            let screen = try tmux.waitFor(description) { screen in
                if errorScreen == nil, Self.showsStoreError(screen) { errorScreen = screen }
                return predicate(screen)
            }
            #expect(errorScreen == nil, "a store error reached the screen:\n\(errorScreen ?? "")")
            return screen
        }

        /// Opens Add Session and fills it in, stopping short of Done.
        func fillInSession(_ tmux: Tmux, temperature: Int, downs: Int) throws {
            try tmux.send("+")
            try waitFor(tmux, "Add Session") { $0.contains("Add Session") }
            try tmux.type("\(temperature)")
            try tmux.send("Down", "Enter")
            try waitFor(tmux, "the coffees") { $0.contains("Coffees") }
            for _ in 0..<downs { try tmux.send("Down") }
            try tmux.send("Enter")
            try waitFor(tmux, "the filled-in form") { $0.contains("Add Session") && !$0.contains("Choose…") && $0.contains("\(temperature)") }
        }

        /// A burst of `count` sessions from a third process, lined up in a tmux window of
        /// `tmux`'s server and started by `go()`; its acknowledgements are read from a file.
        struct Burst {
            let tmux: Tmux
            let window: String
            let file: URL

            init(in tmux: Tmux, app: TerminalApp, count: Int, name: String) throws {
                self.tmux = tmux
                window = name
                file = app.dataDirectory.appendingPathComponent(name)
                let helper = try BuiltProduct.url(named: "store-helper").path
                try tmux.command([
                    "new-window", "-d", "-n", name,
                    "exec \(helper) add-sessions \(app.dataDirectory.path) \(count) --wait > \(file.path)",
                ])
                let deadline = Date().addingTimeInterval(15)
                while !lines().contains("ready") {
                    guard Date() < deadline else { throw TmuxError("the writer \(name) never got ready") }
                    usleep(10_000)
                }
            }

            func lines() -> [String] {
                ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            }

            /// The ids it has acknowledged so far.
            func acknowledged() -> [Int] {
                lines().compactMap { $0.hasPrefix("ack ") ? Int($0.dropFirst(4)) : nil }
            }

            func go() throws {
                try tmux.command(["send-keys", "-t", window, "go", "Enter"])
            }
        }

        /// Both instances fill in a session; then a burst of commits from a third process
        /// starts and both press Done at once, in the middle of it.
        /// Returns how many commits of the burst were acknowledged when both had pressed Done.
        @discardableResult
        mutating func saveAtOnce(_ first: Tmux, _ second: Tmux, temperatures: (Int, Int), burst: Burst?) throws -> Int {
            try fillInSession(first, temperature: temperatures.0, downs: 2)
            try fillInSession(second, temperature: temperatures.1, downs: 4)
            try burst?.go()
            if let burst {
                let deadline = Date().addingTimeInterval(10)
                while burst.acknowledged().count < 20, Date() < deadline { usleep(2_000) }
            }
            try first.send("C-s")
            try second.send("C-s")
            let pressed = Date()
            let acknowledged = burst?.acknowledged().count ?? 0
            try waitFor(first, "the first list") { List.showsList($0) }
            try waitFor(second, "the second list") { List.showsList($0) }
            slowestSave = max(slowestSave, Date().timeIntervalSince(pressed))
            return acknowledged
        }

        @Test mutating func twoInstancesSavingAtOnceInABurstOfCommitsLoseNothing() throws {
            let first = try app.launch("run dailybuzz --fresh", height: 30)
            try waitFor(first, "the first list") { List.showsList($0) }
            let second = try app.launch("run dailybuzz --fresh", height: 30)
            try waitFor(second, "the second list") { List.showsList($0) }

            var bursts: [Burst] = []
            var burstProgress: [Int] = []
            let start = Date()
            for round in 0..<3 {
                let burst = try Burst(in: first, app: app, count: 300, name: "writer\(round)")
                bursts.append(burst)
                burstProgress.append(try saveAtOnce(first, second, temperatures: (150 + round, 160 + round), burst: burst))
            }
            print("drill: two instances: three pairs saved at once inside bursts of 300 commits (Done pressed after commit \(burstProgress.map(String.init).joined(separator: ", "))) in \(String(format: "%.2f", Date().timeIntervalSince(start))) s; the slowest pair took \(String(format: "%.2f", slowestSave)) s from Done to both lists")

            let deadline = Date().addingTimeInterval(15)
            while bursts.contains(where: { $0.acknowledged().count < 300 }), Date() < deadline { usleep(10_000) }

            // A last pair on its own, so both new sessions top the list; each instance then
            // leaves its list and comes back, reloading it, and shows both.
            try saveAtOnce(first, second, temperatures: (170, 171), burst: nil)
            for tmux in [first, second] {
                try tmux.send("Enter")
                try waitFor(tmux, "a session's details") { $0.contains("Brew Details") }
                try tmux.send("Escape")
                let list = try waitFor(tmux, "the reloaded list") { screen in
                    // Hundreds of rows: the list has a scroll bar, so rows are found by their °F.
                    let rows = TerminalApp.lines(of: screen).dropFirst(2).filter { $0.contains(" °F") }
                    return List.showsList(screen) && rows.prefix(2).contains { $0.contains("170 °F") }
                        && rows.prefix(2).contains { $0.contains("171 °F") }
                }
                #expect(TerminalApp.lines(of: list).dropFirst(2).filter { $0.contains(" °F") }.count > 2, "\(list)")
            }
            try first.send("q")
            try second.send("q")
            #expect(try app.waitForExit(first) == 0)
            #expect(try app.waitForExit(second) == 0)

            let stored = try app.storeHelper("sessions").map { $0.split(separator: " ") }
            let ids = Set(stored.compactMap { Int($0.first ?? "") })
            let temperatures = stored.compactMap { Int($0.last ?? "") }
            for temperature in [150, 151, 152, 160, 161, 162, 170, 171] {
                #expect(temperatures.filter { $0 == temperature }.count == 1, "session at \(temperature) °F saved once")
            }
            let acknowledged = bursts.flatMap { $0.acknowledged() }
            #expect(acknowledged.count == 900, "every burst finished")
            #expect(Set(acknowledged).isSubset(of: ids), "commits acknowledged by the writers are kept")
            #expect(stored.count == 6 + 900 + 8, "nothing more, nothing less")
            #expect(try app.integrityCheck() == ["ok"])
        }
    }
}
