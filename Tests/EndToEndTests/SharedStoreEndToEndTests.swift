import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `storyboard serve --store`: two servers on one throwaway PostgreSQL, one key; what the
    /// key adds through one server is there through the other.
    @Suite(.enabled(if: ServeProcess.isAvailable, "the OpenSSH client is not installed (apt-get install openssh-client)"))
    struct SharedStoreEndToEndTests {
        @Test func aBrewAddedThroughOneServerIsReadThroughAnother() throws {
            let cluster = try PostgresCluster.shared.get()
            let database = try cluster.makeDatabase()
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-pgpass-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let passwordFile = folder.appendingPathComponent("pgpass")
            try "127.0.0.1:\(cluster.port):\(database):\(cluster.user):\(cluster.password)\n".write(
                to: passwordFile, atomically: true, encoding: .utf8)
            chmod(passwordFile.path, 0o600)
            let store = ["--store", cluster.url(database: database)]
            let environment = ["PGPASSFILE": passwordFile.path]
            let first = try ServeProcess(arguments: store, environment: environment)
            let second = try ServeProcess(arguments: store + ["--authorized-keys", first.authorizedKeys.path], useAuthorizedKeys: false, environment: environment)
            #expect(first.log.contains("store=postgres://\(cluster.user)@127.0.0.1:\(cluster.port)/\(database)"), "\(first.log)")
            #expect(!first.log.contains(cluster.password))

            let line = first.sshCommandLine(key: first.listedKey, extra: ["-t"], command: ["dailybuzz"])
            let tmux = try Tmux(command: ServeEndToEndTests.keepingThePane(line), width: 80, height: 24)
            try tmux.waitForScreen(DailyBuzzEndToEndTests.list, masking: Tmux.dateAndTime)
            try tmux.send("+")
            try tmux.waitForScreen(DailyBuzzEndToEndTests.form)
            try tmux.type("209")
            try tmux.send("Down")
            try tmux.send("Enter")
            try tmux.waitForScreen(DailyBuzzEndToEndTests.coffees)
            try tmux.send("Down", "Down", "Down", "Down", "Enter")
            try tmux.waitForScreen(DailyBuzzEndToEndTests.formWithKenya(at: "209"), masking: Tmux.dateAndTime)
            try tmux.send("C-s")
            // The new session at the top.
            let added = DailyBuzzEndToEndTests.listWithKenya(at: "209 °F (98 °C)")
            try tmux.waitForScreen(added, masking: Tmux.dateAndTime)
            try tmux.send("q")
            try tmux.waitFor(text: "ssh-exit-0")

            let elsewhere = second.sshCommandLine(key: first.listedKey, extra: ["-t"], command: ["dailybuzz"])
            let again = try Tmux(command: ServeEndToEndTests.keepingThePane(elsewhere), width: 80, height: 24)
            // The same list through the other server.
            try again.waitForScreen(added, masking: Tmux.dateAndTime)
            try again.send("q")
            try again.waitFor(text: "ssh-exit-0")
            // Neither server wrote an SQLite store for the key.
            for server in [first, second] {
                let users = server.dataDirectory.appendingPathComponent("users")
                let stores = (FileManager.default.enumerator(atPath: users.path)?.allObjects as? [String] ?? [])
                    .filter { $0.hasSuffix("storyboard.sqlite") }
                #expect(stores.isEmpty, "\(stores)")
            }
        }

        @Test func anUnreachableDatabaseStopsTheServerAtStartWithExitTwo() throws {
            let binary = try BuiltProduct.url(named: "storyboard").path
            let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("storyboard-nodb-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: data) }
            let keys = data.appendingPathComponent("authorized_keys").path
            FileManager.default.createFile(atPath: keys, contents: Data())
            let run = try Tmux.run(
                [binary, "serve", "--authorized-keys", keys, "--listen", "127.0.0.1:0", "--data-dir", data.path,
                 "--store", "postgres://nobody@127.0.0.1:1/storyboard?sslmode=disable"],
                environment: ["PATH": "/usr/bin:/bin", "HOME": data.path, "PGPASSWORD": "hunter2"])
            #expect(run.status == 2)
            #expect(run.output.contains("postgres://nobody@127.0.0.1:1/storyboard: cannot reach the database"), "\(run.output)")
            #expect(!run.output.contains("hunter2") && !run.output.contains(" listening"), "\(run.output)")

            let bad = try Tmux.run(
                [binary, "serve", "--authorized-keys", keys, "--listen", "127.0.0.1:0", "--data-dir", data.path,
                 "--store", "postgres://nobody:hunter2@127.0.0.1/storyboard"],
                environment: ["PATH": "/usr/bin:/bin", "HOME": data.path])
            #expect(bad.status == 2)
            #expect(bad.output.contains("holds a password; give it in PGPASSWORD or ~/.pgpass"), "\(bad.output)")
            #expect(!bad.output.contains("hunter2"), "\(bad.output)")

            let anonymous = try Tmux.run(
                [binary, "serve", "--open", "--listen", "127.0.0.1:0", "--data-dir", data.path,
                 "--store", "postgres://nobody@127.0.0.1:1/storyboard"],
                environment: ["PATH": "/usr/bin:/bin", "HOME": data.path])
            #expect(anonymous.status == 2)
            #expect(anonymous.output.contains("--open sessions are anonymous and keep nothing, so --store would not be used"), "\(anonymous.output)")
        }
    }
}
