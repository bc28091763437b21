#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One call of the `Store` protocol, as a session sends it to the server's shared store.
/// The server knows whose session the connection belongs to: a request never names a user.
public enum StoreRequest: Equatable, Sendable {
    case coffees
    case coffee(id: Int64)
    case sessionCount
    case sessions(offset: Int, limit: Int)
    case session(id: Int64)
    /// `brewedAt` in whole milliseconds since 1970, as the stores keep it.
    case addSession(coffeeID: Int64, temperatureF: Int, brewedAtMilliseconds: Int64)
    case deleteSession(id: Int64)
    case colors
    case color(id: Int64)
    case addColor(name: String, red: Double, green: Double, blue: Double)
    case updateColor(PaletteColor)
    case deleteColor(id: Int64)
    case setValue(Data?, key: String)
    case value(key: String)

    /// What the status line says failed ("saving a brew session"), as the SQLite store says it.
    public var operation: String {
        switch self {
        case .coffees: "reading the coffees"
        case .coffee: "reading a coffee"
        case .sessionCount: "counting brew sessions"
        case .sessions: "reading brew sessions"
        case .session: "reading a brew session"
        case .addSession: "saving a brew session"
        case .deleteSession: "deleting a brew session"
        case .colors: "reading the palette"
        case .color: "reading a colour"
        case .addColor, .updateColor: "saving a colour"
        case .deleteColor: "deleting a colour"
        case .setValue: "saving app state"
        case .value: "reading app state"
        }
    }

    /// Whether the request changes the store.
    public var writes: Bool {
        switch self {
        case .addSession, .deleteSession, .addColor, .updateColor, .deleteColor, .setValue: true
        default: false
        }
    }

    /// The request as a message body.
    public var encoded: StoreWire.Writer {
        var out = StoreWire.Writer()
        switch self {
        case .coffees: out.byte(1)
        case .coffee(let id): out.byte(2); out.integer(id)
        case .sessionCount: out.byte(3)
        case .sessions(let offset, let limit): out.byte(4); out.integer(offset); out.integer(limit)
        case .session(let id): out.byte(5); out.integer(id)
        case .addSession(let coffeeID, let temperatureF, let milliseconds):
            out.byte(6); out.integer(coffeeID); out.integer(temperatureF); out.integer(milliseconds)
        case .deleteSession(let id): out.byte(7); out.integer(id)
        case .colors: out.byte(8)
        case .color(let id): out.byte(9); out.integer(id)
        case .addColor(let name, let red, let green, let blue):
            out.byte(10); out.text(name); out.number(red); out.number(green); out.number(blue)
        case .updateColor(let color): out.byte(11); out.color(color)
        case .deleteColor(let id): out.byte(12); out.integer(id)
        case .setValue(let data, let key): out.byte(13); out.text(key); out.optional(data) { $0.data($1) }
        case .value(let key): out.byte(14); out.text(key)
        }
        return out
    }

    /// Reads a request from a message body.
    public init(decoding bytes: [UInt8]) throws(StoreWire.Malformed) {
        var input = StoreWire.Reader(bytes)
        switch try input.byte() {
        case 1: self = .coffees
        case 2: self = .coffee(id: try input.integer())
        case 3: self = .sessionCount
        case 4: self = .sessions(offset: try input.int(), limit: try input.int())
        case 5: self = .session(id: try input.integer())
        case 6: self = .addSession(coffeeID: try input.integer(), temperatureF: try input.int(), brewedAtMilliseconds: try input.integer())
        case 7: self = .deleteSession(id: try input.integer())
        case 8: self = .colors
        case 9: self = .color(id: try input.integer())
        case 10: self = .addColor(name: try input.text(), red: try input.number(), green: try input.number(), blue: try input.number())
        case 11: self = .updateColor(try input.color())
        case 12: self = .deleteColor(id: try input.integer())
        case 13:
            let key = try input.text()
            self = .setValue(try input.optional { (input: inout StoreWire.Reader) throws(StoreWire.Malformed) in try input.data() }, key: key)
        case 14: self = .value(key: try input.text())
        case let other: throw StoreWire.Malformed("unknown request \(other)")
        }
        try input.finish()
    }
}

/// The server's answer to one `StoreRequest`: the value asked for, or the error to show.
public enum StoreReply: Equatable, Sendable {
    case coffees([Coffee])
    case coffee(Coffee?)
    case count(Int)
    case rows([BrewSessionRow])
    case row(BrewSessionRow?)
    case session(BrewSession)
    case done(Bool)
    case colors([PaletteColor])
    case color(PaletteColor?)
    case saved
    case value(Data?)
    case failure(StoreError)

    public var encoded: StoreWire.Writer {
        var out = StoreWire.Writer()
        switch self {
        case .coffees(let coffees): out.byte(1); out.length(coffees.count); coffees.forEach { out.coffee($0) }
        case .coffee(let coffee): out.byte(2); out.optional(coffee) { $0.coffee($1) }
        case .count(let count): out.byte(3); out.integer(count)
        case .rows(let rows): out.byte(4); out.length(rows.count); rows.forEach { out.row($0) }
        case .row(let row): out.byte(5); out.optional(row) { $0.row($1) }
        case .session(let session):
            out.byte(6); out.integer(session.id); out.integer(session.coffeeID); out.integer(session.temperatureF)
            out.date(session.brewedAt)
        case .done(let done): out.byte(7); out.byte(done ? 1 : 0)
        case .colors(let colors): out.byte(8); out.length(colors.count); colors.forEach { out.color($0) }
        case .color(let color): out.byte(9); out.optional(color) { $0.color($1) }
        case .saved: out.byte(10)
        case .value(let data): out.byte(11); out.optional(data) { $0.data($1) }
        case .failure(let error): out.byte(12); out.error(error)
        }
        return out
    }

