import CSQLite
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Demos

@Suite("Store: files, schema and pragmas")
struct StoreOpeningTests {
    @Test func createsMissingDirectoriesPrivate() throws {
        let temp = try TemporaryDirectory()
        let parent = temp.child("data")
        let directory = parent.appendingPathComponent("storyboard", isDirectory: true)
        let store = try DemoStore.open(dataDirectory: directory)
        #expect(try posixMode(directory) == 0o700)
        #expect(try posixMode(parent) == 0o700)
        #expect(store.fileURL == directory.appendingPathComponent("storyboard.sqlite"))
        #expect(FileManager.default.fileExists(atPath: store.fileURL.path))
    }

    @Test func keepsTheModeOfAnExistingDirectory() throws {
        let temp = try TemporaryDirectory()
        let directory = temp.child("shared")
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o750])
        _ = try DemoStore.open(dataDirectory: directory)
        #expect(try posixMode(directory) == 0o750)
    }

    @Test func aFileInPlaceOfTheDirectoryIsAClearError() throws {
        let temp = try TemporaryDirectory()
        let notADirectory = temp.child("plain-file")
        try Data("x".utf8).write(to: notADirectory)
        #expect {
            _ = try DemoStore.open(dataDirectory: notADirectory)
        } throws: { error in
            guard case .directoryUnavailable(let path, _) = error as? StoreError else { return false }
            return path == notADirectory.path && String(describing: error).contains(notADirectory.path)
        }
    }

    @Test func aFileThatIsNotADatabaseIsAClearError() throws {
        let temp = try TemporaryDirectory()
        let file = temp.url.appendingPathComponent(DemoStore.fileName)
        try Data(repeating: 0x41, count: 4096).write(to: file)
        #expect {
            _ = try DemoStore.open(dataDirectory: temp.url)
        } throws: { error in
            guard case .openFailed(let path, let reason) = error as? StoreError else { return false }
            return path == file.path && reason.contains("not an SQLite database")
                && String(describing: error).hasPrefix(file.path)
        }
    }

    @Test func anOpenStuckBehindAnotherProcessGivesUpWithABusyError() throws {
        let temp = try TemporaryDirectory()
        let path = temp.url.appendingPathComponent(DemoStore.fileName).path
        // flock locks belong to an open file description, so this blocks opens in this process too.
        let fd = Glibc.open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        try #require(flock(fd, LOCK_EX) == 0)
        #expect(throws: StoreError.busy(path: path, operation: "opening the store")) {
            _ = try DemoStore.open(dataDirectory: temp.url, seedsSampleData: true, lockTimeout: 0.05)
        }
        flock(fd, LOCK_UN)
        #expect(try DemoStore.open(dataDirectory: temp.url, seedsSampleData: true, lockTimeout: 0.05).integrityCheck() == ["ok"])
    }

    @Test func defaultDirectoryFollowsXDG() {
        #expect(DemoStore.defaultDataDirectory(environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/a"]).path
            == "/xdg/storyboard")
        // The spec says a relative XDG_DATA_HOME is invalid and must be ignored; so is an empty one.
        #expect(DemoStore.defaultDataDirectory(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/a"]).path
            == "/home/a/.local/share/storyboard")
        #expect(DemoStore.defaultDataDirectory(environment: ["XDG_DATA_HOME": "", "HOME": "/home/a"]).path
            == "/home/a/.local/share/storyboard")
        #expect(DemoStore.defaultDataDirectory(environment: ["HOME": "/home/b"]).path
            == "/home/b/.local/share/storyboard")
    }

    @Test func theConnectionUsesDurableSettings() throws {
        let temp = try TemporaryDirectory()
        let store = try DemoStore.open(dataDirectory: temp.url)
        let settings = try store.withConnection("test") { connection in
            (
                synchronous: try connection.statement("PRAGMA synchronous").scalar(as: Int.self),
                journal: try connection.statement("PRAGMA journal_mode").scalar(as: String.self),
                foreignKeys: try connection.statement("PRAGMA foreign_keys").scalar(as: Int.self),
                busyTimeout: try connection.statement("PRAGMA busy_timeout").scalar(as: Int.self)
            )
        }
        #expect(settings.synchronous == 2, "synchronous must be FULL")
        #expect(settings.journal == "wal")
        #expect(settings.foreignKeys == 1)
        #expect(settings.busyTimeout == Int(DemoStore.busyTimeout * 1000))
    }

    @Test func writesHoldTheWriteLockFromTheirStartAndReadsDoNot() throws {
        let temp = try TemporaryDirectory()
        let store = try DemoStore.open(dataDirectory: temp.url)
        // Another process's connection, which does not wait.
        let other = try SQLiteConnection(path: store.fileURL.path)
        try other.setBusyTimeout(milliseconds: 0)
        func otherCanBeginAWrite() -> Bool {
            do {
                try other.transaction(.immediate) {}
                return true
            } catch let error as SQLiteError {
                #expect(error.primaryCode == SQLITE_BUSY, "\(error)")
                return false
            } catch {
                Issue.record("unexpected \(error)")
                return false
            }
        }
        // Before the body has written anything, the write lock is taken: an IMMEDIATE
        // transaction, not a deferred one that would take it at its first write.
        let blockedDuringWrite = try store.write("test") { _ in !otherCanBeginAWrite() }
        #expect(blockedDuringWrite)
        let blockedDuringRead = try store.read("test") { connection in
            _ = try connection.statement("SELECT count FROM brewSessionCount").scalar(as: Int.self)
            return !otherCanBeginAWrite()
        }
        #expect(!blockedDuringRead)
        #expect(otherCanBeginAWrite())
    }

    @Test func aWriteBlockedPastTheBusyTimeoutIsABusyErrorNamingTheFile() throws {
        let temp = try TemporaryDirectory()
        let store = try DemoStore.open(
            dataDirectory: temp.url, seedsSampleData: true, lockTimeout: 1, busyTimeout: 0.05)
        let coffee = try #require(try store.coffees().first)
        let other = try SQLiteConnection(path: store.fileURL.path)
        let before = try store.sessionCount()
        try other.transaction(.immediate) {
            #expect(throws: StoreError.busy(path: store.fileURL.path, operation: "saving a brew session")) {
                try store.addSession(coffeeID: coffee.id, temperatureF: 200, brewedAt: Date())
            }
        }
        #expect(try store.sessionCount() == before)
        try store.addSession(coffeeID: coffee.id, temperatureF: 200, brewedAt: Date())
        #expect(try store.sessionCount() == before + 1)
    }

    @Test func aWriteWaitsForAnotherConnectionsTransactionAndThenCommits() throws {
        let temp = try TemporaryDirectory()
        let store = try DemoStore.open(dataDirectory: temp.url)
        let coffee = try #require(try store.coffees().first)
        let other = try SQLiteConnection(path: store.fileURL.path)
        let before = try store.sessionCount()
        let outcome = Outcome()
        try other.transaction(.immediate) {
            let thread = Thread {
                outcome.set(started: true)
                let result = Result { () throws(StoreError) in
                    try store.addSession(coffeeID: coffee.id, temperatureF: 201, brewedAt: Date())
                }
                outcome.set(result: result)
            }
            thread.start()
            try poll(until: { outcome.started })
            // While the other transaction is open the save waits rather than failing: watch it
            // for a fifth of a second (its busy timeout is 5 s).
            let watchUntil = Date().addingTimeInterval(0.2)
            while Date() < watchUntil {
                #expect(outcome.result == nil, "the save ended while another connection held the write lock")
                if outcome.result != nil { break }
                sched_yield()
            }
        }
        try poll(until: { outcome.result != nil })
        let saved = try #require(try outcome.result?.get())
        #expect(try store.session(id: saved.id)?.temperatureF == 201)
        #expect(try store.sessionCount() == before + 1)
    }

    @Test func reopeningKeepsEverythingWritten() throws {
        let temp = try TemporaryDirectory()
        let when = Date(timeIntervalSince1970: 1_307_376_000)  // whole seconds survive storage exactly
        let session: BrewSession
        let color: PaletteColor
        do {
            let store = try DemoStore.open(dataDirectory: temp.url)
            let coffee = try #require(try store.coffees().first { $0.name == "Kenya AA" })
            session = try store.addSession(coffeeID: coffee.id, temperatureF: 203, brewedAt: when)
            color = try store.addColor(name: "Sand", red: 0.9, green: 0.8, blue: 0.6)
            try store.setValue(Data("scene=list".utf8), forKey: "restoration")
            try store.close()
        }
        let reopened = try DemoStore.open(dataDirectory: temp.url)
        let row = try #require(try reopened.session(id: session.id))
        #expect(row.session == session)
        #expect(row.coffeeName == "Kenya AA")
        #expect(row.brewedAt == when)
        #expect(try reopened.color(id: color.id) == color)
        #expect(try reopened.value(forKey: "restoration") == Data("scene=list".utf8))
        #expect(try reopened.integrityCheck() == ["ok"])
    }

    @Test func aClosedStoreReportsErrorsInsteadOfCrashing() throws {
        let temp = try TemporaryDirectory()
        let store = try DemoStore.open(dataDirectory: temp.url)
        try store.close()
        #expect(throws: StoreError.self) { _ = try store.sessionCount() }
    }
}

