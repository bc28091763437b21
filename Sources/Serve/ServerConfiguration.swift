import Foundation

/// What a session runs: `storyboard run ARGUMENT OPTIONS…`.
public struct SessionTarget: Hashable, Sendable {
    /// The argument given to `storyboard run` (a bundled name, or a file's or folder's
    /// absolute path).
    public var argument: String
    /// How logs name it.
    public var label: String
    /// Options after the argument (`--locale de`).
    public var options: [String]

    /// A target run as `storyboard run argument options…`, named `label` in the logs.
    public init(argument: String, label: String, options: [String] = []) {
        self.argument = argument
        self.label = label
        self.options = options
    }
}

/// Everything `storyboard serve` was told: where to listen, who may log in, where data
/// lives, the limits, and what sessions run.
public struct ServerConfiguration: Sendable {
    /// The address to listen on (`127.0.0.1` unless serving beyond this machine is chosen).
    public var host: String = "127.0.0.1"
    /// The port; 0 picks a free one (the log says which).
    public var port: Int = 2222
    /// The `authorized_keys` file; nil with `isOpen`.
    public var authorizedKeysPath: String?
    /// Whether anyone may log in, with or without a key.
    public var isOpen = false
    /// Where the host key, the per-key data and the open sessions' scratch data live.
    public var dataDirectory: URL
    /// Sessions running at once; one more is told "server full".
    public var maxSessions = 64
    /// Seconds without input before a session is closed; 0 never closes one.
    public var idleTimeout: Double = 30 * 60
    /// Seconds a connection has to log in and start a session.
    public var loginGraceTime: Double = 20
    /// Unauthenticated connections held at once; more are closed at once. Each costs a
    /// socket and a little memory, so the limit is about descriptors, not CPU.
    public var maxUnauthenticated = 256
    /// Session channels one connection may have open at once (sshd's `MaxSessions`).
    public var maxSessionsPerConnection = 10
    /// How fast one address may open new connections (`--per-address-rate`, `--per-address-burst`),
    /// checked before the key exchange.
    public var admission = AdmissionPolicy()
    /// Whether every connection starts with a PROXY protocol header naming the client, as a
    /// proxy in front sends it (`--proxy-protocol`).
    public var proxyProtocol = false
    /// Where each session is recorded, to a file of its own (`--record-dir`); nil records
    /// nothing. A recorded session's program says so on its first screen.
    public var recordDirectory: URL?
    /// Whether the SSH listener runs (`--no-ssh` turns it off when the web listener serves).
    public var servesSSH = true
    /// The web listener's address (`--http`), or nil for none.
    public var httpHost: String?
    /// The web listener's port; 0 picks a free one.
    public var httpPort = 8080
    /// Origins besides the server's own whose pages may open sessions (`--allowed-origin`).
    public var allowedOrigins: [String] = []
    /// Whether `X-Forwarded-For` from a proxy on this machine names the client (`--trust-proxy`).
    public var trustsProxy = false
    /// Whether the web link gets a new token (`--new-token`).
    public var renewsWebToken = false
    /// Per-address limits on browser sessions: starts a second after a burst, and sessions
    /// held at once (`--web-session-rate`, `--web-sessions-per-address`).
    public var webAdmission = AdmissionPolicy(ratePerSecond: 1, burst: 8, maxOpenPerSource: 8)
    /// A host key file to use instead of `DATA/host`'s (`--host-key`), for servers sharing one.
    public var hostKeyFile: URL?
    /// Where keyed sessions keep their data instead of an SQLite file in their folder
    /// (`--store postgres://…`): given the server's end of a socket pair, whose other end the
    /// session inherits, and the key's folder name, it answers the session's store requests.
    /// Nil keeps each key's data in its folder.
    public var sessionStore: (@Sendable (_ descriptor: Int32, _ owner: String) -> Void)?
    /// The program sessions run (this one, as `/proc/self/exe` names it).
    public var executable: String
    /// What a shell request runs.
    public var defaultTarget: SessionTarget
    /// What an exec request's name runs, or nil when it names nothing served.
    public var execTarget: @Sendable (String) -> SessionTarget?
    /// The names an exec request may use, for the error line.
    public var execNames: [String]

    /// A configuration with the defaults above.
    public init(
        dataDirectory: URL, executable: String, defaultTarget: SessionTarget,
        execNames: [String], execTarget: @escaping @Sendable (String) -> SessionTarget?
    ) {
        self.dataDirectory = dataDirectory
        self.executable = executable
        self.defaultTarget = defaultTarget
        self.execNames = execNames
        self.execTarget = execTarget
    }

    /// `DATA/host`: the host key.
    var hostKeyDirectory: URL { dataDirectory.appendingPathComponent("host", isDirectory: true) }
    /// `DATA/web`: the web link's token.
    var webDirectory: URL { dataDirectory.appendingPathComponent("web", isDirectory: true) }
    /// `DATA/users`: one directory per public key.
    var usersDirectory: URL { dataDirectory.appendingPathComponent("users", isDirectory: true) }
    /// `DATA/sessions`: keyless sessions' directories, removed when they end.
    var scratchDirectory: URL { dataDirectory.appendingPathComponent("sessions", isDirectory: true) }
}
