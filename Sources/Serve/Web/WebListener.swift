import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Sets up a browser connection's pipeline: HTTP/1.1 with small header limits, the page's
/// request handler, and the WebSocket upgrader for `/ws`, which lets a socket in only from
/// an allowed origin and hands it to a `WebSessionHandler`.
enum WebListener {
    /// Header limits: a browser's request head is a few KB; 16 KB leaves room for a proxy's.
    static let headerLimits: NIOHTTPDecoderLimitConfiguration = {
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = 8 * 1024
        limits.maxHeaderListSize = 16 * 1024
        limits.maxHeaderFieldCount = 64
        return limits
    }()

    /// The largest frame taken: a message (a long paste) and its type byte.
    static let maxFrameSize = WebProtocol.maximumMessageSize + 16

    /// Adds the handlers for one accepted connection (on its event loop).
    static func initialize(_ channel: Channel, connection: WebConnection, web: WebContext) throws {
        let requestHandler = HTTPRequestHandler(web: web, connection: connection)
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: maxFrameSize, automaticErrorHandling: true,
            shouldUpgrade: { channel, head in
                channel.eventLoop.makeSucceededFuture(shouldUpgrade(head, peer: channel.remoteAddress, web: web))
            },
            upgradePipelineHandler: { channel, head in
                channel.eventLoop.makeCompletedFuture {
                    let bound = NIOLoopBound(connection, eventLoop: channel.eventLoop)
                    let connection = bound.value
                    let forwardedFor = head.headers.first(name: "x-forwarded-for")
                    connection.remote = web.clientAddress(peer: channel.remoteAddress, forwardedFor: forwardedFor)
                    connection.source = web.clientSource(peer: channel.remoteAddress, forwardedFor: forwardedFor)
                    connection.logger[metadataKey: "web"] = "\(connection.number)"
                    connection.logger.info("web socket opened", metadata: [
                        "remote": "\(connection.remote)",
                        "agent": "\(WebContext.cleanedUserAgent(head.headers.first(name: "user-agent")))",
                    ])
                    let language = BrowserLanguage.lang(acceptLanguage: head.headers.first(name: "accept-language"))
                    try channel.pipeline.syncOperations.addHandler(
                        NIOWebSocketFrameAggregator(
                            minNonFinalFragmentSize: 1, maxAccumulatedFrameCount: 64, maxAccumulatedFrameSize: maxFrameSize))
                    try channel.pipeline.syncOperations.addHandler(WebSessionHandler(web: web, connection: connection, language: language))
                }
            })
        let bound = NIOLoopBound(requestHandler, eventLoop: channel.eventLoop)
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(
            withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                // Upgraded: the page's HTTP handler has no more to do on this connection.
                context.pipeline.syncOperations.removeHandler(bound.value, promise: nil)
            }),
            withErrorHandling: true, withOutboundHeaderValidation: true, withEncoderConfiguration: .init(),
            withDecoderLimitConfiguration: headerLimits)
        try channel.pipeline.syncOperations.addHandler(requestHandler)
    }

    /// Extra headers for an upgrade that may go ahead, or nil to refuse it (the request then
    /// reaches `HTTPRequestHandler`, which answers 403 or 400).
    static func shouldUpgrade(_ head: HTTPRequestHead, peer: SocketAddress?, web: WebContext) -> HTTPHeaders? {
        let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard path == "/ws" else { return nil }
        guard OriginPolicy.allows(origin: head.headers.first(name: "origin"), host: head.headers.first(name: "host"), allowed: web.allowedOrigins) else {
            web.logger.notice("refused", metadata: [
                "request": "web socket", "reason": "foreign origin",
                "origin": "\(DiagnosticNames.shown(head.headers.first(name: "origin") ?? "none", limit: 80))",
                "remote": "\(web.clientAddress(peer: peer, forwardedFor: head.headers.first(name: "x-forwarded-for")))",
            ])
            return nil
        }
        var headers = HTTPHeaders()
        for (name, value) in SecurityHeaders.all where name != "Content-Security-Policy" { headers.add(name: name, value: value) }
        return headers
    }
}