@Suite("Store: migrations and seeding")
struct StoreMigrationTests {
    @Test func migrationsAreRecordedOnceAndReopeningIsANoOp() throws {
        let temp = try TemporaryDirectory()
        _ = try DemoStore.open(dataDirectory: temp.url)
        let store = try DemoStore.open(dataDirectory: temp.url)
        let applied = try store.read("test") { connection in
            try StoreMigrations.migrator.appliedIdentifiers(connection)
        }
        #expect(applied == StoreMigrations.identifiers)
        #expect(StoreMigrations.migrator.migrations.map(\.identifier) == StoreMigrations.identifiers)
        let appliedAgain = try store.withConnection("test") { connection in
            try StoreMigrations.migrator.migrate(connection)
        }
        #expect(appliedAgain.isEmpty)
        let recorded = try store.read("test") { connection in
            try connection.statement("SELECT COUNT(*) FROM grdb_migrations").scalar(as: Int.self)
        }
        #expect(recorded == StoreMigrations.identifiers.count)
    }

    @Test func aStoreFromTheFirstMigrationOpensWithCurrentCode() throws {
        let temp = try TemporaryDirectory()
        let path = temp.url.appendingPathComponent(DemoStore.fileName).path
        do {
            // Exactly what the earliest schema wrote, with one user's row in it.
            let old = try SQLiteConnection(path: path)
            let first = SQLiteMigrator(migrations: Array(StoreMigrations.migrator.migrations.prefix(1)))
            #expect(try first.migrate(old) == [StoreMigrations.coffeesAndBrewSessions])
            try old.execute(script: """
                INSERT INTO coffee (name) VALUES ('Old Favourite');
                INSERT INTO brewSession (coffeeId, temperatureF, brewedAt) VALUES (1, 204, '2011-06-07 10:00:00.000');
                """)
            try old.close()
        }
        let store = try DemoStore.open(dataDirectory: temp.url)
        // The user's data is there, and samples are not mixed into an existing store.
        #expect(try store.coffees().map(\.name) == ["Old Favourite"])
        let rows = try store.sessions(offset: 0, limit: 10)
        #expect(rows.map(\.temperatureF) == [204])
        #expect(rows.first?.coffeeName == "Old Favourite")
        #expect(rows.first?.brewedAt == Date(timeIntervalSince1970: 1_307_440_800))
        #expect(try store.colors().isEmpty)
        // The running count starts from the rows already there.
        #expect(try store.sessionCount() == 1)
        // Later tables work.
        _ = try store.addColor(name: "New", red: 0, green: 0.5, blue: 1)
        try store.setValue(Data([1]), forKey: "k")
        #expect(try store.value(forKey: "k") == Data([1]))
    }

