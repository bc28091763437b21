import Logging
import NIOCore

/// One browser connection's facts, shared by its handlers; used only on its event loop.
final class WebConnection {
    /// Numbered with the SSH connections, in order of arrival, for the logs.
    let number: Int
    /// The client's address (the proxy's client with `--trust-proxy`).
    var remote: String
    /// Who the per-address limits count (the forwarded client with `--trust-proxy`).
    var source: AdmissionSource = .local
    /// A logger whose lines carry `web=N`.
    var logger: Logger
    /// When it was accepted.
    let opened = NIODeadline.now()
    /// Whether a session started on it (it then no longer counts as a connection logging in).
    var hasStarted = false
    /// Why the server closed it, for the log.
    var closeReason: String?

    init(number: Int, remote: String, logger: Logger) {
        self.number = number
        self.remote = remote
        var logger = logger
        logger[metadataKey: "web"] = "\(number)"
        self.logger = logger
    }
}
