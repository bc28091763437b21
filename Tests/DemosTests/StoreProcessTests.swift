import Foundation
import Flow
import Testing
@testable import Demos

/// Several processes on one store, and processes killed mid-write: the reliability table's
/// "kill -9 in the middle of saving" and "two instances on one store" rows.
@Suite("Store: processes", .serialized)
struct StoreProcessTests {
    static let deadline: TimeInterval = 120

    /// Parses "ack <id>" lines; anything else is a test failure.
    static func ackedIDs(_ lines: [String]) -> [Int64] {
        lines.compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 2, parts[0] == "ack", let id = Int64(parts[1]) else {
                Issue.record("unexpected helper output: \(line.debugDescription)")
                return nil
            }
            return id
        }
    }

    /// Every brew session's id, read straight from the table.
    static func sessionIDs(_ store: DemoStore) throws -> Set<Int64> {
        try store.read("test") { connection in
            Set(try connection.statement("SELECT id FROM brewSession").rows { row throws(SQLiteError) in
                try row.column(0, as: Int64.self)
            })
        }
    }

    @Test func acknowledgedCommitsSurviveKillNine() throws {
        let temp = try TemporaryDirectory()
        let seed = UInt64(ProcessInfo.processInfo.environment["STORE_KILL_SEED"] ?? "") ?? UInt64.random(in: 1...UInt64.max)
        var random = SeededRandomGenerator(seed: seed)
        var acknowledged: [Int64] = []
        for round in 1...5 {
            let helper = try StoreHelperProcess(["add-sessions", temp.url.path, "1000000"])
            let deadline = Date().addingTimeInterval(Self.deadline)
            let killAfter = Int.random(in: 1...60, using: &random)
            var lines: [String] = []
            while lines.count < killAfter, let line = try helper.nextLine(before: deadline) {
                lines.append(line)
            }
            helper.killHard()
            // Acks already in the pipe were sent after their commits, so they count too.
            lines += try helper.remainingLines(before: deadline)
            let result = helper.finish()
            #expect(result.reason == .uncaughtSignal, "round \(round), seed \(seed): \(result.stderr)")
            let ids = Self.ackedIDs(lines)
            #expect(ids.count >= killAfter, "round \(round), seed \(seed): helper stopped early: \(result.stderr)")
            acknowledged += ids
        }

        let store = try DemoStore.open(dataDirectory: temp.url)
        #expect(try store.integrityCheck() == ["ok"], "seed \(seed)")
        let present = try Self.sessionIDs(store)
        let missing = acknowledged.filter { !present.contains($0) }
        #expect(missing.isEmpty, "seed \(seed): acknowledged but lost: \(missing)")
        #expect(Set(acknowledged).count == acknowledged.count, "seed \(seed): an id was acknowledged twice")
        #expect(try store.coffees().count == SampleData.coffees.count, "seeded more than once")
    }

    @Test func twoWritersAtOnceLoseNothing() throws {
        let temp = try TemporaryDirectory()
        // Both start on a store that does not exist yet: creation and seeding race too.
        let first = try StoreHelperProcess(["add-sessions", temp.url.path, "200", "--wait"])
        let second = try StoreHelperProcess(["add-sessions", temp.url.path, "200", "--wait"])
        let deadline = Date().addingTimeInterval(Self.deadline)
        // Then both are released together, so their write transactions contend for the lock.
        #expect(try first.nextLine(before: deadline) == "ready")
        #expect(try second.nextLine(before: deadline) == "ready")
        try first.send("go")
        try second.send("go")
        let firstIDs = Self.ackedIDs(try first.remainingLines(before: deadline))
        let secondIDs = Self.ackedIDs(try second.remainingLines(before: deadline))
        let firstResult = first.finish()
        let secondResult = second.finish()
        #expect(firstResult.status == 0, "\(firstResult.stderr)")
        #expect(secondResult.status == 0, "\(secondResult.stderr)")
        #expect(firstResult.stderr.isEmpty && secondResult.stderr.isEmpty)
        #expect(firstIDs.count == 200)
        #expect(secondIDs.count == 200)

        let store = try DemoStore.open(dataDirectory: temp.url)
        let all = Set(firstIDs + secondIDs)
        #expect(all.count == 400)
        let present = try Self.sessionIDs(store)
        #expect(all.isSubset(of: present))
        #expect(try store.sessionCount() == 400 + SampleData.sessions.count)
        #expect(try store.coffees().count == SampleData.coffees.count)
        #expect(try store.colors().count == SampleData.colors.count)
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func manyProcessesOpeningANewStoreSeedItOnce() throws {
        let temp = try TemporaryDirectory()
        let helpers = try (0..<4).map { _ in try StoreHelperProcess(["open", temp.url.path]) }
        let deadline = Date().addingTimeInterval(Self.deadline)
        for helper in helpers {
            #expect(try helper.remainingLines(before: deadline) == ["opened"])
            let result = helper.finish()
            #expect(result.status == 0, "\(result.stderr)")
        }
        let store = try DemoStore.open(dataDirectory: temp.url)
        #expect(try store.coffees().count == SampleData.coffees.count)
        #expect(try store.sessionCount() == SampleData.sessions.count)
        #expect(try store.colors().count == SampleData.colors.count)
    }

    @Test func aReaderSeesAnotherProcesssRowsWithoutReopening() throws {
        let temp = try TemporaryDirectory()
        let store = try DemoStore.open(dataDirectory: temp.url)
        let before = try store.sessionCount()
        let helper = try StoreHelperProcess(["add-sessions", temp.url.path, "3"])
        let ids = Self.ackedIDs(try helper.remainingLines(before: Date().addingTimeInterval(Self.deadline)))
        #expect(helper.finish().status == 0)
        #expect(try store.sessionCount() == before + 3)
        for id in ids {
            #expect(try store.session(id: id) != nil)
        }
    }
}