    @Test func aFirstLaunchInterruptedAfterTheSchemaStillGetsItsSamples() throws {
        let temp = try TemporaryDirectory()
        do {
            // Schema committed, seeding never reached: what a kill -9 at that moment leaves.
            let interrupted = try SQLiteConnection(path: temp.url.appendingPathComponent(DemoStore.fileName).path)
            try StoreMigrations.migrator.migrate(interrupted)
            try interrupted.close()
        }
        let store = try DemoStore.open(dataDirectory: temp.url)
        #expect(try store.coffees().count == SampleData.coffees.count)
        #expect(try store.colors().count == SampleData.colors.count)
    }

    @Test func aStoreFromANewerVersionIsRefused() throws {
        let temp = try TemporaryDirectory()
        do {
            let store = try DemoStore.open(dataDirectory: temp.url)
            try store.write("test") { connection in
                try connection.execute(script: "INSERT INTO grdb_migrations (identifier) VALUES ('v9: from the future')")
            }
            try store.close()
        }
        #expect(throws: StoreError.createdByNewerVersion(path: temp.url.appendingPathComponent(DemoStore.fileName).path)) {
            _ = try DemoStore.open(dataDirectory: temp.url)
        }
    }

    @Test func firstOpenSeedsOnceAndDeletionsStick() throws {
        let temp = try TemporaryDirectory()
        let store = try DemoStore.open(dataDirectory: temp.url)
        #expect(try store.coffees().count == SampleData.coffees.count)
        #expect(try store.sessionCount() == SampleData.sessions.count)
        #expect(try store.colors().map(\.name) == SampleData.colors.map(\.name))
        for color in try store.colors() {
            try store.deleteColor(id: color.id)
        }
        try store.close()
        let reopened = try DemoStore.open(dataDirectory: temp.url)
        #expect(try reopened.colors().isEmpty)
        #expect(try reopened.coffees().count == SampleData.coffees.count)
        #expect(try reopened.sessionCount() == SampleData.sessions.count)
    }

    @Test func seedingCanBeDeclinedAndTheFirstOpenDecides() throws {
        let temp = try TemporaryDirectory()
        let empty = try DemoStore.open(dataDirectory: temp.url, seedsSampleData: false)
        #expect(try empty.coffees().isEmpty)
        #expect(try empty.sessionCount() == 0)
        #expect(try empty.colors().isEmpty)
        try empty.close()
        let later = try DemoStore.open(dataDirectory: temp.url, seedsSampleData: true)
        #expect(try later.coffees().isEmpty)
    }

    @Test func sampleSessionsReferToSampleCoffees() throws {
        let temp = try TemporaryDirectory()
        let store = try DemoStore.open(dataDirectory: temp.url)
        let rows = try store.sessions(offset: 0, limit: 100)
        #expect(rows.count == SampleData.sessions.count)
        #expect(rows.allSatisfy { row in SampleData.coffees.contains { $0.name == row.coffeeName } })
        #expect(rows.allSatisfy { TemperatureInput.range.contains($0.temperatureF) })
    }
}

