import Flow
import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Fault drill: `kill -9` of the real app while sessions are being added through the keys,
    /// again and again, relaunching each time. A session that was ever shown in the list was
    /// acknowledged to the user, so it must be there after every kill; the store must stay sound.
    @Suite struct KillDrillTests {
        let app: TerminalApp
        typealias List = DailyBuzzEndToEndTests

        init() throws {
            app = try TerminalApp()
        }

        /// The sample sessions' temperatures; the drill's own start at 150 °F.
        static let sampleTemperatures: Set<Int> = [198, 200, 201, 202, 203, 205]

        /// The temperatures (°F) of the sessions in the list on `screen`; empty unless it is the list.
        static func listedTemperatures(_ screen: String) -> Set<Int> {
            guard List.showsList(screen) else { return [] }
            var found = Set<Int>()
            for row in List.sessionRows(screen) {
                guard let range = row.range(of: #"[0-9]+ °F"#, options: .regularExpression) else { continue }
                if let value = Int(row[range].dropLast(3)) { found.insert(value) }
            }
            return found
        }

        /// The keys that add a session at `temperature` with the `downs`-th coffee, one step each.
        static func addingSteps(temperature: Int, downs: Int) -> [(keys: [String], literal: Bool)] {
            [(["+"], false), (["\(temperature)"], true), (["Down"], false), (["Enter"], false)]
                + Array(repeating: (["Down"], false), count: downs)
                + [(["Enter"], false), (["C-s"], false)]
        }

        @Test func everySessionShownSurvivesRepeatedKillNine() throws {
            let seed = UInt64(ProcessInfo.processInfo.environment["KILL_DRILL_SEED"] ?? "") ?? UInt64.random(in: 1...UInt64.max)
            var random = SeededRandomGenerator(seed: seed)
            let rounds = 12
            // Tall enough to show every session at once: six samples and one or two per round.
            let tmux = try app.shell(width: 80, height: 40)
            var shown = Set<Int>()
            var attempted = Set<Int>()
            var nextTemperature = 150
            var killedAfterAcknowledgement = 0
            var killedMidSave = 0
            for round in 0...rounds {
                try app.run("run dailybuzz --fresh", in: tmux)
                let list = try tmux.waitFor("the list, round \(round), seed \(seed)") { List.showsList($0) }
                let listed = Self.listedTemperatures(list)
                let lost = shown.subtracting(listed)
                #expect(lost.isEmpty, "round \(round), seed \(seed): sessions shown before a kill are gone: \(lost.sorted())\n\(list)")
                #expect(listed.subtracting(attempted).subtracting(Self.sampleTemperatures).isEmpty, "seed \(seed): sessions nobody added: \(list)")
                // Saved but not yet shown when the app died: the kill landed mid-save.
                killedMidSave += listed.intersection(attempted).subtracting(shown).count
                shown.formUnion(listed.intersection(attempted))
                if round == rounds { break }

                // Even rounds: kill the moment the new row shows. Odd rounds: kill after a random
                // step of adding one, mid-typing or mid-save, noting whether it had shown yet.
                let temperature = nextTemperature
                nextTemperature += 1
                attempted.insert(temperature)
                let steps = Self.addingSteps(temperature: temperature, downs: Int.random(in: 0...5, using: &random))
                let lastScreen: String
                if round % 2 == 0 {
                    for step in steps { try tmux.send(step.keys[0], literal: step.literal) }
                    lastScreen = try tmux.waitFor("session \(temperature) in the list, seed \(seed)") {
                        Self.listedTemperatures($0).contains(temperature)
                    }
                    killedAfterAcknowledgement += 1
                } else {
                    let stop = Int.random(in: 1...(steps.count + 3), using: &random)
                    for step in steps.prefix(stop) { try tmux.send(step.keys[0], literal: step.literal) }
                    // Past the last key: a few screen reads, so the kill lands while it saves.
                    for _ in 0..<max(0, stop - steps.count) { _ = try tmux.capture() }
                    lastScreen = try tmux.capture()
                }
                shown.formUnion(Self.listedTemperatures(lastScreen).intersection(attempted))
                let pid = try #require(try TerminalApp.jobPID(in: tmux), "round \(round): the app is not running")
                kill(pid, SIGKILL)
                try waitUntilGone(pid)
                // Keys the app had not read yet reach the shell after the kill: `C-s` among them
                // would leave bash searching its history, or a half line before `clear`. Release
                // any output stop, leave a search and empty the line first.
                for key in ["C-q", "C-g", "C-u"] { try tmux.send(key) }
                // The killed app left its screen up: clear it, so the next list read is the new app's.
                try tmux.type("clear")
                try tmux.send("Enter")
                try tmux.waitFor("a clear screen") { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "$" }
            }
            try tmux.send("q")
            #expect(try app.waitForExit(tmux) == 0)

            let stored = try app.storeHelper("sessions").compactMap { Int($0.split(separator: " ").last ?? "") }
            #expect(shown.isSubset(of: Set(stored)), "seed \(seed)")
            #expect(stored.filter { attempted.contains($0) }.count == Set(stored).intersection(attempted).count,
                "seed \(seed): a session was saved twice: \(stored)")
            #expect(try app.integrityCheck() == ["ok"], "seed \(seed)")
            #expect(killedAfterAcknowledgement == (rounds + 1) / 2)
            print("drill: kill -9, \(rounds) rounds (seed \(seed)): \(shown.count) sessions shown, \(shown.count) kept; \(Set(stored).intersection(attempted).count) of \(attempted.count) attempts saved, \(killedMidSave) of them committed but not yet on screen when killed; integrity ok")
        }

        /// Polls until the process is gone (its shell reaps it at once).
        func waitUntilGone(_ pid: pid_t) throws {
            let deadline = Date().addingTimeInterval(5)
            while kill(pid, 0) == 0 || errno != ESRCH {
                guard Date() < deadline else { throw TmuxError("pid \(pid) still there after kill -9") }
                usleep(2_000)
            }
        }
    }
}
