import ArgumentParser
import BundledStoryboards
import CommandSupport
import Demos
import Flow
import Foundation
import Glibc
import Logging
import PostgresStore
import Serve

/// `storyboard serve`: the storyboards over SSH, for anyone with an ssh client.
///
/// A program of its own, `storyboard-server`, which `storyboard serve` starts in its place
/// (see `Sources/storyboard/Serve.swift`); sessions run the `storyboard` program.
@main
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storyboard serve",
        abstract: "Serve a storyboard (or the launcher) over SSH and to browsers: each client gets its own session.",
        discussion: """
            Clients connect with an ordinary ssh client: `ssh -t -p 2222 HOST` opens TARGET (the \
            launcher without one), `ssh -t -p 2222 HOST colorboard` opens a bundled storyboard by \
            name. Each session runs `storyboard run` in its own process on its own terminal; each \
            public key keeps its own data. Logs go to standard error. See docs/serving.md.
            """,
        version: "storyboard-server " + ProgramVersion.description)

    @Argument(help: "What every session opens: a .storyboard file, an app's folder, a folder of storyboards, or a bundled name (default: the launcher).")
    var target: String?

    @Option(
        help: ArgumentHelp(
            "Show every session in this language (de, pt-BR, base). Default: each session follows its client's LANG (sent with ssh -o SendEnv=LANG).",
            valueName: "lang"))
    var locale: String?

    @Flag(help: "Every session follows TARGET's files as they are saved, each redrawn at its own place (TARGET: a .storyboard file or an app's folder).")
    var watch = false

    @Option(help: ArgumentHelp("Address and port to listen on; 0 as the port picks a free one.", valueName: "host:port"))
    var listen = "127.0.0.1:2222"

    @Option(
        name: .customLong("authorized-keys"),
        help: ArgumentHelp("Public keys that may log in (default: ~/.ssh/authorized_keys).", valueName: "file"))
    var authorizedKeys: String?

    @Flag(help: "Let anyone in, with or without a key (for public demos); sessions are then anonymous.")
    var open = false

    @Option(
        name: .customLong("data-dir"),
        help: ArgumentHelp("The server's host key and each key's data (default: $XDG_DATA_HOME/storyboard/serve).", valueName: "dir"))
    var dataDirectory: String?

    @Option(name: .customLong("max-sessions"), help: "Sessions at once; one more is told the server is full.")
    var maxSessions = 64

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp("Seconds without input before a session is closed; 0 never.", valueName: "seconds"))
    var idleTimeout: Double = 1800

    @Option(
        name: .customLong("record-dir"),
        help: ArgumentHelp(
            "Record every session to its own asciicast file in this directory (off by default); each recorded session says so on its first screen.",
            valueName: "dir"))
    var recordDirectory: String?

    @Flag(
        name: .customLong("screen-reader"),
        help: "Run every session in the screen-reader mode. Without it, a client asks for it with ssh -o SetEnv=STORYBOARD_SCREEN_READER=1, or on the launcher.")
    var screenReader = false

    @Option(
        name: .customLong("per-address-rate"),
        help: ArgumentHelp("New connections a second from one address, once its burst is spent; 0: no limit.", valueName: "n"))
    var perAddressRate: Double = 10

    @Option(name: .customLong("per-address-burst"), help: ArgumentHelp("New connections one address may open at once.", valueName: "n"))
    var perAddressBurst = 10

    @Flag(
        name: .customLong("proxy-protocol"),
        help: "Every connection starts with a PROXY protocol header (v1 or v2, as HAProxy sends) naming the client; connections without one are closed.")
    var proxyProtocol = false

    @Option(
        help: ArgumentHelp(
            "Also serve the app to browsers on this address and port (a page with a terminal); the server prints the link.",
            valueName: "host:port"))
    var http: String?

    @Flag(name: .customLong("no-ssh"), help: "Serve only the web page (with --http): no SSH listener.")
    var noSSH = false

    @Flag(name: .customLong("new-token"), help: "Make a new token for the web link; the old link stops working.")
    var newToken = false

    @Option(
        name: .customLong("allowed-origin"),
        help: ArgumentHelp("Another origin whose pages may open sessions (e.g. https://demo.example.org when a proxy serves the page there); may be repeated.", valueName: "url"))
    var allowedOrigins: [String] = []

    @Flag(name: .customLong("trust-proxy"), help: "Take the client's address from X-Forwarded-For when the connection comes from this machine (a reverse proxy).")
    var trustProxy = false

    @Option(
        name: .customLong("web-sessions-per-address"),
        help: ArgumentHelp("Browser sessions one address may hold at once; 0: no limit.", valueName: "n"))
    var webSessionsPerAddress = 8

    @Option(
        name: .customLong("web-session-rate"),
        help: ArgumentHelp("Browser sessions one address may start a second, after a burst of 8; 0: no limit.", valueName: "n"))
    var webSessionRate: Double = 1

    @Option(
        name: .customLong("host-key"),
        help: ArgumentHelp("Use this host key file (OpenSSH ed25519, owner-only) instead of the data directory's, e.g. one shared by servers behind a balancer.", valueName: "file"))
    var hostKey: String?

    @Option(
        help: ArgumentHelp(
            "Keep keyed users' data in this PostgreSQL database, shared by every server given it: postgres://USER@HOST:PORT/DB, with ?sslmode= if needed; the password from PGPASSWORD or ~/.pgpass. Default: SQLite in each key's folder.",
            valueName: "url"))
    var store: String?

    @Option(name: .customLong("store-connections"), help: ArgumentHelp("Connections to --store's database this server holds at most.", valueName: "n"))
    var storeConnections = SharedStore.defaultConnections

    @Option(
        name: .customLong("import"),
        help: ArgumentHelp("With --store: copy the keys' data of this server data directory into the shared store, then exit. Keys already imported are skipped.", valueName: "dir"))
    var importDirectory: String?

    @Option(name: .customLong("app-executable"), help: .hidden)
    var appExecutable: String?

    @Option(name: .customLong("login-grace-time"), help: .hidden)
    var loginGraceTime: Double = 20

    @Option(name: .customLong("max-unauthenticated"), help: .hidden)
    var maxUnauthenticated = 256

    func validate() throws {
        guard (1...100_000).contains(maxSessions) else { throw ValidationError("--max-sessions must be between 1 and 100000.") }
        guard idleTimeout >= 0, idleTimeout.isFinite else { throw ValidationError("--idle-timeout must be 0 or more seconds.") }
        guard loginGraceTime > 0, loginGraceTime.isFinite else { throw ValidationError("--login-grace-time must be more than 0 seconds.") }
        guard maxUnauthenticated >= 1 else { throw ValidationError("--max-unauthenticated must be at least 1.") }
        guard (0...1_000_000).contains(perAddressRate) else { throw ValidationError("--per-address-rate must be from 0 (no limit) to 1000000.") }
        guard (1...100_000).contains(perAddressBurst) else { throw ValidationError("--per-address-burst must be between 1 and 100000.") }
        _ = try ListenAddress(parsing: listen)
        if let http { _ = try ListenAddress(parsing: http, option: "--http") }
        guard webSessionsPerAddress >= 0 else { throw ValidationError("--web-sessions-per-address must be 0 or more.") }
        guard webSessionRate >= 0, webSessionRate.isFinite else { throw ValidationError("--web-session-rate must be 0 or more.") }
        if noSSH, http == nil { throw ValidationError("--no-ssh leaves nothing to serve without --http HOST:PORT.") }
        for origin in allowedOrigins where OriginPolicy.parse(origin) == nil {
            throw ValidationError("--allowed-origin takes an origin such as https://demo.example.org (scheme, host and port only); not \"\(DiagnosticText.escaped(origin))\"")
        }
        if let locale, LanguagePreference(locale) == nil {
            throw ValidationError("--locale takes a language such as de, pt-BR or pt_BR.UTF-8, or base; not \"\(locale)\"")
        }
        if let store { _ = try Self.storeLocation(store) }
        if open, store != nil, importDirectory == nil {
            throw ValidationError("--open sessions are anonymous and keep nothing, so --store would not be used: give one or the other.")
        }
        if noSSH, store != nil, importDirectory == nil {
            throw ValidationError("--no-ssh leaves only browser sessions, which are anonymous and keep nothing, so --store would not be used.")
        }
        guard (1...1000).contains(storeConnections) else { throw ValidationError("--store-connections must be between 1 and 1000.") }
        if importDirectory != nil, store == nil { throw ValidationError("--import copies into the shared store: give --store postgres://… too.") }
        if open, authorizedKeys != nil {
            throw ValidationError("--open lets anyone in without asking for a key, so --authorized-keys would not be used: give one or the other.")
        }
        if noSSH, authorizedKeys != nil {
            throw ValidationError("--no-ssh runs no SSH listener, so --authorized-keys would not be used: the web link's token is its access.")
        }
    }

    /// Usage errors exit with 2, not ArgumentParser's 64 (see `mainExitingTwoOnUsageErrors`).
    static func main() {
        mainExitingTwoOnUsageErrors()
    }

    func run() throws {
        if let importDirectory, let store {
            return try Self.importData(from: importDirectory, into: store)
        }
        let app = appExecutable ?? RunningProgram.directory + "/storyboard"
        guard access(app, X_OK) == 0 else {
            StandardError.report("the sessions' program \(DiagnosticText.escaped(app)) is missing or cannot be run")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = .info
            return handler
        }
        let logger = Logger(label: "storyboard-serve")
        let address = try ListenAddress(parsing: listen)
        let served: ServedStoryboards
        do {
            served = try ServedStoryboards(target: target, locale: locale, screenReader: screenReader, watch: watch)
        } catch {
            StandardError.report(error.message)
            throw ExitCode(error.status.rawValue)
        }
        let data = dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? DemoStore.defaultDataDirectory().appendingPathComponent("serve", isDirectory: true)
        var configuration = ServerConfiguration(
            dataDirectory: data.standardizedFileURL, executable: app,
            defaultTarget: served.defaultTarget, execNames: served.names, execTarget: served.target(named:))
        configuration.host = address.host
        configuration.port = address.port
        configuration.isOpen = open
        // Keys are for SSH logins; the web page's access is its link's token.
        configuration.authorizedKeysPath = open || noSSH ? nil : (authorizedKeys ?? Self.defaultAuthorizedKeys())
        configuration.maxSessions = maxSessions
        configuration.idleTimeout = idleTimeout
        configuration.loginGraceTime = loginGraceTime
        configuration.maxUnauthenticated = maxUnauthenticated
        configuration.admission = AdmissionPolicy(ratePerSecond: perAddressRate, burst: perAddressBurst)
        configuration.proxyProtocol = proxyProtocol
        configuration.servesSSH = !noSSH
        if let http {
            let web = try ListenAddress(parsing: http, option: "--http")
            configuration.httpHost = web.host
            configuration.httpPort = web.port
        }
        configuration.allowedOrigins = allowedOrigins
        configuration.trustsProxy = trustProxy
        configuration.webAdmission = AdmissionPolicy(
            ratePerSecond: webSessionRate, burst: 8, maxOpenPerSource: webSessionsPerAddress == 0 ? nil : webSessionsPerAddress)
        configuration.renewsWebToken = newToken
        configuration.hostKeyFile = hostKey.map { URL(fileURLWithPath: $0).standardizedFileURL }
        var sharedStore: SharedStore?
        if let store {
            let location = try Self.storeLocation(store)
            do {
                let shared = try SharedStore.openWaiting(
                    location: location, password: Self.storePassword(location, logger: logger), connections: storeConnections,
                    logger: logger)
                configuration.sessionStore = { descriptor, owner in shared.serveSession(descriptor: descriptor, owner: owner) }
                sharedStore = shared
            } catch {
                StandardError.report(error.description)
                throw ExitCode(ExitStatus.usage.rawValue)
            }
        }
        if let recordDirectory {
            do {
                configuration.recordDirectory = try Self.prepareRecordDirectory(recordDirectory)
            } catch {
                StandardError.report(error.message)
                throw ExitCode(error.status.rawValue)
            }
        }

        let server: SSHServer
        let bound: String
        let webBound: String?
        do {
            server = try SSHServer(configuration: configuration, logger: logger)
            bound = try server.start()
            webBound = try server.startWeb()
        } catch {
            StandardError.report(error.description)
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        logger.info(
            server.hostKeyCreated ? "host key created" : "host key",
            metadata: ["fingerprint": "\(server.hostKeyFingerprint)", "file": "\(DiagnosticText.escaped(server.hostKeyPath))"])
        var metadata: Logger.Metadata = [
            "address": "\(bound)", "target": "\(served.defaultTarget.label)", "max_sessions": "\(maxSessions)",
            "idle_timeout": "\(Self.seconds(idleTimeout))",
        ]
        metadata["auth"] = open ? "open" : "keys (\(server.authorizedKeyCount ?? 0))"
        metadata["per_address"] = perAddressRate > 0 ? "\(String(format: "%g", perAddressRate))/s burst \(perAddressBurst)" : "no limit"
        if proxyProtocol { metadata["proxy_protocol"] = "on" }
        metadata["store"] = "\(sharedStore.map { "\(DiagnosticText.escaped($0.location.description)) (\(storeConnections) connections)" } ?? "sqlite, per key")"
        if noSSH {
            metadata["address"] = nil
        } else {
            logger.info("listening", metadata: metadata)
        }
        if let webBound {
            metadata["address"] = "\(webBound)"
            metadata["auth"] = open ? "open" : "token"
            logger.info("listening for browsers", metadata: metadata)
            // The links themselves go to standard output, not the log: they hold the token.
            let fragment = server.webToken.map { "#token=" + $0 } ?? ""
            let links = WebLinks.addresses(bound: webBound, hostName: WebLinks.hostName()).map { "http://\($0)/" + fragment }
            FileHandle.standardOutput.write(Data(links.map { $0 + "\n" }.joined().utf8))
        }
        if let directory = configuration.recordDirectory {
            logger.notice("recording every session", metadata: ["directory": "\(DiagnosticText.escaped(directory.path))"])
        }
        if open, !address.isLoopback, !noSSH {
            logger.notice("open to anyone who can reach this address", metadata: ["address": "\(bound)"])
        }
        if open, let webBound, let http, (try? ListenAddress(parsing: http, option: "--http"))?.isLoopback == false {
            logger.notice("open to anyone who can reach this address", metadata: ["address": "\(webBound)"])
        }
        server.waitUntilStopped()
        logger.info("stopped")
    }

    /// `--store`'s URL, read; a mistake is a usage error naming what is wrong.
    static func storeLocation(_ text: String) throws(ValidationError) -> PostgresLocation {
        do {
            return try PostgresLocation(parsing: text, loginName: ProcessInfo.processInfo.userName)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The password for `location` from PGPASSWORD or the password file; a file passed over
    /// for its mode is a warning in the log, as libpq prints one.
    static func storePassword(_ location: PostgresLocation, logger: Logger) -> String? {
        let lookup = PasswordFile.password(for: location, environment: ProcessInfo.processInfo.environment)
        if let warning = lookup.warning { logger.warning("\(DiagnosticText.escaped(warning))") }
        return lookup.password
    }

    /// `--import DIR`: each key's data copied into the shared store, a line per key, then exit.
    static func importData(from directory: String, into store: String) throws {
        let logger = Logger(label: "storyboard-serve")
        let location = try storeLocation(store)
        let outcomes: [(owner: String, outcome: SharedStoreImport.Outcome)]
        do {
            outcomes = try SharedStoreImport.runWaiting(
                dataDirectory: URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL, location: location,
                password: storePassword(location, logger: logger), logger: logger)
        } catch {
            StandardError.report(error.description)
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        var lines: [String] = []
        for (owner, outcome) in outcomes {
            let key = DiagnosticText.escaped(owner)
            switch outcome {
            case let .imported(coffees, cups, colors, values):
                let counts = [(coffees, "coffee"), (cups, "cup"), (colors, "colour"), (values, "saved value")]
                    .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
                lines.append("\(key): imported " + counts.joined(separator: ", "))
            case .alreadyImported:
                lines.append("\(key): already imported, skipped")
            case .hasData:
                lines.append("\(key): already has data in the shared store (a session ran there first), left as it is")
            }
        }
        let imported = outcomes.filter { if case .imported = $0.outcome { true } else { false } }.count
        lines.append("\(imported) of \(outcomes.count) key\(outcomes.count == 1 ? "" : "s") imported into \(location)")
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// The recordings' directory, made (owner only) if missing; an error when it is not a
    /// directory the server can write in, found now rather than at the first session.
    static func prepareRecordDirectory(_ path: String) throws(CommandFailure) -> URL {
        let url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        let shown = "\"" + DiagnosticText.escaped(path) + "\""
        if mkdir(url.path, 0o700) != 0 && errno != EEXIST {
            throw CommandFailure(status: .usage, message: "--record-dir \(shown): \(String(cString: strerror(errno)))")
        }
        var status = stat()
        guard stat(url.path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
            throw CommandFailure(status: .usage, message: "--record-dir \(shown) is not a directory")
        }
        guard access(url.path, W_OK | X_OK) == 0 else {
            throw CommandFailure(status: .usage, message: "--record-dir \(shown): \(String(cString: strerror(errno)))")
        }
        return url
    }

    private static func defaultAuthorizedKeys() -> String {
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home).appendingPathComponent(".ssh/authorized_keys").path
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))s" : "\(value)s"
    }
}

/// The addresses the web link is printed with: the bound one, or for a listener on every
/// address (`0.0.0.0`, `[::]`), which no browser can open, this machine's name and then its
/// loopback address, each with the port bound.
enum WebLinks {
    static func addresses(bound: String, hostName: String?) -> [String] {
        guard let colon = bound.lastIndex(of: ":") else { return [bound] }
        let host = bound[..<colon]
        let port = bound[colon...]
        switch host {
        case "0.0.0.0":
            return (hostName.map { [$0 + port] } ?? []) + ["127.0.0.1" + port]
        case "[::]":
            return (hostName.map { [$0 + port] } ?? []) + ["[::1]" + port]
        default:
            return [bound]
        }
    }

    /// This machine's name, when it is one a URL can carry.
    static func hostName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let allowed = name.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "-" || $0 == "." }
        return name.isEmpty || !allowed || name == "localhost" ? nil : name
    }
}