@Suite("Store: brew sessions")
struct StoreSessionTests {
    /// An unseeded store with one coffee.
    static func storeWithOneCoffee(_ temp: TemporaryDirectory) throws -> (DemoStore, Coffee) {
        let store = try DemoStore.open(dataDirectory: temp.url, seedsSampleData: false)
        try store.write("test") { connection in try connection.execute(script: "INSERT INTO coffee (name) VALUES ('Test Roast')") }
        return (store, try #require(try store.coffees().first))
    }

    /// The obvious query the paging code must agree with.
    static func naive(_ store: DemoStore, offset: Int, limit: Int) throws -> [BrewSessionRow] {
        try store.read("test") { connection in
            try connection.statement("""
                SELECT s.id, s.coffeeId, c.name AS coffeeName, s.temperatureF, s.brewedAt
                FROM brewSession s JOIN coffee c ON c.id = s.coffeeId
                ORDER BY s.brewedAt DESC, s.id DESC LIMIT ? OFFSET ?
                """).rows([limit, offset], reading: BrewSessionRow.init(row:))
        }
    }

    @Test func addReturnsTheCommittedSession() throws {
        let temp = try TemporaryDirectory()
        let (store, coffee) = try Self.storeWithOneCoffee(temp)
        let added = try store.addSession(coffeeID: coffee.id, temperatureF: 203, brewedAt: Date())
        #expect(try store.session(id: added.id)?.session == added)
        #expect(try store.sessionCount() == 1)
        #expect(try store.deleteSession(id: added.id) == true)
        #expect(try store.deleteSession(id: added.id) == false)
        #expect(try store.session(id: added.id) == nil)
    }

    @Test func theRunningCountAgreesWithCountingRows() throws {
        let temp = try TemporaryDirectory()
        let (store, coffee) = try Self.storeWithOneCoffee(temp)
        func counted() throws -> Int {
            try store.read("test") { connection in
                try connection.statement("SELECT COUNT(*) FROM brewSession").scalar(as: Int.self) ?? -1
            }
        }
        try store.insertSampleSessions(count: 500)
        var ids: [Int64] = []
        for step in 0..<40 {
            ids.append(try store.addSession(coffeeID: coffee.id, temperatureF: 200, brewedAt: Date()).id)
            if step % 3 == 0, let id = ids.popLast() { _ = try store.deleteSession(id: id) }
            #expect(try store.sessionCount() == counted())
        }
        try store.write("test") { connection in try connection.execute(script: "DELETE FROM brewSession WHERE id % 2 = 0") }
        #expect(try store.sessionCount() == counted())
        #expect(try store.sessionCount() < 540)
    }

    @Test func addRejectsBadValuesWithoutWriting() throws {
        let temp = try TemporaryDirectory()
        let (store, coffee) = try Self.storeWithOneCoffee(temp)
        #expect {
            try store.addSession(coffeeID: coffee.id, temperatureF: 5000, brewedAt: Date())
        } throws: { error in
            guard case .invalidValue(let field, _) = error as? StoreError else { return false }
            return field == "temperature"
        }
        #expect(throws: StoreError.notFound(kind: "coffee", id: 999)) {
            try store.addSession(coffeeID: 999, temperatureF: 200, brewedAt: Date())
        }
        #expect(try store.sessionCount() == 0)
    }

    @Test func idsAreNotReusedAfterDeletion() throws {
        let temp = try TemporaryDirectory()
        let (store, coffee) = try Self.storeWithOneCoffee(temp)
        let first = try store.addSession(coffeeID: coffee.id, temperatureF: 200, brewedAt: Date())
        try store.deleteSession(id: first.id)
        let second = try store.addSession(coffeeID: coffee.id, temperatureF: 200, brewedAt: Date())
        #expect(second.id > first.id)
    }

    @Test func pagesMatchTheNaiveQueryAtStartMiddleAndEnd() throws {
        let temp = try TemporaryDirectory()
        let (store, coffee) = try Self.storeWithOneCoffee(temp)
        let end = Date(timeIntervalSince1970: 1_700_000_000)
        try store.insertSampleSessions(count: 2_500, endingAt: end)
        // Ties on brewedAt must still come out in one total order, by id.
        for _ in 0..<5 {
            try store.addSession(coffeeID: coffee.id, temperatureF: 201, brewedAt: end.addingTimeInterval(-90_000))
        }
        let total = try store.sessionCount()
        #expect(total == 2_505)
        let offsets = [0, 1, 7, 999, 1_000, 1_001, 1_252, 1_253, 1_254, 1_800, 2_400, 2_495, 2_500, 2_504, 2_505, 9_000]
        for offset in offsets {
            for limit in [1, 10, 33] {
                let page = try store.sessions(offset: offset, limit: limit)
                #expect(page == (try Self.naive(store, offset: offset, limit: limit)), "offset \(offset) limit \(limit)")
            }
        }
        #expect(try store.sessions(offset: 5, limit: 0).isEmpty)
        #expect(try store.sessions(offset: 2_000, limit: Int.max).count == total - 2_000)
    }

    @Test func negativeOffsetsAndLimitsAreRejected() throws {
        let temp = try TemporaryDirectory()
        let (store, _) = try Self.storeWithOneCoffee(temp)
        #expect(throws: StoreError.self) { _ = try store.sessions(offset: -1, limit: 10) }
        #expect(throws: StoreError.self) { _ = try store.sessions(offset: 0, limit: -1) }
    }

    @Test func jumpingToTheEndOfAHundredThousandRowsGivesTheOldest() throws {
        let temp = try TemporaryDirectory()
        let (store, _) = try Self.storeWithOneCoffee(temp)
        let end = Date(timeIntervalSince1970: 1_700_000_000)
        try store.insertSampleSessions(count: 100_000, endingAt: end)
        let total = try store.sessionCount()
        #expect(total == 100_000)
        let last = try store.sessions(offset: total - 20, limit: 20)
        #expect(last == (try Self.naive(store, offset: total - 20, limit: 20)))
        #expect(last.last?.brewedAt == end.addingTimeInterval(-99_999 * 180))
        #expect(last.first?.brewedAt == end.addingTimeInterval(-99_980 * 180))
        #expect(try store.sessions(offset: 0, limit: 1).first?.brewedAt == end)
        // A page straddling the end is cut short rather than padded.
        #expect(try store.sessions(offset: total - 3, limit: 20).count == 3)
    }

    @Test func pagingSkipsRowsInsideTheCoveringIndex() throws {
        let temp = try TemporaryDirectory()
        let (store, _) = try Self.storeWithOneCoffee(temp)
        for sql in [DemoStore.newestFirstSQL, DemoStore.oldestFirstSQL] {
            let plan = try store.read("test") { connection in
                // EXPLAIN QUERY PLAN's columns: id, parent, notused, detail.
                try connection.statement("EXPLAIN QUERY PLAN " + sql).rows([10, 10]) { row throws(SQLiteError) in
                    (id: try row.column(0, as: Int.self), parent: try row.column(1, as: Int.self),
                     detail: try row.column(3, as: String.self))
                }
            }
            let text = plan.map(\.detail).joined(separator: "\n")
            let inner = try #require(plan.first { $0.detail.contains("CO-ROUTINE") }, "\(text)")
            let innerSteps = plan.filter { $0.parent == inner.id }.map(\.detail)
            // Skipping happens in index order; a sort here would mean sorting the whole table.
            #expect(innerSteps == ["SCAN brewSession USING COVERING INDEX brewSession_on_brewedAt"], "\(text)")
            #expect(plan.contains { $0.detail.contains("SEARCH s USING INTEGER PRIMARY KEY") }, "\(text)")
        }
    }

    @Test func bulkInsertRejectsBadCountsAndNeedsACoffee() throws {
        let temp = try TemporaryDirectory()
        let empty = try DemoStore.open(dataDirectory: temp.url, seedsSampleData: false)
        #expect(throws: StoreError.self) { try empty.insertSampleSessions(count: -1) }
        #expect {
            try empty.insertSampleSessions(count: 10)
        } throws: { error in
            guard case .invalidValue(let field, _) = error as? StoreError else { return false }
            return field == "coffee"
        }
        #expect(throws: StoreError.self) {
            try empty.insertSampleSessions(count: 1, endingAt: Date(timeIntervalSince1970: 1e300))
        }
        #expect(throws: StoreError.self) {
            try empty.insertSampleSessions(count: 1, endingAt: Date(timeIntervalSince1970: -1e300))
        }
        try empty.insertSampleSessions(count: 0)
        #expect(try empty.sessionCount() == 0)
    }

    @Test func datesOutsideFourDigitYearsAreRefusedWithoutWriting() throws {
        let temp = try TemporaryDirectory()
        let (store, coffee) = try Self.storeWithOneCoffee(temp)
        for seconds in [-62_135_596_801.0, 253_402_300_800, .infinity, .nan] {
            #expect {
                try store.addSession(coffeeID: coffee.id, temperatureF: 200, brewedAt: Date(timeIntervalSince1970: seconds))
            } throws: { error in
                guard case .invalidValue(let field, _) = error as? StoreError else { return false }
                return field == "date"
            }
        }
        #expect(try store.sessionCount() == 0)
        let first = try store.addSession(coffeeID: coffee.id, temperatureF: 200, brewedAt: Date(timeIntervalSince1970: -62_135_596_800))
        let last = try store.addSession(coffeeID: coffee.id, temperatureF: 200, brewedAt: Date(timeIntervalSince1970: 253_402_300_799.999))
        #expect(first.brewedAt.timeIntervalSince1970 == -62_135_596_800)
        #expect(last.brewedAt.timeIntervalSince1970 == 253_402_300_799.999)
    }
}

