import Demos
import Foundation
import PostgresStore
import TestSupport
import Testing

/// What only the shared store has to get right: users kept apart, its schema on a database it
/// shares with nobody, logins, and a database that goes away and comes back.
@Suite("Shared store on PostgreSQL")
struct SharedStoreTests {
    @Test func oneUsersSessionsNeitherSeeNorTouchAnothersRows() async throws {
        let subject = try await StoreUnderTest.make(.postgres)
        try await onThread {
            let alice = try subject.open(owner: "alice")
            let bob = try subject.open(owner: "bob")
            let coffee = try alice.coffees()[0]
            let cup = try alice.addSession(coffeeID: coffee.id, temperatureF: 207, brewedAt: Date())
            #expect(try bob.session(id: cup.id) == nil)
            #expect(try !bob.deleteSession(id: cup.id))
            // Bob cannot brew with Alice's coffee either: to him it does not exist.
            #expect(throws: StoreError.notFound(kind: "coffee", id: coffee.id)) {
                try bob.addSession(coffeeID: coffee.id, temperatureF: 200, brewedAt: Date())
            }
            try alice.setValue(Data("alice".utf8), forKey: "k")
            #expect(try bob.value(forKey: "k") == nil)
            #expect(try alice.session(id: cup.id)?.temperatureF == 207)
            #expect(try bob.sessionCount() == SampleData.sessions.count)
            #expect(try alice.sessionCount() == SampleData.sessions.count + 1)
        }
    }

    @Test func aNewDatabaseRecordsEveryStepOnceAndReopensUnchanged() async throws {
        let cluster = try PostgresCluster.shared.get()
        let database = try cluster.makeDatabase()
        try await StoreUnderTest.openShared(cluster, database: database).close()
        try await StoreUnderTest.openShared(cluster, database: database).close()
        let recorded = try cluster.psql("SELECT identifier FROM storyboard_migrations ORDER BY step", database: database)
        #expect(recorded.split(separator: "\n").map(String.init) == StoreMigrations.identifiers)
        #expect(StoreMigrations.postgres.map(\.identifier) == StoreMigrations.identifiers)
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftAsItWas() async throws {
        let cluster = try PostgresCluster.shared.get()
        let database = try cluster.makeDatabase()
        try cluster.psql("CREATE TABLE invoices (id INTEGER PRIMARY KEY)", database: database)
        await #expect {
            try await StoreUnderTest.openShared(cluster, database: database)
        } throws: { error in
            guard case .foreignDatabase(_, let tables) = error as? SharedStoreError else { return false }
            return tables == ["invoices"] && "\(error)".contains("another program's tables (invoices)")
                && "\(error)".contains("/\(database)")
        }
        let tables = try cluster.psql(
            "SELECT string_agg(table_name, ',') FROM information_schema.tables WHERE table_schema = 'public'", database: database)
        #expect(tables == "invoices")
    }

    @Test func aDatabaseUpgradedByANewerProgramIsRefusedUnchanged() async throws {
        let cluster = try PostgresCluster.shared.get()
        let database = try cluster.makeDatabase()
        try await StoreUnderTest.openShared(cluster, database: database).close()
        try cluster.psql("INSERT INTO storyboard_migrations (step, identifier) VALUES (99, 'v9: from the future')", database: database)
        await #expect {
            try await StoreUnderTest.openShared(cluster, database: database)
        } throws: { error in
            error as? SharedStoreError == .newerSchema(
                location: "postgres://\(cluster.user)@127.0.0.1:\(cluster.port)/\(database)", steps: ["v9: from the future"])
        }
        #expect(try cluster.psql("SELECT COUNT(*) FROM storyboard_migrations", database: database) == "\(StoreMigrations.identifiers.count + 1)")
    }

    @Test func aWrongPasswordIsALoginErrorNamingWhereThePasswordComesFrom() async throws {
        let cluster = try PostgresCluster.shared.get()
        let location = try PostgresLocation(parsing: cluster.url(database: "postgres"), loginName: "nobody")
        await #expect {
            try await SharedStore.open(location: location, password: "not-it", logger: StoreUnderTest.logger)
        } throws: { error in
            guard case .authentication = error as? SharedStoreError else { return false }
            let text = "\(error)"
            return text.contains("refused the login") && text.contains("PGPASSWORD or ~/.pgpass") && !text.contains("not-it")
        }
        await #expect {
            try await SharedStore.open(location: location, password: nil, logger: StoreUnderTest.logger)
        } throws: { error in
            guard case .authentication = error as? SharedStoreError else { return false }
            return true
        }
    }

    @Test func anUnreachableDatabaseIsAClearError() async throws {
        let cluster = try PostgresCluster.shared.get()
        // The cluster's own port with nothing behind it once a throwaway cluster is stopped.
        let gone = try PostgresCluster()
        let port = gone.port
        gone.stop(remove: true)
        let location = try PostgresLocation(
            parsing: "postgres://\(cluster.user)@127.0.0.1:\(port)/storyboard?sslmode=disable", loginName: "nobody")
        await #expect {
            try await SharedStore.open(location: location, password: cluster.password, logger: StoreUnderTest.logger)
        } throws: { error in
            guard case .unreachable(let shown, _) = error as? SharedStoreError else { return false }
            return shown == "postgres://\(cluster.user)@127.0.0.1:\(port)/storyboard" && "\(error)".contains("cannot reach the database")
        }
    }

    /// PostgreSQL stops under a running session and comes back: a read waiting out the
    /// restart is answered; a write while it is down past the retry window is reported, not
    /// lost in silence, and the session goes on once it is back.
    @Test func sessionsGoOnAcrossADatabaseRestart() async throws {
        let cluster = try PostgresCluster()
        let database = try cluster.makeDatabase()
        let shared = try await StoreUnderTest.openShared(cluster, database: database, retryWindow: 3)
        defer { shared.close() }
        let store = try StoreUnderTest.session(of: shared, owner: "alice")
        let coffeeID = try await onThread { try store.coffees()[0].id }
        cluster.stop()
        let refused = try await onThread { () -> Result<BrewSession, StoreError> in
            Result { () throws(StoreError) in try store.addSession(coffeeID: coffeeID, temperatureF: 201, brewedAt: Date()) }
        }
        guard case .failure(.databaseFailed(_, let operation, let reason)) = refused else {
            Issue.record("expected a failed save, got \(refused)")
            return
        }
        #expect(operation == "saving a brew session")
        #expect(reason.contains("nothing was saved"))
        // Started again on the same port while a save is waiting: the save goes through.
        async let saved = onThread { try store.addSession(coffeeID: coffeeID, temperatureF: 202, brewedAt: Date()) }
        try cluster.start(samePort: true)
        let cup = try await saved
        let (found, count) = try await onThread { (try store.session(id: cup.id), try store.sessionCount()) }
        #expect(found?.temperatureF == 202)
        #expect(count == SampleData.sessions.count + 1)
    }
}
