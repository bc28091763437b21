import Demos
import Foundation
import Logging
import PostgresNIO

/// The `Store` protocol's calls on PostgreSQL, each limited to one user's rows.
extension SharedStore {
    /// Answers one request of a session of `owner`: the value, or the error its status line shows.
    public func reply(to request: StoreRequest, owner: String) async -> StoreReply {
        do {
            try await prepareOwner(owner)
            return try await perform(request, owner: owner)
        } catch {
            return .failure(error)
        }
    }

    private func perform(_ request: StoreRequest, owner: String) async throws(StoreError) -> StoreReply {
        let operation = request.operation
        switch request {
        case .coffees:
            let coffees = try await transaction(operation, owner: owner, writes: false) { connection, logger in
                try await Self.coffees(connection, logger, owner: owner, id: nil)
            }
            return .coffees(coffees.sortedForList())
        case .coffee(let id):
            return .coffee(try await transaction(operation, owner: owner, writes: false) { connection, logger in
                try await Self.coffees(connection, logger, owner: owner, id: id).first
            })
        case .sessionCount:
            return .count(try await transaction(operation, owner: owner, writes: false) { connection, logger in
                try await Self.sessionCount(connection, logger, owner: owner)
            })
        case .sessions(let offset, let limit):
            try RemoteStore.validatePage(offset: offset, limit: limit)
            return .rows(try await transaction(operation, owner: owner, writes: false) { connection, logger in
                try await Self.rows(connection, logger, owner: owner, page: (offset, limit))
            })
        case .session(let id):
            return .row(try await transaction(operation, owner: owner, writes: false) { connection, logger in
                try await Self.rows(connection, logger, owner: owner, id: id).first
            })
        case .addSession(let coffeeID, let temperatureF, let milliseconds):
            let brewedAt = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            try RemoteStore.validateSession(temperatureF: temperatureF, brewedAt: brewedAt)
            return .session(try await transaction(operation, owner: owner, writes: true) { connection, logger in
                try await Self.addSession(connection, logger, owner: owner, coffeeID: coffeeID, temperatureF: temperatureF, brewedAt: brewedAt)
            })
        case .deleteSession(let id):
            return .done(try await transaction(operation, owner: owner, writes: true) { connection, logger in
                try await Self.deleted(connection.query(
                    "DELETE FROM brew_session WHERE id = \(id) AND owner = \(owner) RETURNING id", logger: logger))
            })
        case .colors:
            return .colors(try await transaction(operation, owner: owner, writes: false) { connection, logger in
                try await Self.colors(connection, logger, owner: owner, id: nil)
            })
        case .color(let id):
            return .color(try await transaction(operation, owner: owner, writes: false) { connection, logger in
                try await Self.colors(connection, logger, owner: owner, id: id).first
            })
        case .addColor(let name, let red, let green, let blue):
            try DemoStore.validateComponents(red: red, green: green, blue: blue)
            return .color(try await transaction(operation, owner: owner, writes: true) { connection, logger in
                try await Self.addColor(connection, logger, owner: owner, name: name, components: (red, green, blue))
            })
        case .updateColor(let color):
            try DemoStore.validateComponents(red: color.red, green: color.green, blue: color.blue)
            try await transaction(operation, owner: owner, writes: true) { connection, logger in
                let updated = try await Self.deleted(connection.query("""
                    UPDATE color SET name = \(color.name), red = \(color.red), green = \(color.green), blue = \(color.blue),
                        position = \(color.position)
                    WHERE id = \(color.id) AND owner = \(owner) RETURNING id
                    """, logger: logger))
                if !updated { throw StoreError.notFound(kind: "colour", id: color.id) }
            }
            return .saved
        case .deleteColor(let id):
            return .done(try await transaction(operation, owner: owner, writes: true) { connection, logger in
                try await Self.deleted(connection.query(
                    "DELETE FROM color WHERE id = \(id) AND owner = \(owner) RETURNING id", logger: logger))
            })
        case .setValue(let data, let key):
            try await transaction(operation, owner: owner, writes: true) { connection, logger in
                if let data {
                    try await connection.query("""
                        INSERT INTO app_state (owner, key, value) VALUES (\(owner), \(key), \(ByteBuffer(bytes: data)))
                        ON CONFLICT (owner, key) DO UPDATE SET value = excluded.value
                        """, logger: logger)
                } else {
                    try await connection.query("DELETE FROM app_state WHERE owner = \(owner) AND key = \(key)", logger: logger)
                }
            }
            return .saved
        case .value(let key):
            return .value(try await transaction(operation, owner: owner, writes: false) { connection, logger in
                var found: Data?
                for try await buffer in try await connection.query(
                    "SELECT value FROM app_state WHERE owner = \(owner) AND key = \(key)", logger: logger
                ).decode(ByteBuffer.self) {
                    found = Data(buffer.readableBytesView)
                }
                return found
            })
        }
    }