@Suite("Store: palette and app state")
struct StorePaletteTests {
    @Test func colorsKeepInsertionOrderAndUpdatesPersist() throws {
        let temp = try TemporaryDirectory()
        let store = try DemoStore.open(dataDirectory: temp.url, seedsSampleData: false)
        let a = try store.addColor(name: "A", red: 1, green: 0, blue: 0)
        let b = try store.addColor(name: "B", red: 0, green: 1, blue: 0)
        let c = try store.addColor(name: "C", red: 0, green: 0, blue: 1)
        #expect(try store.colors().map(\.id) == [a.id, b.id, c.id])
        var renamed = b
        renamed.name = "Bee"
        renamed.blue = 0.25
        renamed.position = 0
        try store.updateColor(renamed)
        #expect(try store.colors().map(\.name) == ["Bee", "A", "C"])
        #expect(try store.color(id: b.id) == renamed)
        #expect(try store.deleteColor(id: a.id) == true)
        #expect(try store.deleteColor(id: a.id) == false)
        #expect(throws: StoreError.notFound(kind: "colour", id: a.id)) { try store.updateColor(a) }
        let d = try store.addColor(name: "D", red: 0.5, green: 0.5, blue: 0.5)
        #expect(try store.colors().last == d)
    }

    @Test(arguments: [(-0.1, 0.0, 0.0, "red"), (0, 1.01, 0, "green"), (0, 0, Double.nan, "blue"), (0, 0, Double.infinity, "blue")])
    func componentsOutsideZeroToOneAreRejected(red: Double, green: Double, blue: Double, field: String) throws {
        let temp = try TemporaryDirectory()
        let store = try DemoStore.open(dataDirectory: temp.url, seedsSampleData: false)
        #expect {
            try store.addColor(name: "Bad", red: red, green: green, blue: blue)
        } throws: { error in
            guard case .invalidValue(let reported, _) = error as? StoreError else { return false }
            return reported == field
        }
        #expect(try store.colors().isEmpty)
    }

    @Test func keyValueStateRoundTrips() throws {
        let temp = try TemporaryDirectory()
        let store = try DemoStore.open(dataDirectory: temp.url, seedsSampleData: false)
        #expect(try store.value(forKey: "scene") == nil)
        try store.setValue(Data([1, 2, 3]), forKey: "scene")
        try store.setValue(Data([4]), forKey: "scene")
        try store.setValue(Data(), forKey: "empty")
        #expect(try store.value(forKey: "scene") == Data([4]))
        #expect(try store.value(forKey: "empty") == Data())
        try store.setValue(nil, forKey: "scene")
        #expect(try store.value(forKey: "scene") == nil)
    }
}

@Suite("Store: error messages")
struct StoreErrorTests {
    @Test func messagesNameTheFileAndShowControlsEscaped() {
        let error = StoreError.databaseFailed(path: "/srv/a\u{1B}]0;x\u{07}b/storyboard.sqlite", operation: "saving", reason: "disk I/O error")
        let text = error.description
        #expect(text == "/srv/a\\u{1B}]0;x\\u{7}b/storyboard.sqlite: saving failed: disk I/O error")
        #expect(StoreError.openFailed(path: "/p", reason: "bad \u{9B}31m").description == "/p: cannot open the store: bad \\u{9B}31m")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 })
        #expect(StoreError.visible("a\u{202E}b") == "a\\u{202E}b")
        #expect(StoreError.busy(path: "/d/storyboard.sqlite", operation: "saving a brew session").description
            .hasPrefix("/d/storyboard.sqlite: "))
    }
}
