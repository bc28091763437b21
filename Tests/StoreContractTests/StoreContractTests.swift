import Demos
import Foundation
import Testing

/// What every `Store` promises the demos, checked on SQLite (`DemoStore`) and on the shared
/// PostgreSQL store through `RemoteStore`, the way a session of `serve --store` reaches it.
@Suite("Store contract: SQLite and PostgreSQL alike")
struct StoreContractTests {
    @Test(arguments: StoreKind.allCases)
    func aNewStoreStartsWithTheSampleData(kind: StoreKind) async throws {
        let subject = try await StoreUnderTest.make(kind)
        let (coffees, count, colors) = try await onThread {
            let store = try subject.open()
            return (try store.coffees().map(\.name), try store.sessionCount(), try store.colors().map(\.name))
        }
        #expect(coffees == SampleData.coffees.map(\.name).sorted { $0.lowercased() < $1.lowercased() })
        #expect(count == SampleData.sessions.count)
        #expect(colors == SampleData.colors.map(\.name))
    }

    @Test(arguments: StoreKind.allCases)
    func aCupSavedIsReadBackAsStored(kind: StoreKind) async throws {
        let subject = try await StoreUnderTest.make(kind)
        try await onThread {
            let store = try subject.open()
            let coffee = try #require(try store.coffees().first { $0.name == "Kenya AA" })
            let brewedAt = Date(timeIntervalSince1970: 1_800_000_000.123_456)
            let before = try store.sessionCount()
            let saved = try store.addSession(coffeeID: coffee.id, temperatureF: 204, brewedAt: brewedAt)
            #expect(saved.coffeeID == coffee.id && saved.temperatureF == 204)
            // Kept to the millisecond, by both stores.
            #expect(saved.brewedAt == Date(timeIntervalSince1970: 1_800_000_000.123))
            #expect(try store.sessionCount() == before + 1)
            let newest = try #require(try store.sessions(offset: 0, limit: 1).first)
            #expect(newest == BrewSessionRow(
                id: saved.id, coffeeID: coffee.id, coffeeName: "Kenya AA", temperatureF: 204, brewedAt: saved.brewedAt))
            #expect(try store.session(id: saved.id) == newest)
            // Another session of the same user sees it at once.
            #expect(try subject.open().session(id: saved.id) == newest)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func refusalsNameTheFieldAndSaveNothing(kind: StoreKind) async throws {
        let subject = try await StoreUnderTest.make(kind)
        try await onThread {
            let store = try subject.open()
            let coffee = try #require(try store.coffees().first)
            let before = try store.sessionCount()
            #expect(throws: StoreError.invalidValue(field: "temperature", reason: TemperatureInputError.outOfRange.message)) {
                try store.addSession(coffeeID: coffee.id, temperatureF: 213, brewedAt: Date())
            }
            #expect(throws: StoreError.notFound(kind: "coffee", id: 987_654)) {
                try store.addSession(coffeeID: 987_654, temperatureF: 200, brewedAt: Date())
            }
            #expect(throws: StoreError.invalidValue(field: "offset", reason: "must not be negative (got -1)")) {
                try store.sessions(offset: -1, limit: 5)
            }
            #expect(throws: StoreError.invalidValue(field: "red", reason: "must be between 0 and 1 (got 1.5)")) {
                try store.addColor(name: "Too red", red: 1.5, green: 0, blue: 0)
            }
            #expect(try store.sessionCount() == before)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func pagesCoverTheListNewestFirstWithoutGapsOrRepeats(kind: StoreKind) async throws {
        let subject = try await StoreUnderTest.make(kind)
        try await onThread {
            let store = try subject.open()
            let coffees = try store.coffees()
            let start = Date(timeIntervalSince1970: 1_700_000_000)
            for index in 0..<40 {
                // Pairs of cups at one moment: the id breaks the tie.
                try store.addSession(
                    coffeeID: coffees[index % coffees.count].id, temperatureF: 190 + index % 20,
                    brewedAt: start.addingTimeInterval(Double(index / 2) * 60))
            }
            let total = try store.sessionCount()
            let whole = try store.sessions(offset: 0, limit: total)
            #expect(whole.count == total)
            #expect(zip(whole, whole.dropFirst()).allSatisfy { ($0.brewedAt, $0.id) > ($1.brewedAt, $1.id) })
            var paged: [BrewSessionRow] = []
            var offset = 0
            while offset < total {
                paged += try store.sessions(offset: offset, limit: 7)
                offset += 7
            }
            #expect(paged == whole)
            #expect(try store.sessions(offset: total, limit: 7).isEmpty)
            #expect(try store.sessions(offset: 3, limit: 0).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func deletingACupTwiceSaysItWasGone(kind: StoreKind) async throws {
        let subject = try await StoreUnderTest.make(kind)
        try await onThread {
            let store = try subject.open()
            let row = try #require(try store.sessions(offset: 0, limit: 1).first)
            let before = try store.sessionCount()
            #expect(try store.deleteSession(id: row.id))
            #expect(try !store.deleteSession(id: row.id))
            #expect(try store.session(id: row.id) == nil)
            #expect(try store.sessionCount() == before - 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func thePaletteKeepsItsOrderThroughAddsEditsAndDeletes(kind: StoreKind) async throws {
        let subject = try await StoreUnderTest.make(kind)
        try await onThread {
            let store = try subject.open()
            let added = try store.addColor(name: "Teal", red: 0, green: 0.5, blue: 0.5)
            #expect(added.position == Int64(SampleData.colors.count + 1))
            #expect(try store.colors().last == added)
            var edited = added
            edited.name = "Deep teal"
            edited.blue = 0.25
            try store.updateColor(edited)
            #expect(try store.color(id: added.id) == edited)
            #expect(try store.deleteColor(id: added.id))
            #expect(try !store.deleteColor(id: added.id))
            #expect(throws: StoreError.notFound(kind: "colour", id: added.id)) { try store.updateColor(edited) }
            #expect(try store.colors().map(\.name) == SampleData.colors.map(\.name))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func valuesAreKeptReplacedAndRemovedByKey(kind: StoreKind) async throws {
        let subject = try await StoreUnderTest.make(kind)
        try await onThread {
            let store = try subject.open()
            #expect(try store.value(forKey: "screens/Main.restoration.json") == nil)
            let bytes = Data((0...255).map { UInt8($0) })
            try store.setValue(bytes, forKey: "screens/Main.restoration.json")
            #expect(try store.value(forKey: "screens/Main.restoration.json") == bytes)
            try store.setValue(Data("second".utf8), forKey: "screens/Main.restoration.json")
            try store.setValue(Data(), forKey: "empty")
            #expect(try store.value(forKey: "screens/Main.restoration.json") == Data("second".utf8))
            #expect(try store.value(forKey: "empty") == Data())
            try store.setValue(nil, forKey: "screens/Main.restoration.json")
            #expect(try store.value(forKey: "screens/Main.restoration.json") == nil)
        }
    }

    /// Two sessions of one user write at once (two processes on one file, or two servers'
    /// sessions on one database): every write lands, and the palette's places stay distinct.
    @Test(arguments: StoreKind.allCases)
    func twoWritersAtOnceLoseNothing(kind: StoreKind) async throws {
        let subject = try await StoreUnderTest.make(kind)
        let perWriter = 40
        let (before, coffeeID) = try await onThread {
            let store = try subject.open()
            return (try store.sessionCount(), try store.coffees()[0].id)
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    try await onThread {
                        let store = try subject.open()
                        for index in 0..<perWriter {
                            try store.addSession(coffeeID: coffeeID, temperatureF: 190 + writer, brewedAt: Date())
                            if index % 8 == 0 { try store.addColor(name: "w\(writer)-\(index)", red: 0, green: 0, blue: 0) }
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        try await onThread {
            let store = try subject.open()
            #expect(try store.sessionCount() == before + 2 * perWriter)
            let cups = try store.sessions(offset: 0, limit: before + 2 * perWriter)
            #expect(cups.filter { $0.temperatureF == 190 }.count == perWriter)
            #expect(cups.filter { $0.temperatureF == 191 }.count == perWriter)
            let positions = try store.colors().map(\.position)
            #expect(Set(positions).count == positions.count)
        }
    }
}
