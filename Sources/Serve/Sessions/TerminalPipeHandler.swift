import NIOCore

/// The session's end of the pseudo-terminal's master, on a NIO pipe channel: what the
/// program writes goes to the session, and reading stops while the client cannot take more
/// (the SSH channel's window is full), so a program printing fast never fills the server's
/// memory.
final class TerminalPipeHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// The session it serves (same event loop).
    weak var session: TerminalSession?
    private var context: ChannelHandlerContext?
    private var terminalRead = HeldRead()

    init(session: TerminalSession) {
        self.session = session
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session?.terminalOutput(unwrapInboundIn(data))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        session?.terminalOutputComplete()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        session?.terminalWritabilityChanged(context.channel.isWritable)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Reading the master fails with EIO once no process holds the slave open: the
        // program is gone, which is the end of the output, not a fault.
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        session?.terminalClosed()
    }

    func read(context: ChannelHandlerContext) {
        terminalRead.read(context, if: session?.clientCanTakeOutput ?? true)
    }

    /// The client can take output again: read on, if a read was held.
    func resumeReading() {
        terminalRead.release(context)
    }
}
