import Foundation
import Testing
@testable import Demos

/// Stores made by the GRDB version of the store open, read and grow with this one.
///
/// `Fixtures/grdb-store/storyboard.sqlite` was written by that version (GRDB 7.10): a first
/// open with the sample data, then sessions at chosen moments, a colour with accents and an
/// emoji, and two app-state values. The values below are what that version read back from it.
@Suite("Store: stores made by the GRDB version")
struct StoreCompatibilityTests {
    /// A copy of the fixture in a fresh directory: opening a store writes to it.
    static func fixtureCopy(_ temp: TemporaryDirectory) throws -> URL {
        let fixture = try #require(Bundle.module.url(
            forResource: "storyboard", withExtension: "sqlite", subdirectory: "Fixtures/grdb-store"))
        let directory = temp.child("store")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture, to: directory.appendingPathComponent(DemoStore.fileName))
        return directory
    }

    /// Every session, newest first: id, coffee id, coffee name, °F, the text GRDB stored, and
    /// the date GRDB read back (seconds since 1970).
    static let sessions: [(id: Int64, coffeeID: Int64, coffee: String, temperatureF: Int, text: String, grdbSeconds: Double)] = [
        (12, 3, "Kenya AA", 195, "2100-01-01 00:00:00.000", 4_102_444_800.0),
        (1, 1, "House Blend", 200, "2026-11-23 23:51:38.000", 1_795_477_898.0),
        (2, 4, "Ethiopian Yirgacheffe", 203, "2026-11-22 23:51:38.000", 1_795_391_498.0),
        (3, 3, "Kenya AA", 205, "2026-11-21 23:51:38.000", 1_795_305_098.0),
        (4, 2, "Sumatra Mandheling", 198, "2026-11-20 23:51:38.000", 1_795_218_698.0),
        (5, 5, "Colombia Supremo", 202, "2026-11-18 23:51:38.000", 1_795_045_898.0),
        (6, 1, "House Blend", 201, "2026-11-16 23:51:38.000", 1_794_873_098.0),
        (14, 3, "Kenya AA", 197, "2023-11-14 22:13:21.000", 1_700_000_001.0),
        (13, 3, "Kenya AA", 196, "2023-11-14 22:13:20.124", 1_700_000_000.124),
        (7, 3, "Kenya AA", 190, "2011-06-06 16:00:00.123", 1_307_376_000.1230001),
        (9, 3, "Kenya AA", 192, "2000-02-29 23:59:59.999", 951_868_799.999),
        (8, 3, "Kenya AA", 191, "2000-02-29 00:00:00.000", 951_782_400.0),
        (10, 3, "Kenya AA", 193, "1969-12-31 23:59:58.500", -1.5),
        (11, 3, "Kenya AA", 194, "1939-12-31 23:59:59.750", -946_771_200.25),
        (15, 3, "Kenya AA", 198, "1582-10-15 00:00:00.000", -12_219_292_800.0),
        (16, 3, "Kenya AA", 199, "1494-08-23 21:20:00.000", -15_000_000_000.0),
    ]

    @Test func everythingTheGRDBVersionWroteReadsTheSame() throws {
        let temp = try TemporaryDirectory()
        let store = try DemoStore.open(dataDirectory: try Self.fixtureCopy(temp))
        #expect(try store.integrityCheck() == ["ok"])
        #expect(try store.sessionCount() == Self.sessions.count)
        let rows = try store.sessions(offset: 0, limit: 100)
        #expect(rows.map(\.id) == Self.sessions.map(\.id))
        let stored = try Dictionary(uniqueKeysWithValues: store.read("test") { connection in
            try connection.statement("SELECT id, brewedAt FROM brewSession").rows { row throws(SQLiteError) in
                (try row.column(0, as: Int64.self), try row.column(1, as: String.self))
            }
        })
        for (row, expected) in zip(rows, Self.sessions) {
            #expect(row.coffeeID == expected.coffeeID)
            #expect(row.coffeeName == expected.coffee)
            #expect(row.temperatureF == expected.temperatureF)
            let milliseconds = Int64((row.brewedAt.timeIntervalSince1970 * 1000).rounded())
            if expected.id == 16 {
                // Before 1582-10-15 GRDB's formatter wrote Julian dates (ICU's calendar); this
                // store reads every text as a Gregorian date, nine days earlier here.
                #expect(row.brewedAt == Date(timeIntervalSince1970: expected.grdbSeconds - 9 * 86_400))
            } else {
                // The same millisecond, and exactly the nearest double to it (GRDB's calendar
                // arithmetic was sometimes a bit off: ….1230001).
                #expect(milliseconds == Int64((expected.grdbSeconds * 1000).rounded()), "session \(expected.id)")
                #expect(row.brewedAt == Date(timeIntervalSince1970: Double(milliseconds) / 1000), "session \(expected.id)")
            }
            // Written back, a date is the text GRDB stored.
            #expect(stored[expected.id] == expected.text)
            #expect(StorageDate.text(millisecondsSince1970: milliseconds) == expected.text)
        }
        #expect(try store.coffees().map(\.name) == [
            "Colombia Supremo", "Ethiopian Yirgacheffe", "Guatemala Antigua", "House Blend", "Kenya AA", "Sumatra Mandheling",
        ])
        #expect(try store.coffee(id: 3)?.origin == "Kenya")
        #expect(try store.coffee(id: 1)?.origin == nil)
        #expect(try store.colors() == [
            PaletteColor(id: 1, name: "Red", red: 1, green: 0, blue: 0, position: 1),
            PaletteColor(id: 2, name: "Green", red: 0, green: 1, blue: 0, position: 2),
            PaletteColor(id: 3, name: "Blue", red: 0, green: 0, blue: 1, position: 3),
            PaletteColor(id: 4, name: "Midnight", red: 0.1, green: 0.1, blue: 0.44, position: 4),
            PaletteColor(id: 5, name: "Crème brûlée ☕", red: 0.95, green: 0.87, blue: 0.6, position: 5),
        ])
        #expect(try store.value(forKey: "blob") == Data([0, 1, 2, 0xFF]))
        #expect(try store.value(forKey: "empty") == Data())
    }

    @Test func openingAddsNothingAndNewRowsFollowTheOldOnes() throws {
        let temp = try TemporaryDirectory()
        let directory = try Self.fixtureCopy(temp)
        let store = try DemoStore.open(dataDirectory: directory)
        let applied = try store.read("test") { try StoreMigrations.migrator.appliedIdentifiers($0) }
        #expect(applied == StoreMigrations.identifiers)
        #expect(try store.coffees().count == SampleData.coffees.count, "seeded again")
        let coffee = try #require(try store.coffee(id: 2))
        let added = try store.addSession(coffeeID: coffee.id, temperatureF: 204, brewedAt: Date(timeIntervalSince1970: 1_800_000_000.5))
        #expect(added.id == 17)
        #expect(try store.sessions(offset: 0, limit: 1).first?.id == 12)
        #expect(try store.sessions(offset: 1, limit: 1).first?.id == 17)
        let text = try store.read("test") { connection in
            try connection.statement("SELECT brewedAt FROM brewSession WHERE id = ?").scalar([added.id], as: String.self)
        }
        #expect(text == "2027-01-15 08:00:00.500")
        let color = try store.addColor(name: "Foam", red: 1, green: 1, blue: 0.9)
        #expect(color.position == 6)
        try store.close()
        let reopened = try DemoStore.open(dataDirectory: directory)
        #expect(try reopened.sessionCount() == Self.sessions.count + 1)
        #expect(try reopened.integrityCheck() == ["ok"])
    }

    @Test func aNewStoreHasTheSchemaTheGRDBVersionMade() throws {
        let temp = try TemporaryDirectory()
        let old = try DemoStore.open(dataDirectory: try Self.fixtureCopy(temp))
        let new = try DemoStore.open(dataDirectory: temp.child("new"))
        func schema(_ store: DemoStore) throws -> [String] {
            try store.read("test") { connection in
                try connection.statement("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
                    .rows { row throws(SQLiteError) in
                        [try row.column(0, as: String.self), try row.column(1, as: String.self),
                         try row.column(2, as: String.self), try row.column(3, as: String?.self) ?? "-"]
                            .joined(separator: " | ")
                    }
            }
        }
        let oldSchema = try schema(old)
        #expect(oldSchema.count == 17)  // 8 tables, 7 indexes, 2 triggers
        #expect(try schema(new) == oldSchema)
    }
}
