import NIOCore

/// Refuses, in the listener itself, the connections admission control turns away: before NIO
/// registers them on an event loop or builds their pipeline, so that a refusal costs an
/// accept and a close and nothing more.
///
/// It sits on the listening channel's pipeline, in front of NIO's own accept handler, and sees
/// each accepted connection as a read. A connection not yet registered is closed safely (NIO
/// removes nothing it never registered).
final class AdmissionGate: ChannelInboundHandler {
    typealias InboundIn = Channel

    private let admit: (Channel) -> Bool

    /// A gate letting through the connections `admit` accepts; `admit` runs on the listener's
    /// event loop and must not wait.
    init(admit: @escaping (Channel) -> Bool) {
        self.admit = admit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let connection = unwrapInboundIn(data)
        guard admit(connection) else {
            connection.close(promise: nil)
            return
        }
        context.fireChannelRead(data)
    }
}
