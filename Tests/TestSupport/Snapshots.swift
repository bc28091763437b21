import Foundation

/// Compares a screen with the snapshot `Snapshots/NAME.EXTENSION` beside `filePath`; nil when
/// they match, else what differs (each test target's `assertSnapshot` records it as an
/// issue). Set `UPDATE_SNAPSHOTS=1` to write the files anew; a missing snapshot is recorded
/// and fails.
///
/// ANSI snapshots keep their escape codes as they are, so `cat` shows them in colour; a
/// failure prints them as ␛ so the report doesn't restyle the terminal it is read in.
///
/// Not a Testing assertion itself: this target is built by every `swift build`, and the
/// Testing module is not there in a static build.
public func snapshotMismatch(
    _ screen: String, named name: String, extension fileExtension: String = "txt", filePath: String
) -> String? {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = folder.appendingPathComponent(name + "." + fileExtension)
    let update = ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1"
    guard !update, let recorded = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? screen.write(to: file, atomically: true, encoding: .utf8)
        return update ? nil : "no snapshot \(name) yet; recorded it, check it and run again"
    }
    guard recorded != screen else { return nil }
    func visible(_ text: String) -> String { text.replacingOccurrences(of: "\u{1B}", with: "␛") }
    let expected = recorded.components(separatedBy: "\n")
    let actual = screen.components(separatedBy: "\n")
    var detail = "screen differs from snapshot \(name)"
    for row in 0..<max(expected.count, actual.count) {
        let want = row < expected.count ? expected[row] : "<none>"
        let got = row < actual.count ? actual[row] : "<none>"
        if want != got {
            let column = zip(want, got).prefix { $0 == $1 }.count
            detail += " (first difference at row \(row), character \(column))\nexpected: |\(visible(want))|\n  actual: |\(visible(got))|"
            break
        }
    }
    return detail
}