    // MARK: - Queries

    static func coffees(_ connection: PostgresConnection, _ logger: Logger, owner: String, id: Int64?) async throws -> [Coffee] {
        let query: PostgresQuery = id.map { "SELECT id, name, origin FROM coffee WHERE owner = \(owner) AND id = \($0)" }
            ?? "SELECT id, name, origin FROM coffee WHERE owner = \(owner)"
        var coffees: [Coffee] = []
        for try await (id, name, origin) in try await connection.query(query, logger: logger).decode((Int64, String, String?).self) {
            coffees.append(Coffee(id: id, name: name, origin: origin))
        }
        return coffees
    }

    static func sessionCount(_ connection: PostgresConnection, _ logger: Logger, owner: String) async throws -> Int {
        for try await count in try await connection.query(
            "SELECT count FROM brew_session_count WHERE owner = \(owner)", logger: logger
        ).decode(Int64.self) {
            return Int(count)
        }
        return 0
    }

    /// A page of the list, newest first, or the one row with `id`.
    static func rows(
        _ connection: PostgresConnection, _ logger: Logger, owner: String, page: (offset: Int, limit: Int)? = nil, id: Int64? = nil
    ) async throws -> [BrewSessionRow] {
        let query: PostgresQuery
        if let id {
            query = """
                SELECT s.id, s.coffee_id, c.name, s.temperature_f, s.brewed_at FROM brew_session AS s
                JOIN coffee AS c ON c.id = s.coffee_id WHERE s.owner = \(owner) AND s.id = \(id)
                """
        } else {
            let (offset, limit) = page ?? (0, 0)
            query = """
                SELECT s.id, s.coffee_id, c.name, s.temperature_f, s.brewed_at FROM brew_session AS s
                JOIN coffee AS c ON c.id = s.coffee_id WHERE s.owner = \(owner)
                ORDER BY s.brewed_at DESC, s.id DESC LIMIT \(limit) OFFSET \(offset)
                """
        }
        var rows: [BrewSessionRow] = []
        for try await (id, coffeeID, name, temperature, brewedAt) in try await connection.query(query, logger: logger)
            .decode((Int64, Int64, String, Int, Date).self)
        {
            rows.append(BrewSessionRow(id: id, coffeeID: coffeeID, coffeeName: name, temperatureF: temperature, brewedAt: brewedAt))
        }
        return rows
    }

    static func addSession(
        _ connection: PostgresConnection, _ logger: Logger, owner: String, coffeeID: Int64, temperatureF: Int, brewedAt: Date
    ) async throws -> BrewSession {
        guard try await !coffees(connection, logger, owner: owner, id: coffeeID).isEmpty else {
            throw StoreError.notFound(kind: "coffee", id: coffeeID)
        }
        for try await (id, coffee, temperature, date) in try await connection.query("""
            INSERT INTO brew_session (owner, coffee_id, temperature_f, brewed_at)
            VALUES (\(owner), \(coffeeID), \(temperatureF), \(brewedAt))
            RETURNING id, coffee_id, temperature_f, brewed_at
            """, logger: logger).decode((Int64, Int64, Int, Date).self)
        {
            return BrewSession(id: id, coffeeID: coffee, temperatureF: temperature, brewedAt: date)
        }
        throw StoreError.notFound(kind: "brew session", id: 0)
    }

    static func colors(_ connection: PostgresConnection, _ logger: Logger, owner: String, id: Int64?) async throws -> [PaletteColor] {
        let query: PostgresQuery = id.map {
            "SELECT id, name, red, green, blue, position FROM color WHERE owner = \(owner) AND id = \($0)"
        } ?? "SELECT id, name, red, green, blue, position FROM color WHERE owner = \(owner) ORDER BY position, id"
        var colors: [PaletteColor] = []
        for try await (id, name, red, green, blue, position) in try await connection.query(query, logger: logger)
            .decode((Int64, String, Double, Double, Double, Int64).self)
        {
            colors.append(PaletteColor(id: id, name: name, red: red, green: green, blue: blue, position: position))
        }
        return colors
    }

