import Foundation
import PostgresStore
import Testing

@Suite("--store's URL and password, as libpq reads them")
struct PostgresLocationTests {
    @Test func aFullURLIsReadPartByPart() throws {
        let location = try PostgresLocation(parsing: "postgres://app@db.example.org:6543/brews?sslmode=verify-full", loginName: "me")
        #expect(location == PostgresLocation.fields(user: "app", host: "db.example.org", port: 6543, database: "brews", tls: .verifyFull))
        #expect(location.description == "postgres://app@db.example.org:6543/brews")
    }

    @Test func missingPartsTakeLibpqsDefaults() throws {
        let location = try PostgresLocation(parsing: "postgresql://db", loginName: "me")
        #expect(location == PostgresLocation.fields(user: "me", host: "db", port: 5432, database: "me", tls: .prefer))
        let v6 = try PostgresLocation(parsing: "postgres://a%40b@[::1]:5433/x%20y", loginName: "me")
        #expect(v6 == PostgresLocation.fields(user: "a@b", host: "::1", port: 5433, database: "x y", tls: .prefer))
        #expect(v6.description == "postgres://a@b@[::1]:5433/x y")
    }

    @Test(arguments: [
        ("postgres://app:secret@db/brews", "holds a password"),
        ("postgres://app@db/brews?password=secret", "holds a password"),
        ("mysql://app@db/brews", "postgres://USER@HOST:PORT/DATABASE"),
        ("postgres://app@/brews", "names no host"),
        ("postgres://app@db:99999/brews", "port must be a number"),
        ("postgres://app@db/brews?sslmode=sometimes", "sslmode takes disable, prefer, require or verify-full"),
        ("postgres://app@db/brews?sslmode=verify-ca", "verify-ca is not supported"),
        ("postgres://app@db/brews?pool=9", "unknown URL parameter \"pool\""),
    ])
    func aBadURLIsRefusedSayingWhy(url: String, reason: String) {
        #expect {
            _ = try PostgresLocation(parsing: url, loginName: "me")
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("--store: ") && text.contains(reason) && !text.contains("secret")
        }
    }

    @Test func pgpasswordComesFirstThenTheFirstMatchingLineOfThePasswordFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pgpass")
        try """
            # comment
            other:5432:brews:app:wrong-host
            db.example.org:*:brews:app:first\\:match
            *:*:*:*:later
            """.write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o600)
        let location = try PostgresLocation(parsing: "postgres://app@db.example.org/brews", loginName: "me")
        #expect(PasswordFile.password(for: location, environment: ["PGPASSFILE": file.path]).password == "first:match")
        #expect(PasswordFile.password(for: location, environment: ["PGPASSFILE": file.path, "PGPASSWORD": "env"]).password == "env")
        let elsewhere = try PostgresLocation(parsing: "postgres://x@y/z", loginName: "me")
        #expect(PasswordFile.password(for: elsewhere, environment: ["PGPASSFILE": file.path]).password == "later")
        // ~/.pgpass when PGPASSFILE is not set.
        try FileManager.default.copyItem(at: file, to: folder.appendingPathComponent(".pgpass"))
        chmod(folder.appendingPathComponent(".pgpass").path, 0o600)
        #expect(PasswordFile.password(for: location, environment: ["HOME": folder.path]).password == "first:match")
    }

    @Test func aPasswordFileOthersMayReadIsIgnoredWithAWarning() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("pgpass")
        try "*:*:*:*:secret\n".write(to: file, atomically: true, encoding: .utf8)
        chmod(file.path, 0o644)
        let location = try PostgresLocation(parsing: "postgres://app@db/brews", loginName: "me")
        let lookup = PasswordFile.password(for: location, environment: ["PGPASSFILE": file.path])
        #expect(lookup.password == nil)
        #expect(lookup.warning == "password file \"\(file.path)\" has group or world access; permissions should be u=rw (0600) or less")
    }

    private func temporaryFolder() throws -> URL {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-pgpass-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

extension PostgresLocation {
    /// A location of these fields, for comparing.
    static func fields(user: String, host: String, port: Int, database: String, tls: TLSMode) -> PostgresLocation {
        // The parser is the only initializer: build the URL it reads.
        var location = try! PostgresLocation(parsing: "postgres://u@h/d", loginName: "u")
        location.user = user
        location.host = host
        location.port = port
        location.database = database
        location.tls = tls
        return location
    }
}