    public init(decoding bytes: [UInt8]) throws(StoreWire.Malformed) {
        var input = StoreWire.Reader(bytes)
        switch try input.byte() {
        case 1: self = .coffees(try input.list { (input: inout StoreWire.Reader) throws(StoreWire.Malformed) in try input.coffee() })
        case 2: self = .coffee(try input.optional { (input: inout StoreWire.Reader) throws(StoreWire.Malformed) in try input.coffee() })
        case 3: self = .count(try input.int())
        case 4: self = .rows(try input.list { (input: inout StoreWire.Reader) throws(StoreWire.Malformed) in try input.row() })
        case 5: self = .row(try input.optional { (input: inout StoreWire.Reader) throws(StoreWire.Malformed) in try input.row() })
        case 6:
            self = .session(BrewSession(
                id: try input.integer(), coffeeID: try input.integer(), temperatureF: try input.int(), brewedAt: try input.date()))
        case 7: self = .done(try input.byte() != 0)
        case 8: self = .colors(try input.list { (input: inout StoreWire.Reader) throws(StoreWire.Malformed) in try input.color() })
        case 9: self = .color(try input.optional { (input: inout StoreWire.Reader) throws(StoreWire.Malformed) in try input.color() })
        case 10: self = .saved
        case 11: self = .value(try input.optional { (input: inout StoreWire.Reader) throws(StoreWire.Malformed) in try input.data() })
        case 12: self = .failure(try input.error())
        case let other: throw StoreWire.Malformed("unknown reply \(other)")
        }
        try input.finish()
    }
}

// MARK: - The demos' values on the wire

extension StoreWire.Writer {
    mutating func date(_ date: Date) { integer(StorageDate.milliseconds(date) ?? 0) }

    mutating func coffee(_ coffee: Coffee) {
        integer(coffee.id); text(coffee.name); optional(coffee.origin) { $0.text($1) }
    }

    mutating func row(_ row: BrewSessionRow) {
        integer(row.id); integer(row.coffeeID); text(row.coffeeName); integer(row.temperatureF); date(row.brewedAt)
    }

    mutating func color(_ color: PaletteColor) {
        integer(color.id); text(color.name); number(color.red); number(color.green); number(color.blue); integer(color.position)
    }

    mutating func error(_ error: StoreError) {
        switch error {
        case let .directoryUnavailable(path, reason): byte(1); text(path); text(reason)
        case let .openFailed(path, reason): byte(2); text(path); text(reason)
        case let .createdByNewerVersion(path): byte(3); text(path)
        case let .busy(path, operation): byte(4); text(path); text(operation)
        case let .databaseFailed(path, operation, reason): byte(5); text(path); text(operation); text(reason)
        case let .invalidValue(field, reason): byte(6); text(field); text(reason)
        case let .notFound(kind, id): byte(7); text(kind); integer(id)
        }
    }
}

extension StoreWire.Reader {
    mutating func date() throws(StoreWire.Malformed) -> Date {
        Date(timeIntervalSince1970: Double(try integer()) / 1000)
    }

    mutating func list<T>(_ read: (inout StoreWire.Reader) throws(StoreWire.Malformed) -> T) throws(StoreWire.Malformed) -> [T] {
        let count = try length()
        var items: [T] = []
        // Each item takes at least one byte: a count past what is left is a lie, not a reason to reserve memory.
        items.reserveCapacity(Swift.min(count, 4096))
        for _ in 0..<count { items.append(try read(&self)) }
        return items
    }

    mutating func coffee() throws(StoreWire.Malformed) -> Coffee {
        Coffee(id: try integer(), name: try text(), origin: try optional { (input: inout StoreWire.Reader) throws(StoreWire.Malformed) in try input.text() })
    }

    mutating func row() throws(StoreWire.Malformed) -> BrewSessionRow {
        BrewSessionRow(
            id: try integer(), coffeeID: try integer(), coffeeName: try text(), temperatureF: try int(), brewedAt: try date())
    }

    mutating func color() throws(StoreWire.Malformed) -> PaletteColor {
        PaletteColor(
            id: try integer(), name: try text(), red: try number(), green: try number(), blue: try number(), position: try integer())
    }

    mutating func error() throws(StoreWire.Malformed) -> StoreError {
        switch try byte() {
        case 1: return .directoryUnavailable(path: try text(), reason: try text())
        case 2: return .openFailed(path: try text(), reason: try text())
        case 3: return .createdByNewerVersion(path: try text())
        case 4: return .busy(path: try text(), operation: try text())
        case 5: return .databaseFailed(path: try text(), operation: try text(), reason: try text())
        case 6: return .invalidValue(field: try text(), reason: try text())
        case 7: return .notFound(kind: try text(), id: try integer())
        case let other: throw StoreWire.Malformed("unknown error \(other)")
        }
    }
}