    static func addColor(
        _ connection: PostgresConnection, _ logger: Logger, owner: String, name: String, components: (Double, Double, Double)
    ) async throws -> PaletteColor {
        var last: Int64 = 0
        for try await position in try await connection.query(
            "SELECT MAX(position) FROM color WHERE owner = \(owner)", logger: logger
        ).decode(Int64?.self) {
            last = position ?? 0
        }
        let (position, overflow) = last.addingReportingOverflow(1)
        if overflow { throw StoreError.invalidValue(field: "position", reason: "the palette order is exhausted") }
        let (red, green, blue) = components
        for try await id in try await connection.query("""
            INSERT INTO color (owner, name, red, green, blue, position)
            VALUES (\(owner), \(name), \(red), \(green), \(blue), \(position)) RETURNING id
            """, logger: logger).decode(Int64.self)
        {
            return PaletteColor(id: id, name: name, red: red, green: green, blue: blue, position: position)
        }
        throw StoreError.notFound(kind: "colour", id: 0)
    }

    /// Whether a statement ending in `RETURNING id` touched a row.
    static func deleted(_ rows: PostgresRowSequence) async throws -> Bool {
        var any = false
        for try await _ in rows { any = true }
        return any
    }

    // MARK: - A user's first session

    /// Decides once per user, as `DemoStore` does per file, whether the sample data goes in:
    /// when nothing is recorded and the user has no rows yet (an import brings its own).
    func prepareOwner(_ owner: String) async throws(StoreError) {
        if readyOwners.withLockedValue({ $0.contains(owner) }) { return }
        try await transaction("adding the sample data", owner: owner, writes: true) { connection, logger in
            var decided = false
            for try await _ in try await connection.query(
                "SELECT value FROM store_metadata WHERE owner = \(owner) AND key = \(DemoStore.sampleDataKey)", logger: logger
            ) {
                decided = true
            }
            if decided { return }
            var hasRows = false
            for try await exists in try await connection.query("""
                SELECT EXISTS (SELECT 1 FROM coffee WHERE owner = \(owner)) OR EXISTS (SELECT 1 FROM color WHERE owner = \(owner))
                    OR EXISTS (SELECT 1 FROM app_state WHERE owner = \(owner))
                """, logger: logger).decode(Bool.self)
            {
                hasRows = exists
            }
            try await connection.query("""
                INSERT INTO store_metadata (owner, key, value) VALUES (\(owner), \(DemoStore.sampleDataKey), \(hasRows ? "declined" : "seeded"))
                """, logger: logger)
            if !hasRows { try await Self.insertSampleData(connection, logger, owner: owner, now: Date()) }
        }
        readyOwners.withLockedValue { _ = $0.insert(owner) }
    }

    static func insertSampleData(_ connection: PostgresConnection, _ logger: Logger, owner: String, now: Date) async throws {
        var coffeeIDs: [Int64] = []
        for coffee in SampleData.coffees {
            for try await id in try await connection.query(
                "INSERT INTO coffee (owner, name, origin) VALUES (\(owner), \(coffee.name), \(coffee.origin)) RETURNING id", logger: logger
            ).decode(Int64.self) {
                coffeeIDs.append(id)
            }
        }
        for session in SampleData.sessions where coffeeIDs.indices.contains(session.coffee) {
            let brewedAt = Date(timeIntervalSince1970: (now.timeIntervalSince1970 - session.hoursAgo * 3600).rounded())
            try await connection.query("""
                INSERT INTO brew_session (owner, coffee_id, temperature_f, brewed_at)
                VALUES (\(owner), \(coffeeIDs[session.coffee]), \(session.temperatureF), \(brewedAt))
                """, logger: logger)
        }
        for (index, color) in SampleData.colors.enumerated() {
            try await connection.query("""
                INSERT INTO color (owner, name, red, green, blue, position)
                VALUES (\(owner), \(color.name), \(color.red), \(color.green), \(color.blue), \(Int64(index + 1)))
                """, logger: logger)
        }
    }
}
