import NIOCore

/// Acknowledges the client's packets at once while the connection is being set up.
///
/// During the handshake OpenSSH's client writes two small packets in a row (its key
/// exchange reply after KEXINIT, its service request after NEWKEYS) and, with Nagle's
/// algorithm on, holds the second until the first is acknowledged; Linux delays an
/// acknowledgement up to 40 ms when it has nothing to send back. Each login paid that
/// twice (80 ms of a 90 ms handshake on loopback). TCP_QUICKACK turns the delay off, but
/// only until the kernel turns it back on, so it is set again after every read. Once the
/// client has a session it turns Nagle off itself, and this handler leaves the pipeline.
final class QuickAckHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    /// Reads after which the handshake and login are long over.
    private static let reads = 24
    /// TCP_QUICKACK from <netinet/tcp.h>, which Swift's Glibc module does not show.
    private static let option = ChannelOptions.Types.SocketOption(
        level: NIOBSDSocket.OptionLevel(rawValue: 6), name: NIOBSDSocket.Option(rawValue: 12))

    private var seen = 0

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        try? context.channel.syncOptions?.setOption(Self.option, value: 1)
        context.fireChannelRead(data)
        seen += 1
        if seen == Self.reads {
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }
}
