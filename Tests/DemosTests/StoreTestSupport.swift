import Foundation
import Testing
@testable import Demos

/// A fresh directory under the system temp dir, removed when the value goes away.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        url = base.appendingPathComponent("storyboard-store-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside this directory that does not exist yet.
    func child(_ name: String) -> URL {
        url.appendingPathComponent(name, isDirectory: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Permission bits of a file or directory.
func posixMode(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    let mode = try #require(attributes[.posixPermissions] as? NSNumber)
    return mode.intValue & 0o7777
}


struct PollTimedOut: Error, CustomStringConvertible {
    let description = "the condition did not hold before the deadline"
}

/// Checks `condition` every millisecond until it holds; throws after `timeout` seconds.
func poll(until condition: () -> Bool, timeout: TimeInterval = 30) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { throw PollTimedOut() }
        usleep(1_000)
    }
}

/// What a background save did, read from the test's thread.
final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var hasStarted = false
    private var saved: Result<BrewSession, StoreError>?

    var started: Bool { lock.withLock { hasStarted } }
    var result: Result<BrewSession, StoreError>? { lock.withLock { saved } }

    func set(started: Bool) { lock.withLock { hasStarted = started } }
    func set(result: Result<BrewSession, StoreError>) { lock.withLock { saved = result } }
}