/// `--listen`'s value: `HOST:PORT`, or `[IPv6]:PORT`.
struct ListenAddress {
    var host: String
    var port: Int

    init(parsing text: String, option: String = "--listen") throws(ValidationError) {
        let hostPart: Substring
        let portPart: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            hostPart = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { throw ValidationError("\(option) takes HOST:PORT, e.g. 127.0.0.1:2222 or [::1]:2222.") }
            portPart = rest.dropFirst()
        } else if let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") {
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        } else {
            throw ValidationError("\(option) takes HOST:PORT, e.g. 127.0.0.1:2222 or [::1]:2222.")
        }
        guard !hostPart.isEmpty else { throw ValidationError("\(option) needs a host: 127.0.0.1 for this machine, 0.0.0.0 for every address.") }
        guard let port = Int(portPart), (0...65535).contains(port) else {
            throw ValidationError("\(option) needs a port from 0 to 65535.")
        }
        host = String(hostPart)
        self.port = port
    }

    /// Whether only this machine can connect.
    var isLoopback: Bool { host == "localhost" || host.hasPrefix("127.") || host == "::1" }
}

/// What the server serves: the storyboard each session opens, and the names an exec
/// request may ask for (the bundled storyboards and the served file or folder). Nothing else
/// on the server's file system can be named by a client.
struct ServedStoryboards: Sendable {
    /// What a session opens when it asks for nothing.
    let defaultTarget: SessionTarget
    /// The served file or folder, when TARGET is one: its absolute path and the names it
    /// answers to.
    let file: (path: String, names: Set<String>)?
    /// Options every session's `storyboard run` gets (`--locale`, `--screen-reader`).
    let options: [String]

