import Demos
import Flow
import Logging
import NIOCore
import NIOPosix

/// One session's connection to the shared store: the server's end of the socket pair whose
/// other end the session process inherited. Frames come in one at a time (the session waits
/// for each answer); each is answered in order as the user the server started the session for.
enum SessionStoreChannel {
    /// Serves `descriptor` (taking ownership) until the session closes its end.
    static func serve(descriptor: Int32, owner: String, store: SharedStore, group: any EventLoopGroup) async {
        let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            channel = try await ClientBootstrap(group: group).withConnectedSocket(descriptor) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(FrameDecoder()))
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        } catch {
            store.logger.error("store connection failed", metadata: ["error": "\(DiagnosticText.escaped("\(error)"))"])
            return
        }
        do {
            try await channel.executeThenClose { inbound, outbound in
                for try await frame in inbound {
                    let reply: StoreReply
                    do {
                        let request = try StoreRequest(decoding: Array(frame.readableBytesView))
                        reply = await store.reply(to: request, owner: owner)
                    } catch {
                        reply = .failure(.databaseFailed(path: store.location.description, operation: "reading a request", reason: "\(error)"))
                    }
                    try await outbound.write(ByteBuffer(bytes: reply.encoded.frame))
                }
            }
        } catch {
            // The session went away mid-frame (killed, or its terminal closed): nothing to answer.
            store.logger.debug("store connection ended", metadata: ["error": "\(DiagnosticText.escaped("\(error)"))"])
        }
    }

    /// Cuts the stream into frames: a 4-byte big-endian length, then that many bytes.
    struct FrameDecoder: ByteToMessageDecoder {
        typealias InboundOut = ByteBuffer

        struct FrameTooLarge: Error, CustomStringConvertible {
            let length: Int
            var description: String { "a frame of \(length) bytes" }
        }

        mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
            guard let length = buffer.getInteger(at: buffer.readerIndex, as: UInt32.self) else { return .needMoreData }
            guard Int(length) <= StoreWire.maximumFrame else { throw FrameTooLarge(length: Int(length)) }
            guard buffer.readableBytes >= 4 + Int(length) else { return .needMoreData }
            buffer.moveReaderIndex(forwardBy: 4)
            context.fireChannelRead(wrapInboundOut(buffer.readSlice(length: Int(length))!))
            return .continue
        }
    }
}

extension SharedStore {
    /// Serves the store to a session of `owner` over `descriptor`, one end of a connected
    /// socket pair, which this takes over and closes when the session closes its end.
    public func serveSession(descriptor: Int32, owner: String) {
        Task { await SessionStoreChannel.serve(descriptor: descriptor, owner: owner, store: self, group: MultiThreadedEventLoopGroup.singleton) }
    }
}
