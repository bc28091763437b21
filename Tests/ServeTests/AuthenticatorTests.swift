import Foundation
import Logging
import NIOCore
import NIOEmbedded
import NIOSSH
import Testing
@testable import Serve

/// Who gets in: listed keys; with `--open` anyone; a password never.
@Suite struct AuthenticatorTests {
    let listed = NIOSSHPrivateKey(ed25519Key: .init()).publicKey
    let unlisted = NIOSSHPrivateKey(p256Key: .init()).publicKey
    let loop = EmbeddedEventLoop()
    let file = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("authorized-\(UUID().uuidString.prefix(8))")

    func outcome(
        _ request: NIOSSHUserAuthenticationRequest.Request, open: Bool = false
    ) throws -> (NIOSSHUserAuthenticationOutcome, ClientIdentity?) {
        try (String(openSSHPublicKey: listed) + " someone\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
        let keys = open ? nil : try AuthorizedKeysFile(path: file.path, logger: logger)
        let connection = Connection(number: 1, remote: "127.0.0.1:1", logger: logger)
        var successes = 0
        let authenticator = Authenticator(connection: connection, keys: keys, isOpen: open, onSuccess: { successes += 1 })
        #expect(authenticator.supportedAuthenticationMethods == .publicKey)
        let promise = loop.makePromise(of: NIOSSHUserAuthenticationOutcome.self)
        authenticator.requestReceived(
            request: NIOSSHUserAuthenticationRequest(username: "user", serviceName: "ssh-connection", request: request),
            responsePromise: promise)
        let result = try promise.futureResult.wait()
        // The server learns of a login only from this call: exactly once per success.
        if case .success = result { #expect(successes == 1 && connection.isAuthenticated) } else { #expect(successes == 0) }
        return (result, connection.identity)
    }

    @Test func aListedKeyGetsInAsItself() throws {
        let (result, identity) = try outcome(.publicKey(.init(publicKey: listed)))
        guard case .success = result else { Issue.record("refused: \(result)"); return }
        #expect(identity == .key(KeyFingerprint(listed)))
    }

    @Test func anUnlistedKeyAPasswordAndNoneAreRefused() throws {
        for request in [
            NIOSSHUserAuthenticationRequest.Request.publicKey(.init(publicKey: unlisted)), .password(.init(password: "hunter2")), .none,
        ] {
            let (result, identity) = try outcome(request)
            guard case .failure = result else { Issue.record("let in: \(request)"); continue }
            #expect(identity == nil)
        }
    }

    @Test func openLetsAnyoneInButStillNeverByPassword() throws {
        let (keyless, anonymous) = try outcome(.none, open: true)
        guard case .success = keyless else { Issue.record("\(keyless)"); return }
        #expect(anonymous == .anonymous)
        let (anyKey, identity) = try outcome(.publicKey(.init(publicKey: unlisted)), open: true)
        guard case .success = anyKey else { Issue.record("\(anyKey)"); return }
        #expect(identity == .key(KeyFingerprint(unlisted)))
        let (password, none) = try outcome(.password(.init(password: "")), open: true)
        guard case .failure = password else { Issue.record("a password let in"); return }
        #expect(none == nil)
    }
}
