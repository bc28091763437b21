import NIOCore
import NIOEmbedded

/// Sits at the head end of an embedded channel's pipeline and notes what the handlers
/// behind it send towards the socket that `EmbeddedChannel` itself keeps no record of: the
/// reads they ask for and their outbound user events (an SSH reply, an exit status).
final class ChannelProbe: ChannelOutboundHandler {
    typealias OutboundIn = Any

    /// Reads that reached the head: what a handler holding its reads let through.
    private(set) var reads = 0
    /// Outbound user events, oldest first.
    private(set) var events: [Any] = []

    func read(context: ChannelHandlerContext) {
        reads += 1
        context.read()
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        events.append(event)
        promise?.succeed(())
    }

    /// The events of type `T`, oldest first.
    func events<T>(of type: T.Type) -> [T] {
        events.compactMap { $0 as? T }
    }
}

extension EmbeddedChannel {
    /// A connected embedded channel with a probe at its head and `handler` behind it.
    static func probed(_ handler: any ChannelHandler, loop: EmbeddedEventLoop = EmbeddedEventLoop()) throws -> (EmbeddedChannel, ChannelProbe) {
        let probe = ChannelProbe()
        let channel = EmbeddedChannel(loop: loop)
        try channel.pipeline.syncOperations.addHandler(probe)
        try channel.pipeline.syncOperations.addHandler(handler)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 5000)).wait()
        return (channel, probe)
    }

    /// Changes whether the channel can take writes, as a peer's window or a full socket
    /// buffer would, and tells the pipeline.
    func setWritable(_ writable: Bool) {
        isWritable = writable
        pipeline.fireChannelWritabilityChanged()
    }
}
