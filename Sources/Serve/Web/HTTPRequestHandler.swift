import NIOCore
import NIOHTTP1
import NIOWebSocket

/// Answers the page's plain HTTP requests: the page (`/`, and `/NAME` for a served
/// storyboard), its static files, `/healthz` for a load balancer, and a refusal for a
/// WebSocket request the upgrader turned down. Only GET and HEAD; every path is looked up in
/// a fixed table, so no request reaches the file system. A connection whose request head
/// does not arrive within the head timeout (or that idles that long between requests) is
/// closed.
final class HTTPRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let web: WebContext
    private let connection: WebConnection
    private var head: HTTPRequestHead?
    private var timeout: Scheduled<Void>?

    init(web: WebContext, connection: WebConnection) {
        self.web = web
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        armTimeout(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timeout?.cancel()
    }

    private func armTimeout(context: ChannelHandlerContext) {
        timeout?.cancel()
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let connection = connection
        timeout = context.eventLoop.scheduleTask(in: web.headTimeout) {
            connection.closeReason = connection.closeReason ?? "no request within the head timeout"
            bound.value.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            timeout?.cancel()
            self.head = head
        case .body:
            break
        case .end:
            guard let head else { return }
            self.head = nil
            respond(to: head, context: context)
        }
    }

    /// What a request gets: status, headers and body, before they are written.
    struct Response {
        var status: HTTPResponseStatus
        var headers: [(String, String)] = []
        var body: [UInt8] = []
        var contentType = "text/plain; charset=utf-8"

        init(status: HTTPResponseStatus, text: String) {
            self.status = status
            self.body = Array((text + "\n").utf8)
        }

        init(status: HTTPResponseStatus, body: [UInt8], contentType: String) {
            self.status = status
            self.body = body
            self.contentType = contentType
        }
    }

    /// The answer to `head`, decided without a channel; the page with `firstScreen` in it
    /// when one is given.
    static func response(to head: HTTPRequestHead, web: WebContext, firstScreen: FirstScreen? = nil) -> Response {
        let firstScreen = firstScreen.map { ($0, PageSize(cookieHeader: cookies(head)).cell) }
        guard head.method == .GET || head.method == .HEAD else {
            var response = Response(status: .methodNotAllowed, text: "method not allowed")
            response.headers.append(("Allow", "GET, HEAD"))
            return response
        }
        let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        switch path {
        case "/healthz":
            return web.server.isShuttingDown
                ? Response(status: .serviceUnavailable, text: "stopping")
                : Response(status: .ok, text: "ok")
        case "/ws":
            // The upgrader refused it: say why without echoing anything the client sent.
            if !OriginPolicy.allows(origin: head.headers.first(name: "origin"), host: head.headers.first(name: "host"), allowed: web.allowedOrigins) {
                return Response(status: .forbidden, text: "forbidden: this page's origin may not connect")
            }
            return Response(status: .badRequest, text: "bad request: a WebSocket upgrade is expected here")
        default:
            break
        }
        if var asset = web.assets.files[path] ?? (isServedName(path, web: web) ? web.assets.page : nil) {
            if let (screen, cell) = firstScreen, asset.etag == web.assets.page?.etag {
                asset = asset.with(body: FirstScreen.page(asset.body, with: screen, cell: cell))
            }
            if head.headers.first(name: "if-none-match") == asset.etag {
                var response = Response(status: .notModified, body: [], contentType: asset.contentType)
                response.headers.append(("ETag", asset.etag))
                return response
            }
            var response = Response(status: .ok, body: asset.body, contentType: asset.contentType)
            response.headers.append(("ETag", asset.etag))
            response.headers.append(("Cache-Control", asset.cacheControl))
            return response
        }
        return Response(status: .notFound, text: "not found")
    }

    /// The first screen a request for the page would show: what a session of its path runs,
    /// at the size the page last had (`PageSize`), in the browser's language. Nil for any
    /// other request.
    static func firstScreenKey(for head: HTTPRequestHead, web: WebContext) -> FirstScreenCache.Key? {
        guard head.method == .GET || head.method == .HEAD else { return nil }
        let path = head.uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let target: SessionTarget?
        if path == "/" {
            target = web.server.configuration.defaultTarget
        } else if web.assets.files[path] == nil, path.hasPrefix("/"), let name = SessionPolicy.execName(String(path.dropFirst())) {
            target = web.server.configuration.execTarget(name)
        } else {
            target = nil
        }
        guard let target else { return nil }
        let size = PageSize(cookieHeader: cookies(head))
        let language = BrowserLanguage.lang(acceptLanguage: head.headers.first(name: "accept-language"))
        return FirstScreenCache.Key(target: target, columns: size.columns, rows: size.rows, language: language)
    }

    /// The request's cookies, all its `Cookie` headers as one.
    static func cookies(_ head: HTTPRequestHead) -> String {
        head.headers["cookie"].joined(separator: "; ")
    }

    /// `/NAME` where NAME is what `ssh -t HOST NAME` would open.
    static func isServedName(_ path: String, web: WebContext) -> Bool {
        guard path.hasPrefix("/"), let name = SessionPolicy.execName(String(path.dropFirst())) else { return false }
        return web.server.configuration.execTarget(name) != nil
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard let firstScreens = web.firstScreens, let key = Self.firstScreenKey(for: head, web: web) else {
            return write(Self.response(to: head, web: web), for: head, context: context)
        }
        // The page waits for its first screen a little, never longer than painting without
        // one would take.
        var answered = false
        let answer = { [self] (screen: FirstScreen?) in
            guard !answered else { return }
            answered = true
            write(Self.response(to: head, web: web, firstScreen: screen), for: head, context: context)
        }
        let late = context.eventLoop.assumeIsolated().scheduleTask(in: FirstScreenCache.pageWait) { answer(nil) }
        firstScreens.screen(for: key, on: context.eventLoop).assumeIsolated().whenComplete { result in
            late.cancel()
            answer((try? result.get()) ?? nil)
        }
    }

    private func write(_ response: Response, for head: HTTPRequestHead, context: ChannelHandlerContext) {
        if response.status.code >= 400, response.status != .notFound {
            web.logger.notice("web request refused", metadata: [
                "remote": "\(connection.remote)", "status": "\(response.status.code)",
                "method": "\(DiagnosticNames.shown(head.method.rawValue, limit: 16))",
            ])
        }
        var headers = HTTPHeaders()
        for (name, value) in SecurityHeaders.all { headers.add(name: name, value: value) }
        for (name, value) in response.headers { headers.add(name: name, value: value) }
        headers.add(name: "Content-Type", value: response.contentType)
        headers.add(name: "Content-Length", value: "\(response.body.count)")
        let keepAlive = head.isKeepAlive && response.status.code < 400
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        var responseHead = HTTPResponseHead(version: head.version, status: response.status, headers: headers)
        responseHead.headers.remove(name: "transfer-encoding")
        context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
        if head.method != .HEAD, response.status != .notModified, !response.body.isEmpty {
            var buffer = context.channel.allocator.buffer(capacity: response.body.count)
            buffer.writeBytes(response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        let promise = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: promise)
        if keepAlive {
            armTimeout(context: context)
        } else {
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            promise.futureResult.whenComplete { _ in bound.value.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A refused upgrade is reported, then the request comes here to be answered.
        if error is NIOWebSocketUpgradeError { return }
        connection.closeReason = connection.closeReason ?? "error: " + DiagnosticNames.shown(String(describing: error), limit: 120)
        context.close(promise: nil)
    }
}
