import Flow

/// Why the shared store cannot be used: each message names the URL (never a password) or
/// the option, and says what to do.
public enum SharedStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--store`'s value is not a URL this program reads.
    case badURL(reason: String)
    /// The server could not be reached or refused the connection.
    case unreachable(location: String, reason: String)
    /// The server refused the user or its password.
    case authentication(location: String, reason: String)
    /// The database holds tables, none of them this program's.
    case foreignDatabase(location: String, tables: [String])
    /// The database records schema steps this program does not know.
    case newerSchema(location: String, steps: [String])
    /// A statement failed at start-up (migration, import).
    case failed(location: String, operation: String, reason: String)
    /// `--import`'s folder has nothing to import or cannot be read.
    case importSource(path: String, reason: String)

    public var description: String {
        let text: String
        switch self {
        case .badURL(let reason):
            text = "--store: \(reason)"
        case let .unreachable(location, reason):
            text = "\(location): cannot reach the database: \(reason)"
        case let .authentication(location, reason):
            text = "\(location): the database refused the login: \(reason) (the password comes from PGPASSWORD or ~/.pgpass)"
        case let .foreignDatabase(location, tables):
            let shown = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
            text = "\(location): this database holds another program's tables (\(shown)) and none of storyboard's; "
                + "give storyboard a database of its own (createdb storyboard)"
        case let .newerSchema(location, steps):
            text = "\(location): the store was upgraded by a newer version of storyboard (steps it does not know: "
                + steps.joined(separator: ", ") + "); update this program"
        case let .failed(location, operation, reason):
            text = "\(location): \(operation) failed: \(reason)"
        case let .importSource(path, reason):
            text = "--import \(path): \(reason)"
        }
        return DiagnosticText.escaped(text)
    }
}