    init(target: String?, locale: String? = nil, screenReader: Bool = false, watch: Bool = false) throws(CommandFailure) {
        options = (locale.map { ["--locale", $0] } ?? []) + (screenReader ? ["--screen-reader"] : [])
        fileOptions = options + (watch ? ["--watch"] : [])
        if watch, target == nil {
            throw CommandFailure(status: .usage, message: "--watch needs a TARGET to follow: a .storyboard file or an app's folder")
        }
        guard let target else {
            defaultTarget = SessionTarget(argument: "launcher", label: "launcher", options: options)
            file = nil
            return
        }
        let resolved = try StoryboardTarget.resolve(target)
        // Each session's program follows the files itself (see DECISIONS.md).
        if watch { try resolved.checkWatchable() }
        // A folder's launcher opens whatever its rows lead to; a storyboard (a file's, or an
        // app's main one) must load, or every session would fail the same way.
        if resolved.url != nil {
            switch StoryboardFile.load(resolved) {
            case .unreadable(let reason):
                throw CommandFailure(status: .usage, message: reason)
            case .invalid(let diagnostics):
                let first = diagnostics.first { $0.severity == .error } ?? diagnostics.first
                let line = first.map { DiagnosticText.escaped($0.description) } ?? "it has errors"
                throw CommandFailure(status: .problems, message: "\(line) (run storyboard check for all of them)")
            case .loaded:
                break
            }
        }
        if resolved.isBundled, let url = resolved.url {
            let name = url.deletingPathExtension().lastPathComponent
            defaultTarget = SessionTarget(argument: name.lowercased(), label: name.lowercased(), options: options)
            file = nil
        } else {
            let url = (resolved.isFolder ? resolved.index.root : resolved.url ?? resolved.index.root).standardizedFileURL
            let fileName = url.lastPathComponent
            defaultTarget = SessionTarget(argument: url.path, label: DiagnosticText.escaped(fileName), options: fileOptions)
            file = (url.path, [fileName.lowercased(), url.deletingPathExtension().lastPathComponent.lowercased()])
        }
    }

    /// The served file's options: ``options`` and, with `--watch`, the run's own `--watch`.
    /// (A bundled storyboard an exec request names does not change, and is run without it.)
    let fileOptions: [String]

    /// The names an exec request may use.
    var names: [String] {
        let bundled = BundledStoryboards.listedNames.map { $0.lowercased() }
        guard let file else { return bundled }
        return bundled + [DiagnosticText.escaped(URL(fileURLWithPath: file.path).lastPathComponent)]
    }

    /// What an exec request naming `name` runs: a bundled storyboard (as commands match
    /// bundled names) or the served file or folder; nil for anything else.
    func target(named name: String) -> SessionTarget? {
        if let file, file.names.contains(name.lowercased()) {
            return SessionTarget(
                argument: file.path, label: DiagnosticText.escaped(URL(fileURLWithPath: file.path).lastPathComponent), options: fileOptions)
        }
        guard let url = BundledStoryboards.url(named: name) else { return nil }
        let bundled = url.deletingPathExtension().lastPathComponent.lowercased()
        return SessionTarget(argument: bundled, label: bundled, options: options)
    }
}
