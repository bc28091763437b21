import Crypto
import Foundation
import Glibc
import Logging
import NIOCore
import NIOEmbedded
import NIOSSH
import Testing
@testable import Serve

/// The session's end of the pseudo-terminal on NIO's embedded channel: the program's output
/// goes to the client, reading stops while the client cannot take more and goes on once it
/// can, and the end of the terminal closes it.
@Suite struct TerminalPipeHandlerTests {
    /// A client that takes what the session hands it, and says whether it can take more.
    final class Client: SessionTransport {
        var canTakeOutput = true
        private(set) var output = ""
        private(set) var flushes = 0
        func sessionOutput(_ buffer: ByteBuffer) { output += String(buffer: buffer) }
        func sessionOutputComplete() { flushes += 1 }
        func sessionInputResumed() {}
        func sessionFinished(exit: ProcessExit, reason: TerminalSession.EndReason?) {}
    }

    /// A terminal channel read for a session whose client is `client`.
    struct Terminal {
        let client = Client()
        let session: TerminalSession
        let handler: TerminalPipeHandler
        let channel: EmbeddedChannel
        let probe: ChannelProbe

        init() throws {
            let loop = EmbeddedEventLoop()
            session = TerminalSession(server: SessionHandlerTests.server(), logger: Logger(label: "test"), loop: loop, transport: client)
            handler = TerminalPipeHandler(session: session)
            (channel, probe) = try EmbeddedChannel.probed(handler, loop: loop)
        }
    }

    @Test func theProgramsOutputReachesTheClientFlushedAtTheEndOfEachRead() throws {
        let terminal = try Terminal()
        terminal.channel.pipeline.fireChannelRead(ByteBuffer(string: "\u{1B}[2Jhello, "))
        terminal.channel.pipeline.fireChannelRead(ByteBuffer(string: "world"))
        #expect(terminal.client.output == "\u{1B}[2Jhello, world")
        #expect(terminal.client.flushes == 0)
        terminal.channel.pipeline.fireChannelReadComplete()
        #expect(terminal.client.flushes == 1)
    }

    @Test func readingStopsWhileTheClientCannotTakeMoreAndGoesOnOnce() throws {
        let terminal = try Terminal()
        terminal.channel.read()
        #expect(terminal.probe.reads == 1)
        terminal.client.canTakeOutput = false
        terminal.channel.read()
        terminal.channel.read()
        #expect(terminal.probe.reads == 1, "held while the client's window is full")
        terminal.client.canTakeOutput = true
        terminal.handler.resumeReading()
        #expect(terminal.probe.reads == 2, "the held reads are one read")
        terminal.handler.resumeReading()
        #expect(terminal.probe.reads == 2, "nothing held, nothing read")
        terminal.channel.read()
        #expect(terminal.probe.reads == 3)
    }

    @Test func aSessionReadsItsTerminalOnOnceItsClientCanTakeOutput() throws {
        let loop = EmbeddedEventLoop()
        let client = Client()
        let session = TerminalSession(server: SessionHandlerTests.server(), logger: Logger(label: "test"), loop: loop, transport: client)
        let probe = ChannelProbe()
        let channel = EmbeddedChannel(loop: loop)
        try channel.pipeline.syncOperations.addHandler(probe)
        try session.readTerminal(on: channel)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 5000)).wait()
        client.canTakeOutput = false
        channel.read()
        #expect(probe.reads == 0)
        // What a transport calls when its window opens or the page resumes.
        client.canTakeOutput = true
        session.outputResumed()
        #expect(probe.reads == 1)
        channel.pipeline.fireChannelRead(ByteBuffer(string: "frame"))
        #expect(client.output == "frame")
    }

    @Test func theTerminalsEndIsNotAFaultButClosesIt() throws {
        let terminal = try Terminal()
        // What reading the master gives once no process holds the slave open.
        terminal.channel.pipeline.fireErrorCaught(IOError(errnoCode: EIO, reason: "read(descriptor:pointer:size:)"))
        #expect(!terminal.channel.isActive)
        #expect(throws: Never.self) { try terminal.channel.throwIfErrorCaught() }
    }
}
