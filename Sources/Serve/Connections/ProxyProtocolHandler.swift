import NIOCore

/// Reads the PROXY protocol header at the start of a connection (`--proxy-protocol`), then
/// hands the connection on with the client's address and leaves the pipeline; the bytes after
/// the header go on to the handlers `accepted` adds.
///
/// A connection whose first bytes are not a header, or whose header breaks the rules or does
/// not come whole within `timeout`, is closed without a word: a client reaching the port past
/// the proxy learns nothing, and no SSH is spoken before the header.
final class ProxyProtocolHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// What the handler reports, once: the client (nil when the proxy names none), or why the
    /// connection was closed.
    enum Outcome {
        case header(client: SocketAddress?)
        case failed(String)
    }

    private let timeout: TimeAmount
    private let accepted: (Channel, SocketAddress?) throws -> Bool
    private let finished: (Outcome) -> Void
    private var buffered: ByteBuffer?
    private var timer: Scheduled<Void>?
    private var done = false

    /// A handler that calls `finished` once with how the header went and then, when it was
    /// read, `accepted` with the client's address: it adds the handlers that follow, or
    /// returns false when the connection is not to go on.
    init(timeout: TimeAmount, accepted: @escaping (Channel, SocketAddress?) throws -> Bool, finished: @escaping (Outcome) -> Void) {
        self.timeout = timeout
        self.accepted = accepted
        self.finished = finished
    }

    func handlerAdded(context: ChannelHandlerContext) {
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            fail(context: context, "no PROXY protocol header within \(timeout.nanoseconds / 1_000_000_000) s")
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !done else { return }
        var incoming = unwrapInboundIn(data)
        if buffered == nil {
            buffered = incoming
        } else {
            buffered!.writeBuffer(&incoming)
        }
        let bytes = buffered!.readableBytesView
        let header: ProxyProtocolHeader
        do {
            guard let parsed = try ProxyProtocolHeader.parse(bytes) else { return }
            header = parsed
        } catch {
            fail(context: context, error.description)
            return
        }
        done = true
        timer?.cancel()
        buffered!.moveReaderIndex(forwardBy: header.length)
        let rest = buffered!
        buffered = nil
        finished(.header(client: header.client))
        // Refused (and closed) by admission control, or the handlers could not be added.
        guard (try? accepted(context.channel, header.client)) == true else {
            context.close(promise: nil)
            return
        }
        if rest.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(rest)) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !done { fail(context: context, "closed before a PROXY protocol header") }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Nothing after this handler has started yet: the error ends the connection here.
        fail(context: context, "error before a PROXY protocol header")
    }

    private func fail(context: ChannelHandlerContext, _ reason: String) {
        guard !done else { return }
        done = true
        timer?.cancel()
        buffered = nil
        finished(.failed(reason))
        context.close(promise: nil)
    }
}
