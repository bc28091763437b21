import Logging
import NIOCore
import NIOSSH

/// Decides who may log in: a public key listed in the authorized keys, or, with `--open`,
/// anyone. Passwords are never accepted, and only public keys are offered to clients.
///
/// With `--open` the "none" method succeeds, because it is how a client without a key gets
/// in (OpenSSH asks with "none" first, before any key). Servers of SSH apps let keyless
/// clients in after the keys with keyboard-interactive instead, which the SSH library does
/// not have; so `--open` sessions are all anonymous (docs/DECISIONS.md, 2026-11-24).
final class Authenticator: NIOSSHServerUserAuthenticationDelegate {
    private let connection: Connection
    private let keys: AuthorizedKeysFile?
    private let isOpen: Bool
    private let onSuccess: () -> Void

    /// - Parameter onSuccess: called once when the connection logs in. (The library tells
    ///   only a client that authentication succeeded, so the server learns it here.)
    init(connection: Connection, keys: AuthorizedKeysFile?, isOpen: Bool, onSuccess: @escaping () -> Void = {}) {
        self.connection = connection
        self.keys = keys
        self.isOpen = isOpen
        self.onSuccess = onSuccess
    }

    private func succeed(_ identity: ClientIdentity, user: String, promise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        connection.identity = identity
        connection.user = user
        if !connection.isAuthenticated {
            connection.isAuthenticated = true
            onSuccess()
        }
        promise.succeed(.success)
    }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { .publicKey }

    func requestReceived(
        request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>
    ) {
        let user = DiagnosticNames.shown(request.username, limit: 32)
        let logger = connection.logger
        switch request.request {
        case .publicKey(let offer):
            // The library has checked the signature by now: the client holds the private key.
            let fingerprint = KeyFingerprint(offer.publicKey)
            let metadata: Logger.Metadata = [
                "method": "publickey", "user": "\(user)", "key": "\(fingerprint)",
                "type": "\(PublicKeyText.type(of: offer.publicKey))",
            ]
            if isOpen || keys?.currentKeys().contains(offer.publicKey) == true {
                logger.info("authentication accepted", metadata: metadata)
                succeed(.key(fingerprint), user: user, promise: responsePromise)
            } else {
                logger.notice("authentication refused", metadata: metadata.merging(["reason": "key not authorized"]) { $1 })
                responsePromise.succeed(.failure)
            }
        case .none:
            if isOpen {
                logger.info("authentication accepted", metadata: ["method": "none", "user": "\(user)", "reason": "open server"])
                succeed(.anonymous, user: user, promise: responsePromise)
            } else {
                // Every OpenSSH client asks this first, to learn the methods: not worth a line.
                logger.debug("authentication method list sent", metadata: ["method": "none", "user": "\(user)"])
                responsePromise.succeed(.failure)
            }
        case .password:
            // Never the password itself.
            logger.notice("authentication refused", metadata: ["method": "password", "user": "\(user)", "reason": "passwords are not accepted"])
            responsePromise.succeed(.failure)
        case .hostBased:
            logger.notice("authentication refused", metadata: ["method": "hostbased", "user": "\(user)", "reason": "not supported"])
            responsePromise.succeed(.failure)
        }
    }
}
