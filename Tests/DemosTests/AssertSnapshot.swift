import Testing
import TestSupport

/// Compares a screen with the snapshot `Snapshots/NAME.EXTENSION` beside the calling test
/// file (see `snapshotMismatch`) and records any difference where the test asked.
func assertSnapshot(
    _ screen: String, named name: String, extension fileExtension: String = "txt",
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    if let problem = snapshotMismatch(screen, named: name, extension: fileExtension, filePath: filePath) {
        Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
}

/// Fails unless `lines` (a screen as drawn) equal `expected` cell for cell, naming the first
/// cell that differs (see `screenMismatch`).
func assertScreen(_ lines: [String], equals expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    if let problem = screenMismatch(lines, expected) { Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation) }
}
