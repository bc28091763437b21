import Flow
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The shared store, as a session of `storyboard serve --store postgres://…` reaches it: each
/// call is a `StoreRequest` over a socket the server handed the session at its start, and
/// the server runs it on PostgreSQL as that session's user. The session holds no database
/// connection and no password; it cannot name another user's data.
///
/// Calls are synchronous and serialized, as `DemoStore`'s are. A reply that does not come in
/// `replyTimeout` (the server retries a write across a database restart for less than that)
/// is an error on the status line, never a silent loss.
public final class RemoteStore: Store {
    /// The environment variable that names the descriptor the server passed (`3`).
    public static let descriptorVariable = "STORYBOARD_STORE_FD"

    /// How long a call waits for the server's answer.
    public static let replyTimeout: TimeInterval = 60

    /// What errors name as the store: the server's description of it (`postgres://…`) once
    /// a reply has said, else this.
    static let shownName = "the shared store"

    private let descriptor: Locked<Int32>
    private let timeout: TimeInterval

    /// Takes ownership of `descriptor`, a connected stream socket to the server.
    public init(descriptor: Int32, replyTimeout: TimeInterval = RemoteStore.replyTimeout) {
        self.descriptor = Locked(descriptor)
        self.timeout = replyTimeout
    }

    /// The store the server passed this process, when it passed one: the descriptor named by
    /// `STORYBOARD_STORE_FD`, if it is an open socket (a variable left in a shell names
    /// nothing of the kind, and the app keeps its SQLite store).
    public static func inherited() -> RemoteStore? {
        var status = stat()
        guard let value = getenv(descriptorVariable), let descriptor = Int32(String(cString: value)), descriptor >= 3,
            fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK
        else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return RemoteStore(descriptor: descriptor)
    }

    deinit {
        let descriptor = descriptor.withLock { $0 }
        if descriptor >= 0 { close(descriptor) }
    }

    // MARK: - The calls

    public func coffees() throws(StoreError) -> [Coffee] {
        guard case .coffees(let coffees) = try call(.coffees) else { throw unexpected(.coffees) }
        return coffees
    }

    public func coffee(id: Int64) throws(StoreError) -> Coffee? {
        guard case .coffee(let coffee) = try call(.coffee(id: id)) else { throw unexpected(.coffee(id: id)) }
        return coffee
    }

    public func sessionCount() throws(StoreError) -> Int {
        guard case .count(let count) = try call(.sessionCount) else { throw unexpected(.sessionCount) }
        return count
    }

    public func sessions(offset: Int, limit: Int) throws(StoreError) -> [BrewSessionRow] {
        try Self.validatePage(offset: offset, limit: limit)
        if limit == 0 { return [] }
        let request = StoreRequest.sessions(offset: offset, limit: limit)
        guard case .rows(let rows) = try call(request) else { throw unexpected(request) }
        return rows
    }

    public func session(id: Int64) throws(StoreError) -> BrewSessionRow? {
        guard case .row(let row) = try call(.session(id: id)) else { throw unexpected(.session(id: id)) }
        return row
    }

    @discardableResult
    public func addSession(coffeeID: Int64, temperatureF: Int, brewedAt: Date) throws(StoreError) -> BrewSession {
        try Self.validateSession(temperatureF: temperatureF, brewedAt: brewedAt)
        let request = StoreRequest.addSession(
            coffeeID: coffeeID, temperatureF: temperatureF, brewedAtMilliseconds: StorageDate.milliseconds(brewedAt) ?? 0)
        guard case .session(let session) = try call(request) else { throw unexpected(request) }
        return session
    }

    @discardableResult
    public func deleteSession(id: Int64) throws(StoreError) -> Bool {
        guard case .done(let done) = try call(.deleteSession(id: id)) else { throw unexpected(.deleteSession(id: id)) }
        return done
    }

    public func colors() throws(StoreError) -> [PaletteColor] {
        guard case .colors(let colors) = try call(.colors) else { throw unexpected(.colors) }
        return colors
    }

    public func color(id: Int64) throws(StoreError) -> PaletteColor? {
        guard case .color(let color) = try call(.color(id: id)) else { throw unexpected(.color(id: id)) }
        return color
    }

