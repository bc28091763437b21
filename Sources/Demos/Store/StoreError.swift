import Flow

/// Why the demo store could not do what was asked; every message names the store file or the field.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data directory could not be created or is not a directory.
    case directoryUnavailable(path: String, reason: String)
    /// The database file could not be opened or upgraded.
    case openFailed(path: String, reason: String)
    /// The file was written by a newer version of the program, whose changes this version does not know.
    case createdByNewerVersion(path: String)
    /// Another process kept the store locked for longer than the busy timeout.
    case busy(path: String, operation: String)
    /// SQLite reported an error while the store was in use.
    case databaseFailed(path: String, operation: String, reason: String)
    /// A value handed to the store is outside what it accepts.
    case invalidValue(field: String, reason: String)
    /// A record the caller referred to does not exist (any more).
    case notFound(kind: String, id: Int64)

    /// A one-line message fit for a status bar; control characters (from paths or SQLite's
    /// text) are shown escaped, never sent raw.
    public var description: String {
        Self.visible(rawDescription)
    }

    private var rawDescription: String {
        switch self {
        case let .directoryUnavailable(path, reason):
            return "\(path): cannot use this data directory: \(reason)"
        case let .openFailed(path, reason):
            return "\(path): cannot open the store: \(reason)"
        case let .createdByNewerVersion(path):
            return "\(path): this store was written by a newer version of storyboard; "
                + "update the program or choose another data directory"
        case let .busy(path, operation):
            return "\(path): \(operation) gave up: another storyboard process kept the store busy"
        case let .databaseFailed(path, operation, reason):
            return "\(path): \(operation) failed: \(reason)"
        case let .invalidValue(field, reason):
            return "\(field): \(reason)"
        case let .notFound(kind, id):
            return "no \(kind) with id \(id) (it may have been deleted by another window)"
        }
    }

    /// Spells out terminal controls and invisible direction marks as `\\u{…}`, as
    /// diagnostics about storyboard files do.
    static func visible(_ text: String) -> String {
        DiagnosticText.escaped(text)
    }
}
