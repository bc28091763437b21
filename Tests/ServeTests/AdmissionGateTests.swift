import Crypto
import Foundation
import Logging
import NIOCore
import NIOEmbedded
import NIOSSH
import Testing
@testable import Serve

/// The listener's gate on NIO's embedded channel: each accepted connection arrives as a read,
/// and the gate passes it on to NIO's accept handler or closes it there.
@Suite struct AdmissionGateTests {
    /// What stands behind the gate on a listener: NIO's accept handler, here a list.
    final class Accepted: ChannelInboundHandler {
        typealias InboundIn = Channel
        private(set) var connections: [Channel] = []

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            connections.append(unwrapInboundIn(data))
        }
    }

    /// A listener with `gate`, and what it let through.
    static func listener(_ gate: AdmissionGate, loop: EmbeddedEventLoop) throws -> (EmbeddedChannel, Accepted) {
        let listener = EmbeddedChannel(loop: loop)
        let accepted = Accepted()
        try listener.pipeline.syncOperations.addHandler(gate)
        try listener.pipeline.syncOperations.addHandler(accepted)
        return (listener, accepted)
    }

    /// An accepted connection from `address`, open.
    static func connection(from address: String, loop: EmbeddedEventLoop) throws -> EmbeddedChannel {
        let connection = EmbeddedChannel(loop: loop)
        try connection.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 2222)).wait()
        connection.remoteAddress = try SocketAddress(ipAddress: address, port: 40_000)
        return connection
    }

    /// A server whose admission lets one address hold `openPerSource` connections at once.
    static func server(openPerSource: Int) -> ServerState {
        var configuration = ServerConfiguration(
            dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("gate-unit-\(UUID().uuidString)"),
            executable: "/bin/false", defaultTarget: SessionTarget(argument: "launcher", label: "launcher"),
            execNames: [], execTarget: { _ in nil })
        configuration.admission = AdmissionPolicy(ratePerSecond: 0, maxOpenPerSource: openPerSource)
        return ServerState(
            configuration: configuration, logger: Logger(label: "test"),
            hostKey: NIOSSHPrivateKey(ed25519Key: Curve25519.Signing.PrivateKey()), authorizedKeys: nil)
    }

    @Test func anAdmittedConnectionIsPassedOnOpen() throws {
        let loop = EmbeddedEventLoop()
        var asked: [SocketAddress?] = []
        let (listener, accepted) = try Self.listener(AdmissionGate { asked.append($0.remoteAddress); return true }, loop: loop)
        let connection = try Self.connection(from: "192.0.2.1", loop: loop)
        try listener.writeInbound(connection as Channel)
        #expect(asked.map { $0?.ipAddress } == ["192.0.2.1"])
        #expect(accepted.connections.count == 1 && accepted.connections.first === connection)
        #expect(connection.isActive)
    }

    @Test func aRefusedConnectionIsClosedAndGoesNoFurther() throws {
        let loop = EmbeddedEventLoop()
        let (listener, accepted) = try Self.listener(AdmissionGate { _ in false }, loop: loop)
        let connection = try Self.connection(from: "192.0.2.1", loop: loop)
        try listener.writeInbound(connection as Channel)
        #expect(accepted.connections.isEmpty)
        #expect(!connection.isActive)
    }

    @Test func theServersAdmissionRefusesASourceOverItsLimitAndTakesItAgainWhenOneCloses() throws {
        let loop = EmbeddedEventLoop()
        let state = Self.server(openPerSource: 2)
        let gate = AdmissionGate { SSHServer.admitSource($0.remoteAddress, of: $0, state: state) }
        let (listener, accepted) = try Self.listener(gate, loop: loop)
        let crowd = try (0..<3).map { _ in try Self.connection(from: "203.0.113.7", loop: loop) }
        for connection in crowd { try listener.writeInbound(connection as Channel) }
        #expect(crowd.map(\.isActive) == [true, true, false], "the third from one address is refused")
        #expect(accepted.connections.count == 2)
        // Another address has a budget of its own.
        let other = try Self.connection(from: "198.51.100.20", loop: loop)
        try listener.writeInbound(other as Channel)
        #expect(other.isActive && accepted.connections.count == 3)
        // A closed connection gives its place back.
        try crowd[0].close().wait()
        loop.run()
        let again = try Self.connection(from: "203.0.113.7", loop: loop)
        try listener.writeInbound(again as Channel)
        #expect(again.isActive && accepted.connections.count == 4)
        #expect(state.admission.openCount(of: AdmissionSource(ipAddress: "203.0.113.7")!) == 2)
    }
}
