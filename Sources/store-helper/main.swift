// A child process for the store's multi-process tests: it opens a store the way the app does
// and reports each commit on stdout, so a test can kill it at any moment and check what was
// acknowledged.
import Demos
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

let usage = """
    usage: store-helper add-sessions DIR N [--wait]
                                             add N sessions one by one, printing "ack <id>" after each commit;
                                             with --wait, print "ready" once open and start on a line from stdin
           store-helper open DIR             open (create, upgrade, seed) the store and print "opened"
           store-helper count DIR            print the number of brew sessions
           store-helper bench DIR N          time adding N generated sessions and reading pages across them
           store-helper check DIR            print the rows of PRAGMA integrity_check ("ok" for a sound file)
           store-helper sessions DIR         print "<id> <temperature °F>" for every brew session, newest first
           store-helper colors DIR           print the palette's names in order, escaped as with `escaped`
           store-helper add-color DIR NAME   append a colour named NAME (any text, controls included)
    """

func fail(_ message: String) -> Never {
    _ = writeLine("store-helper: " + message, to: STDERR_FILENO)
    exit(1)
}

/// Writes a line and flushes at once: the test reads acknowledgements as they happen.
func say(_ line: String) {
    guard writeLine(line, to: STDOUT_FILENO) else { fail("cannot write to stdout") }
}

/// Writes `line` and a newline with write(2), unbuffered; false if the descriptor refused it.
func writeLine(_ line: String, to descriptor: Int32) -> Bool {
    let bytes = Array((line + "\n").utf8)
    var written = 0
    while written < bytes.count {
        let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if result < 0 {
            if errno == EINTR { continue }
            return false
        }
        written += result
    }
    return true
}

/// Printable ASCII as itself, a backslash doubled, anything else as `\u{HEX}`: names can hold
/// controls, and a test reading this output must see exactly which.
func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        switch scalar.value {
        case 0x5C: result += "\\\\"
        case 0x20..<0x7F: result.unicodeScalars.append(scalar)
        default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
    return result
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first, arguments.count >= 2 else { fail(usage) }
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)

do {
    switch command {
    case "open":
        _ = try DemoStore.open(dataDirectory: directory)
        say("opened")
    case "count":
        let store = try DemoStore.open(dataDirectory: directory)
        say(String(try store.sessionCount()))
    case "add-sessions":
        let waits = arguments.count == 4 && arguments[3] == "--wait"
        guard arguments.count == 3 || waits, let count = Int(arguments[2]), count >= 0 else { fail(usage) }
        let store = try DemoStore.open(dataDirectory: directory)
        guard let coffee = try store.coffees().first else { fail("the store has no coffees") }
        if waits {
            // Lets a test line several writers up so that their transactions really overlap.
            say("ready")
            guard readLine() != nil else { fail("stdin closed before the start signal") }
        }
        for index in 0..<count {
            let session = try store.addSession(
                coffeeID: coffee.id, temperatureF: 190 + index % 21, brewedAt: Date())
            say("ack \(session.id)")
        }
    case "check":
        let store = try DemoStore.open(dataDirectory: directory)
        for line in try store.integrityCheck() { say(line) }
    case "sessions":
        let store = try DemoStore.open(dataDirectory: directory)
        for session in try store.sessions(offset: 0, limit: try store.sessionCount()) {
            say("\(session.id) \(session.temperatureF)")
        }
    case "colors":
        let store = try DemoStore.open(dataDirectory: directory)
        for color in try store.colors() { say(escaped(color.name)) }
    case "add-color":
        guard arguments.count == 3 else { fail(usage) }
        let store = try DemoStore.open(dataDirectory: directory)
        let color = try store.addColor(name: arguments[2], red: 0.5, green: 0.5, blue: 0.5)
        say("added \(color.id)")
    case "bench":
        guard arguments.count == 3, let count = Int(arguments[2]), count >= 0 else { fail(usage) }
        let store = try DemoStore.open(dataDirectory: directory)
        func timed<T>(_ label: String, _ body: () throws -> T) rethrows -> T {
            let clock = ContinuousClock()
            let start = clock.now
            let value = try body()
            let (seconds, attoseconds) = (clock.now - start).components
            // Tenths of a millisecond, rounded: 1 ms is 10^15 attoseconds.
            let tenths = seconds * 10_000 + (attoseconds + 50_000_000_000_000) / 100_000_000_000_000
            say("\(label): \(tenths / 10).\(tenths % 10) ms")
            return value
        }
        try timed("insert \(count) sessions") { try store.insertSampleSessions(count: count) }
        let total = try timed("count") { try store.sessionCount() }
        for offset in [0, total / 4, total / 2, total * 3 / 4, max(0, total - 40)] {
            _ = try timed("page of 40 at offset \(offset)") { try store.sessions(offset: offset, limit: 40) }
        }
    default:
        fail(usage)
    }
} catch {
    fail(String(describing: error))
}
