import Foundation
import Testing

/// Compares a screen with the snapshot `Snapshots/NAME.EXTENSION`. Set `UPDATE_SNAPSHOTS=1`
/// to write the files anew; a missing snapshot is recorded and fails.
///
/// ANSI snapshots keep their escape codes as they are, so `cat` shows them in colour; a
/// failure prints them as ␛ so the report doesn't restyle the terminal it is read in.
public func assertSnapshot(
    _ screen: String, named name: String, extension fileExtension: String = "txt",
    filePath: String = #filePath, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    let file = folder.appendingPathComponent(name + "." + fileExtension)
    let update = ProcessInfo.processInfo.environment["UPDATE_SNAPSHOTS"] == "1"
    guard !update, let recorded = try? String(contentsOf: file, encoding: .utf8) else {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? screen.write(to: file, atomically: true, encoding: .utf8)
        if !update {
            Issue.record("no snapshot \(name) yet; recorded it, check it and run again", sourceLocation: sourceLocation)
        }
        return
    }
    guard recorded != screen else { return }
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
    Issue.record(Comment(rawValue: detail), sourceLocation: sourceLocation)
}
