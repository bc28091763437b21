import Foundation

/// Where the shared store is: `--store postgres://USER@HOST:PORT/DB?sslmode=MODE`, read as
/// libpq reads such a URL (`postgresql://` too; the port defaults to 5432, the user to the
/// login name, the database to the user's name). A password is never taken from the URL, which
/// would put it on the command line and in `ps`: it comes from `PGPASSWORD` or the password
/// file (`PasswordFile`).
public struct PostgresLocation: Equatable, Sendable, CustomStringConvertible {
    /// How the connection is encrypted, as libpq's `sslmode` names it.
    public enum TLSMode: String, Sendable, CaseIterable {
        /// Never.
        case disable
        /// When the server offers it, without checking its certificate (libpq's default).
        case prefer
        /// Always, without checking the certificate (libpq's `require`, also `allow` here).
        case require
        /// Always, the certificate checked against the system's authorities and the host name.
        case verifyFull = "verify-full"
    }

    public var user: String
    public var host: String
    public var port: Int
    public var database: String
    public var tls: TLSMode

    /// The location, never a password: what logs and errors name.
    public var description: String {
        "postgres://\(user)@\(host.contains(":") ? "[\(host)]" : host):\(port)/\(database)"
    }

    /// Reads `text`; `loginName` is the user when the URL names none.
    public init(parsing text: String, loginName: String) throws(SharedStoreError) {
        func refuse(_ reason: String) -> SharedStoreError {
            .badURL(reason: reason)
        }
        var rest = Substring(text)
        var scheme = ""
        for prefix in ["postgres://", "postgresql://"] where rest.lowercased().hasPrefix(prefix) {
            scheme = prefix
            rest = rest.dropFirst(prefix.count)
        }
        guard !scheme.isEmpty else {
            throw refuse("--store takes postgres://USER@HOST:PORT/DATABASE (SQLite in the data directory is the default without it)")
        }
        var query = Substring("")
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path = Substring("")
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        var userPart: Substring?
        if let at = rest.lastIndex(of: "@") {
            userPart = rest[..<at]
            rest = rest[rest.index(after: at)...]
        }
        if let userPart, userPart.contains(":") {
            throw refuse("the URL holds a password; give it in PGPASSWORD or ~/.pgpass instead, where ps and the logs cannot see it")
        }
        var hostPart = rest
        var portPart: Substring?
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { throw refuse("an IPv6 host needs its closing ]") }
            let after = hostPart[hostPart.index(after: close)...]
            if after.hasPrefix(":") { portPart = after.dropFirst() } else if !after.isEmpty { throw refuse("unexpected text after the host") }
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
        } else if let colon = hostPart.lastIndex(of: ":") {
            portPart = hostPart[hostPart.index(after: colon)...]
            hostPart = hostPart[..<colon]
        }
        let decodedUser = try userPart.map { (part: Substring) throws(SharedStoreError) -> String in
            guard let user = String(part).removingPercentEncoding, !user.isEmpty else { throw refuse("the user name is not valid") }
            return user
        }
        user = decodedUser ?? loginName
        guard !hostPart.isEmpty else { throw refuse("the URL names no host (postgres://USER@HOST:PORT/DATABASE)") }
        host = String(hostPart)
        if let portPart {
            guard let port = Int(portPart), (1...65535).contains(port) else {
                throw refuse("the port must be a number from 1 to 65535")
            }
            self.port = port
        } else {
            port = 5432
        }
        guard let name = String(path).removingPercentEncoding, !name.contains("/") else {
            throw refuse("the database name is not valid")
        }
        database = name.isEmpty ? user : name
        tls = .prefer
        for item in query.split(separator: "&") where !item.isEmpty {
            let pair = item.split(separator: "=", maxSplits: 1)
            let key = String(pair[0])
            let value = pair.count > 1 ? String(pair[1]) : ""
            switch key {
            case "sslmode":
                switch value {
                case "disable": tls = .disable
                case "allow", "prefer": tls = .prefer
                case "require": tls = .require
                case "verify-full": tls = .verifyFull
                case "verify-ca":
                    throw refuse("sslmode=verify-ca is not supported: use verify-full (the certificate and the host name are checked)")
                default:
                    throw refuse("sslmode takes disable, prefer, require or verify-full; not \"\(value)\"")
                }
            case "password":
                throw refuse("the URL holds a password; give it in PGPASSWORD or ~/.pgpass instead, where ps and the logs cannot see it")
            default:
                throw refuse("unknown URL parameter \"\(key)\" (only sslmode is read)")
            }
        }
    }
}
