import Foundation

/// The password for a location, found as libpq finds it: `PGPASSWORD`, else the password
/// file (`PGPASSFILE`, else `~/.pgpass`), whose lines are `host:port:database:user:password`,
/// `*` matching anything, `\` escaping `:` and `\`, the first matching line winning. A file
/// that its group or others may read is ignored with a warning, as libpq ignores it.
public enum PasswordFile {
    /// What the lookup found, and why a file was passed over.
    public struct Lookup: Equatable, Sendable {
        public var password: String?
        /// A warning for the log (a file ignored for its mode), never holding a password.
        public var warning: String?
    }

    /// The password for `location`, from `environment` (`PGPASSWORD`, `PGPASSFILE`, `HOME`).
    public static func password(for location: PostgresLocation, environment: [String: String]) -> Lookup {
        if let password = environment["PGPASSWORD"], !password.isEmpty {
            return Lookup(password: password)
        }
        let path: String
        if let file = environment["PGPASSFILE"], !file.isEmpty {
            path = file
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            path = home + "/.pgpass"
        } else {
            return Lookup()
        }
        var status = stat()
        guard stat(path, &status) == 0 else { return Lookup() }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            return Lookup(warning: "password file \"\(path)\" is not a plain file")
        }
        if status.st_mode & (S_IRWXG | S_IRWXO) != 0 {
            return Lookup(warning: "password file \"\(path)\" has group or world access; permissions should be u=rw (0600) or less")
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return Lookup() }
        return Lookup(password: match(in: text, location: location))
    }

    /// The password of the first line of `text` that matches `location`.
    static func match(in text: String, location: PostgresLocation) -> String? {
        let wanted = [location.host, String(location.port), location.database, location.user]
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            if line.hasPrefix("#") { continue }
            let fields = split(line)
            guard fields.count == 5 else { continue }
            let matches = zip(fields.prefix(4), wanted).allSatisfy { field, value in
                field == "*" || field == value
            }
            if matches { return fields[4] }
        }
        return nil
    }

    /// The fields of one line: split at unescaped colons, escapes removed.
    static func split(_ line: Substring) -> [String] {
        var fields: [String] = []
        var field = ""
        var escaped = false
        for character in line {
            if escaped {
                field.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 4 {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}
