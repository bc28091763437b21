import Foundation
import Logging
import NIOCore

/// What every web connection shares: the server's state (limits, sessions, supervisor), the
/// page's files, the link's token and the rules for who may connect.
final class WebContext: Sendable {
    let server: ServerState
    let assets: WebAssets
    /// The private link's token; nil when the server is open to anyone (`--open`).
    let token: String?
    /// Origins besides the server's own that may open a WebSocket (`--allowed-origin`).
    let allowedOrigins: [String]
    /// Whether `X-Forwarded-For` names the client when the peer is on this machine (a proxy).
    let trustsProxy: Bool
    /// How long a request's head may take to arrive, and a kept-alive connection may idle.
    let headTimeout: TimeAmount
    /// Per-address limits on session starts and sessions held.
    let admission: AdmissionControl
    /// The sessions' first screens the page is answered with; nil when it gets none
    /// (`FirstScreenCache.forServer` says when).
    let firstScreens: FirstScreenCache?

    init(
        server: ServerState, assets: WebAssets, token: String?, allowedOrigins: [String], trustsProxy: Bool,
        headTimeout: TimeAmount = .seconds(10), firstScreens: FirstScreenCache? = nil
    ) {
        self.server = server
        self.firstScreens = firstScreens
        self.assets = assets
        self.token = token
        self.allowedOrigins = allowedOrigins
        self.trustsProxy = trustsProxy
        self.headTimeout = headTimeout
        self.admission = AdmissionControl(policy: server.configuration.webAdmission)
    }

    var logger: Logger { server.logger }

    /// The client's address for the logs and the limits: the peer, or with `--trust-proxy`
    /// and a peer on this machine, the last address of `X-Forwarded-For` (the one the proxy
    /// added).
    func clientAddress(peer: SocketAddress?, forwardedFor: String?) -> String {
        forwardedAddress(peer: peer, forwardedFor: forwardedFor) ?? peer.map(SSHServer.describe(address:)) ?? "unknown"
    }

    /// Who the per-address limits count: the forwarded client as above, or the peer.
    func clientSource(peer: SocketAddress?, forwardedFor: String?) -> AdmissionSource {
        if let forwarded = forwardedAddress(peer: peer, forwardedFor: forwardedFor), let source = AdmissionSource(ipAddress: forwarded) {
            return source
        }
        return peer.map(AdmissionSource.init) ?? .local
    }

    private func forwardedAddress(peer: SocketAddress?, forwardedFor: String?) -> String? {
        guard trustsProxy, let peer, Self.isLoopback(peer), let forwardedFor,
            let last = forwardedFor.split(separator: ",").last?.trimmingCharacters(in: .whitespaces),
            !last.isEmpty, last.utf8.count <= 64,
            last.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || $0 == "." || $0 == ":" })
        else { return nil }
        return last
    }

    static func isLoopback(_ address: SocketAddress) -> Bool {
        guard let ip = address.ipAddress else { return false }
        return ip.hasPrefix("127.") || ip == "::1" || ip.hasPrefix("::ffff:127.")
    }

    /// A user agent fit for a log line: control characters escaped, cut to 120 characters.
    static func cleanedUserAgent(_ text: String?) -> String {
        DiagnosticNames.shown(text ?? "none", limit: 120)
    }
}
