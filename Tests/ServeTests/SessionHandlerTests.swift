import Crypto
import Foundation
import Logging
import NIOCore
import NIOEmbedded
import NIOSSH
import Testing
@testable import Serve

/// An SSH session channel's handler on NIO's embedded channel: the client's requests and the
/// server's replies, the refusals that end a session before it starts (with their words on
/// standard error and their exit status), the window, the client's EOF and the close.
@Suite struct SessionHandlerTests {
    /// A server serving `colorboard` by name, whose sessions would run `/bin/false`.
    static func server(maxSessions: Int = 4) -> ServerState {
        var configuration = ServerConfiguration(
            dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("session-unit-\(UUID().uuidString)"),
            executable: "/bin/false", defaultTarget: SessionTarget(argument: "launcher", label: "launcher"),
            execNames: ["colorboard"],
            execTarget: { $0 == "colorboard" ? SessionTarget(argument: "colorboard", label: "colorboard") : nil })
        configuration.maxSessions = maxSessions
        return ServerState(
            configuration: configuration, logger: Logger(label: "test"),
            hostKey: NIOSSHPrivateKey(ed25519Key: Curve25519.Signing.PrivateKey()), authorizedKeys: nil)
    }

    /// A session channel with its handler, on a connection that logged in with no key.
    struct Session {
        let channel: EmbeddedChannel
        let probe: ChannelProbe
        let connection: Connection
        let handler: SessionHandler

        init(_ server: ServerState = SessionHandlerTests.server()) throws {
            connection = Connection(number: 1, remote: "127.0.0.1:5000", logger: Logger(label: "test"))
            connection.identity = .anonymous
            handler = SessionHandler(server: server, connection: connection)
            (channel, probe) = try EmbeddedChannel.probed(handler)
        }

        func send(_ request: Any) {
            channel.pipeline.fireUserInboundEventTriggered(request)
            channel.embeddedEventLoop.run()
        }

        /// The replies to requests that wanted one, as "ok" or "refused".
        var replies: [String] {
            probe.events.compactMap { event in
                if event is ChannelSuccessEvent { return "ok" }
                if event is ChannelFailureEvent { return "refused" }
                return nil
            }
        }

        /// The exit statuses sent.
        var exitStatuses: [Int] { probe.events(of: SSHChannelRequestEvent.ExitStatus.self).map(\.exitStatus) }

        /// What was written to the client's standard error, and to its standard output.
        func written() throws -> (stdout: String, stderr: String) {
            var stdout = "", stderr = ""
            while let data = try channel.readOutbound(as: SSHChannelData.self) {
                guard case .byteBuffer(let buffer) = data.data else { continue }
                let text = String(buffer: buffer)
                if data.type == .stdErr { stderr += text } else { stdout += text }
            }
            return (stdout, stderr)
        }
    }

    static let terminal = SSHChannelRequestEvent.PseudoTerminalRequest(
        wantReply: true, term: "xterm-256color", terminalCharacterWidth: 100, terminalRowHeight: 30,
        terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: SSHTerminalModes([:]))

    @Test func aTerminalAndTheAcceptedVariablesAreTakenAndTheRestRefused() throws {
        let session = try Session()
        session.send(Self.terminal)
        session.send(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LANG", value: "de_DE.UTF-8"))
        session.send(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LD_PRELOAD", value: "/tmp/evil.so"))
        session.send(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LANG", value: "de; rm -rf /"))
        session.send(Self.terminal)
        // A request that wants no reply gets none.
        session.send(SSHChannelRequestEvent.EnvironmentRequest(wantReply: false, name: "PATH", value: "/evil"))
        #expect(session.replies == ["ok", "ok", "refused", "refused", "refused"])
        #expect(session.channel.isActive && session.exitStatuses.isEmpty)
    }

    @Test func anExecOfNothingServedNamesWhatIsAndEndsWithStatus2() throws {
        let session = try Session()
        session.send(Self.terminal)
        session.send(SSHChannelRequestEvent.ExecRequest(command: "sftp-server", wantReply: true))
        let written = try session.written()
        #expect(written.stderr == "storyboard: nothing to run for \"sftp-server\": ask for a storyboard by name (colorboard) or for nothing\r\n")
        #expect(written.stdout.isEmpty)
        #expect(session.replies == ["ok", "ok"])
        #expect(session.exitStatuses == [2])
        #expect(!session.channel.isActive)
    }

    @Test func aShellWithoutATerminalIsToldToAskForOne() throws {
        let session = try Session()
        session.send(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        // No terminal: the line ends as a cooked terminal wants it.
        #expect(try session.written().stderr == "storyboard: needs a terminal: use ssh -t\n")
        #expect(session.exitStatuses == [1])
        #expect(!session.channel.isActive)
        #expect(session.connection.startedSessions == 0)
    }

    @Test func aFullServerSaysSoAndEndsWithStatus1() throws {
        let server = Self.server(maxSessions: 0)
        let session = try Session(server)
        session.send(Self.terminal)
        session.send(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        #expect(try session.written().stderr == "storyboard: server full (0 sessions): try again later\r\n")
        #expect(session.exitStatuses == [1])
        #expect(!session.channel.isActive)
        #expect(session.connection.startedSessions == 0 && server.sessionCount == 0)
    }

    @Test func aServerShuttingDownSaysSo() throws {
        let server = Self.server()
        _ = server.beginShutdown(whenIdle: {})
        let session = try Session(server)
        session.send(Self.terminal)
        session.send(SSHChannelRequestEvent.ExecRequest(command: "colorboard", wantReply: true))
        #expect(try session.written().stderr == "storyboard: the server is shutting down\r\n")
        #expect(session.exitStatuses == [1])
        #expect(!session.channel.isActive)
    }

    @Test func aSubsystemIsRefusedAndTheChannelClosedWithoutAStatus() throws {
        let session = try Session()
        session.send(SSHChannelRequestEvent.SubsystemRequest(subsystem: "sftp", wantReply: true))
        #expect(session.replies == ["refused"])
        #expect(session.exitStatuses.isEmpty)
        #expect(!session.channel.isActive)
    }

    @Test func theClientsEOFAndSignalsLeaveTheChannelOpen() throws {
        let session = try Session()
        session.send(Self.terminal)
        session.send(ChannelEvent.inputClosed)
        session.send(SSHChannelRequestEvent.SignalRequest(signal: "INT"))
        #expect(session.channel.isActive)
        #expect(session.replies == ["ok"])
    }

    @Test func outputWaitsWhileTheClientsWindowIsFull() throws {
        let session = try Session()
        #expect(session.handler.canTakeOutput)
        session.channel.setWritable(false)
        #expect(!session.handler.canTakeOutput)
        session.channel.setWritable(true)
        #expect(session.handler.canTakeOutput)
        // With no program to wait for, the client's input is read on.
        session.channel.read()
        #expect(session.probe.reads == 1)
    }

    @Test func theSessionCountsAsOpenUntilItsChannelCloses() throws {
        let session = try Session()
        #expect(session.connection.openSessions == 1 && session.connection.channelsOpened == 1)
        try session.channel.close().wait()
        #expect(session.connection.openSessions == 0)
    }

    @Test func anErrorUnderTheChannelClosesIt() throws {
        let session = try Session()
        session.channel.pipeline.fireErrorCaught(ChannelError.ioOnClosedChannel)
        #expect(!session.channel.isActive)
        #expect(session.connection.openSessions == 0)
    }
}
