import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Repeated timings of one operation, with the statistics the report quotes.
struct Samples {
    var durations: [Duration] = []

    mutating func add(_ duration: Duration) { durations.append(duration) }

    private var sortedSeconds: [Double] { durations.map(\.seconds).sorted() }

    /// The middle value (the mean of the two middle values for an even count).
    var median: Double {
        let values = sortedSeconds
        guard !values.isEmpty else { return .nan }
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }

    /// The value 95 % of the samples are at or below (nearest rank).
    var p95: Double {
        let values = sortedSeconds
        guard !values.isEmpty else { return .nan }
        let rank = Int((0.95 * Double(values.count)).rounded(.up))
        return values[max(0, min(values.count - 1, rank - 1))]
    }

    var minimum: Double { sortedSeconds.first ?? .nan }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) * 1e-18
    }
}

/// Times `body` once on the continuous clock.
func time(_ body: () throws -> Void) rethrows -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    return clock.now - start
}

/// Formats seconds in the unit that reads best.
func formatted(_ seconds: Double) -> String {
    if seconds < 1e-3 { return String(format: "%.2f µs", seconds * 1e6) }
    if seconds < 1 { return String(format: "%.2f ms", seconds * 1e3) }
    return String(format: "%.3f s", seconds)
}

/// A value from /proc/self/status in bytes (`VmHWM`, `VmRSS`), or nil off Linux.
func procStatus(_ field: String) -> Int? {
    // /proc files report a size of 0, so read them with read(2) until the end.
    let descriptor = open("/proc/self/status", O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = read(descriptor, &chunk, chunk.count)
        if count <= 0 { break }
        bytes += chunk[0..<count]
    }
    let text = String(decoding: bytes, as: UTF8.self)
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        let number = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
        return number.map { $0 * 1024 }
    }
    return nil
}

/// Writes one result line: `name<TAB>value<TAB>unit`, the format `run.sh` collects, and a
/// readable line on standard error.
func report(_ name: String, _ value: Double, _ unit: String, _ note: String = "") {
    print("\(name)\t\(value)\t\(unit)")
    var text = "\(name): \(value) \(unit)"
    if !note.isEmpty { text += "  (\(note))" }
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data(("flow-bench: " + message + "\n").utf8))
    exit(1)
}
