import NIOCore

/// How a transport paces its session both ways, the same for an SSH channel and a browser's
/// WebSocket, so a program printing fast or a client typing fast never fills the server's
/// memory:
///
/// - while the program reads no input, the client's input is not read: the SSH window or
///   the socket's buffer fills and the client waits, rather than the server buffering, and
///   the held read is made when the program reads again (`inputResumed`);
/// - while the client cannot take output (its SSH window is full, the socket is past NIO's
///   high mark, or the page asked for a pause), the terminal is not read
///   (`TerminalSession.clientCanTakeOutput` asks `canTakeOutput`), and it is read on once the
///   client can (`writabilityChanged`, `resume`).
struct SessionPacing {
    /// Whether the client asked for output to stop (the page does; SSH has its window).
    private(set) var isPaused = false
    private var clientRead = HeldRead()

    /// Whether the client can take more of the program's output now.
    func canTakeOutput(_ context: ChannelHandlerContext?) -> Bool {
        guard let context else { return true }
        return !isPaused && context.channel.isWritable
    }

    /// NIO asks for more of the client's input: read it, unless the program takes none now.
    mutating func read(_ context: ChannelHandlerContext, for session: TerminalSession?) {
        clientRead.read(context, if: session?.canTakeInput() ?? true)
    }

    /// The program reads its input again: the client's input is read on.
    mutating func inputResumed(_ context: ChannelHandlerContext?) {
        clientRead.release(context)
    }

    /// The client's channel became writable, or stopped being: once the client can take
    /// output, the terminal is read on.
    func writabilityChanged(_ context: ChannelHandlerContext, for session: TerminalSession?) {
        if canTakeOutput(context) { session?.outputResumed() }
    }

    /// The client asks for no more output for now.
    mutating func pause() {
        isPaused = true
    }

    /// The client takes output again.
    mutating func resume(_ context: ChannelHandlerContext, for session: TerminalSession?) {
        isPaused = false
        writabilityChanged(context, for: session)
    }
}