    @discardableResult
    public func addColor(name: String, red: Double, green: Double, blue: Double) throws(StoreError) -> PaletteColor {
        try DemoStore.validateComponents(red: red, green: green, blue: blue)
        let request = StoreRequest.addColor(name: name, red: red, green: green, blue: blue)
        guard case .color(let color?) = try call(request) else { throw unexpected(request) }
        return color
    }

    public func updateColor(_ color: PaletteColor) throws(StoreError) {
        try DemoStore.validateComponents(red: color.red, green: color.green, blue: color.blue)
        guard case .saved = try call(.updateColor(color)) else { throw unexpected(.updateColor(color)) }
    }

    @discardableResult
    public func deleteColor(id: Int64) throws(StoreError) -> Bool {
        guard case .done(let done) = try call(.deleteColor(id: id)) else { throw unexpected(.deleteColor(id: id)) }
        return done
    }

    public func setValue(_ data: Data?, forKey key: String) throws(StoreError) {
        let request = StoreRequest.setValue(data, key: key)
        guard case .saved = try call(request) else { throw unexpected(request) }
    }

    public func value(forKey key: String) throws(StoreError) -> Data? {
        guard case .value(let data) = try call(.value(key: key)) else { throw unexpected(.value(key: key)) }
        return data
    }

    // MARK: - The exchange

    /// Sends `request` and waits for its reply; a failure the server reports is thrown as it
    /// was made, a broken connection as a `databaseFailed` naming the operation.
    func call(_ request: StoreRequest) throws(StoreError) -> StoreReply {
        let operation = request.operation
        let deadline = Date().addingTimeInterval(timeout)
        let outcome: Result<StoreReply, StoreError> = descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return .failure(Self.failure(operation, "the connection to the server is closed")) }
            do throws(StoreWire.Malformed) {
                try Self.send(request.encoded.frame, to: descriptor, until: deadline)
                let reply = try StoreReply(decoding: Self.receiveFrame(from: descriptor, until: deadline))
                if case .failure(let error) = reply { return .failure(error) }
                return .success(reply)
            } catch {
                // A half-read or half-written frame leaves the stream out of step: no later call may use it.
                close(descriptor)
                descriptor = -1
                return .failure(Self.failure(operation, error.description))
            }
        }
        return try outcome.get()
    }

    private func unexpected(_ request: StoreRequest) -> StoreError {
        Self.failure(request.operation, "the server answered with something else")
    }

    static func failure(_ operation: String, _ reason: String) -> StoreError {
        .databaseFailed(path: shownName, operation: operation, reason: reason)
    }

    private static func send(_ bytes: [UInt8], to descriptor: Int32, until deadline: Date) throws(StoreWire.Malformed) {
        var offset = 0
        while offset < bytes.count {
            try wait(for: Int16(POLLOUT), on: descriptor, until: deadline)
            let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw StoreWire.Malformed("cannot reach the server: " + String(cString: strerror(errno)))
            }
            offset += sent
        }
    }

    private static func receiveFrame(from descriptor: Int32, until deadline: Date) throws(StoreWire.Malformed) -> [UInt8] {
        let header = try receive(4, from: descriptor, until: deadline)
        let length = header.reduce(0) { $0 << 8 | Int($1) }
        guard length <= StoreWire.maximumFrame else { throw StoreWire.Malformed("the server sent a frame of \(length) bytes") }
        return try receive(length, from: descriptor, until: deadline)
    }

    private static func receive(_ count: Int, from descriptor: Int32, until deadline: Date) throws(StoreWire.Malformed) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            try wait(for: Int16(POLLIN), on: descriptor, until: deadline)
            let got = bytes.withUnsafeMutableBytes { Glibc.recv(descriptor, $0.baseAddress! + offset, count - offset, 0) }
            if got < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw StoreWire.Malformed("cannot reach the server: " + String(cString: strerror(errno)))
            }
            if got == 0 { throw StoreWire.Malformed("the server closed the connection") }
            offset += got
        }
        return bytes
    }

    private static func wait(for events: Int16, on descriptor: Int32, until deadline: Date) throws(StoreWire.Malformed) {
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw StoreWire.Malformed("the server did not answer in \(Int(replyTimeout)) seconds") }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(min(left * 1000, 1000).rounded(.up)))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR {
                throw StoreWire.Malformed("cannot reach the server: " + String(cString: strerror(errno)))
            }
        }
    }
}
