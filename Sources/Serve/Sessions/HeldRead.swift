import NIOCore

/// A read NIO asked a handler for that it holds back until it may be made: the way both ends
/// of a session stop reading one side while the other cannot take more (`SessionPacing` for
/// the client's input, `TerminalPipeHandler` for the program's output). However many reads
/// were asked for while held, one is made when released.
struct HeldRead {
    private var isHeld = false

    /// Reads now when `allowed`, else holds the read.
    mutating func read(_ context: ChannelHandlerContext, if allowed: Bool) {
        if allowed {
            context.read()
        } else {
            isHeld = true
        }
    }

    /// Makes the read held, if one was.
    mutating func release(_ context: ChannelHandlerContext?) {
        guard isHeld, let context else { return }
        isHeld = false
        context.read()
    }
}
