import Demos
import Foundation
import PostgresStore
import TestSupport
import Testing

@Suite("serve --import: a server's SQLite data into the shared store")
struct SharedStoreImportTests {
    /// A server data directory with one key's store (a cup of its own, a colour, a value and
    /// saved screens) and a second key's untouched store.
    private func makeServerData() throws -> (URL, cup: BrewSession) {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-import-\(UUID().uuidString)")
        let alice = data.appendingPathComponent("users/alice-key", isDirectory: true)
        let store = try DemoStore.open(dataDirectory: alice)
        let coffee = try #require(try store.coffees().first { $0.name == "Kenya AA" })
        let cup = try store.addSession(coffeeID: coffee.id, temperatureF: 206, brewedAt: Date(timeIntervalSince1970: 1_750_000_000))
        try store.addColor(name: "Saffron", red: 0.96, green: 0.77, blue: 0.19)
        try store.setValue(Data("draft".utf8), forKey: "AddSession.temperature")
        try store.close()
        let state = alice.appendingPathComponent("state", isDirectory: true)
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try Data("{\"screens\":1}".utf8).write(to: state.appendingPathComponent("DailyBuzz.restoration.json"))
        try DemoStore.open(dataDirectory: data.appendingPathComponent("users/bob-key", isDirectory: true)).close()
        return (data, cup)
    }

    @Test func eachKeyIsCopiedOnceWholeAndSeenByItsSessions() async throws {
        let cluster = try PostgresCluster.shared.get()
        let database = try cluster.makeDatabase()
        let location = try PostgresLocation(parsing: cluster.url(database: database), loginName: "nobody")
        let (data, cup) = try makeServerData()
        defer { try? FileManager.default.removeItem(at: data) }
        let first = try await SharedStoreImport.run(
            dataDirectory: data, location: location, password: cluster.password, logger: StoreUnderTest.logger)
        #expect(first.map(\.owner) == ["alice-key", "bob-key"])
        #expect(first[0].outcome == .imported(
            coffees: SampleData.coffees.count, cups: SampleData.sessions.count + 1, colors: SampleData.colors.count + 1, values: 2))
        let again = try await SharedStoreImport.run(
            dataDirectory: data, location: location, password: cluster.password, logger: StoreUnderTest.logger)
        #expect(again.map(\.outcome) == [.alreadyImported, .alreadyImported])

        let shared = try await StoreUnderTest.openShared(cluster, database: database)
        defer { shared.close() }
        let alice = try StoreUnderTest.session(of: shared, owner: "alice-key")
        try await onThread {
            #expect(try alice.sessionCount() == SampleData.sessions.count + 1)
            let newest = try #require(try alice.sessions(offset: 0, limit: 100).first { $0.temperatureF == 206 })
            #expect(newest.coffeeName == "Kenya AA" && newest.brewedAt == cup.brewedAt)
            #expect(try alice.colors().last?.name == "Saffron")
            #expect(try alice.value(forKey: "AddSession.temperature") == Data("draft".utf8))
            #expect(try alice.value(forKey: "screens/DailyBuzz.restoration.json") == Data("{\"screens\":1}".utf8))
            // No sample data on top of the imported rows.
            #expect(try alice.coffees().count == SampleData.coffees.count)
        }
    }

    @Test func aKeyThatAlreadyHasSharedDataIsLeftAlone() async throws {
        let cluster = try PostgresCluster.shared.get()
        let database = try cluster.makeDatabase()
        let location = try PostgresLocation(parsing: cluster.url(database: database), loginName: "nobody")
        let (data, _) = try makeServerData()
        defer { try? FileManager.default.removeItem(at: data) }
        let shared = try await StoreUnderTest.openShared(cluster, database: database)
        defer { shared.close() }
        let bob = try StoreUnderTest.session(of: shared, owner: "bob-key")
        let before = try await onThread { try bob.sessionCount() }
        let outcomes = try await SharedStoreImport.run(
            dataDirectory: data, location: location, password: cluster.password, logger: StoreUnderTest.logger)
        #expect(outcomes.first { $0.owner == "bob-key" }?.outcome == .hasData)
        #expect(try await onThread { try bob.sessionCount() } == before)
    }

    @Test func aFolderWithoutUsersIsAnErrorNamingIt() async throws {
        let cluster = try PostgresCluster.shared.get()
        let location = try PostgresLocation(parsing: cluster.url(database: "postgres"), loginName: "nobody")
        let empty = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-import-none-\(UUID().uuidString)")
        await #expect {
            try await SharedStoreImport.run(dataDirectory: empty, location: location, password: cluster.password, logger: StoreUnderTest.logger)
        } throws: { error in
            guard case .importSource(let path, _) = error as? SharedStoreError else { return false }
            return path == empty.path
        }
    }
}
