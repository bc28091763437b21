import CommandSupport
import Foundation
import Glibc
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Draws a browser session's first screen the way the session will: the same program, target,
/// options and environment as `WebSessionHandler` starts a session with (an anonymous one, on
/// a fresh scratch folder), with `--first-screen-html COLSxROWS` added, its output read from a
/// pipe. The folder is removed once the program has ended; a program still running after
/// `timeout` is killed. The result is nil whenever anything went wrong: the page is then
/// served without a first screen.
enum FirstScreenRender {
    /// Output past this is no screen the renderer draws (a 500×200 screen is about 2 MB of
    /// spans at worst; a usual one 10 to 40 KB).
    static let outputLimit = 4 << 20

    static func render(
        _ key: FirstScreenCache.Key, server: ServerState, loop: EventLoop, timeout: TimeAmount
    ) -> EventLoopFuture<FirstScreen?> {
        let promise = loop.makePromise(of: FirstScreen?.self)
        let configuration = server.configuration
        let directory = configuration.scratchDirectory.appendingPathComponent(UUID().uuidString.lowercased(), isDirectory: true)
        var descriptors: [Int32] = [-1, -1]
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            server.logger.notice("first screen not drawn", metadata: ["reason": "no scratch folder"])
            promise.succeed(nil)
            return promise.futureResult
        }
        // Close-on-exec, so no other program the server starts holds the pipe open.
        guard pipe(&descriptors) == 0, fcntl(descriptors[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(descriptors[1], F_SETFD, FD_CLOEXEC) == 0 else {
            if descriptors[0] >= 0 { close(descriptors[0]) }
            if descriptors[1] >= 0 { close(descriptors[1]) }
            try? FileManager.default.removeItem(at: directory)
            promise.succeed(nil)
            return promise.futureResult
        }
        var environment = TerminalSession.childEnvironment(
            WebSessionHandler.environment(language: key.language, screenReader: false),
            terminalType: WebSessionHandler.terminalType, home: directory.path)
        // As the session's own program is told: its first screen says so.
        environment[DiscardedSessionData.environmentVariable] = "1"
        if configuration.recordDirectory != nil { environment[SessionRecording.environmentVariable] = "1" }
        let arguments = TerminalSession.runArguments(key.target, dataDirectory: directory.path)
            + ["--first-screen-html", "\(key.columns)x\(key.rows)"]
        let reading = FirstScreenReading(size: (key.columns, key.rows), promise: promise) {
            try? FileManager.default.removeItem(at: directory)
        }
        let pid: pid_t
        do {
            pid = try server.supervisor.start(on: loop) { () throws(SessionError) -> pid_t in
                try SessionSpawner.spawn(
                    executable: configuration.executable, arguments: arguments, environment: environment,
                    descriptors: .output(descriptors[1]), workingDirectory: directory.path)
            } onExit: { exit in
                reading.exited(exit)
            }
        } catch {
            close(descriptors[0])
            close(descriptors[1])
            server.logger.notice("first screen not drawn", metadata: ["reason": "\(error)"])
            reading.exited(.exited(255))
            reading.outputEnded()
            return promise.futureResult
        }
        close(descriptors[1])
        let readEnd = descriptors[0]
        let killer = loop.scheduleTask(in: timeout) { kill(pid, SIGKILL) }
        promise.futureResult.whenComplete { _ in killer.cancel() }
        NIOPipeBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(FirstScreenOutputHandler(reading: reading, limit: outputLimit))
                }
            }
            .takingOwnershipOfDescriptor(input: readEnd)
            .whenFailure { _ in
                close(readEnd)
                reading.outputEnded()
            }
        return promise.futureResult
    }
}

/// What the program printed and how it ended; the screen once both are known. Touched on
/// one event loop only.
final class FirstScreenReading: @unchecked Sendable {
    private let size: (columns: Int, rows: Int)
    private let promise: EventLoopPromise<FirstScreen?>
    private let cleanUp: () -> Void
    private var output: [UInt8] = []
    private var exit: ProcessExit?
    private var ended = false
    private var overflowed = false

    init(size: (columns: Int, rows: Int), promise: EventLoopPromise<FirstScreen?>, cleanUp: @escaping () -> Void) {
        self.size = size
        self.promise = promise
        self.cleanUp = cleanUp
    }

    /// Appends output; false once past `limit` (the rest is not read).
    func append(_ bytes: ByteBufferView, limit: Int) -> Bool {
        guard output.count + bytes.count <= limit else {
            overflowed = true
            return false
        }
        output.append(contentsOf: bytes)
        return true
    }

    func outputEnded() {
        guard !ended else { return }
        ended = true
        finishIfDone()
    }

    func exited(_ exit: ProcessExit) {
        self.exit = exit
        cleanUp()
        finishIfDone()
    }

    private func finishIfDone() {
        guard ended, let exit else { return }
        let screen = exit == .exited(0) && !overflowed ? FirstScreen(programOutput: output, size: size) : nil
        promise.succeed(screen)
    }
}

/// Reads the program's output into its `FirstScreenReading`.
final class FirstScreenOutputHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let reading: FirstScreenReading
    private let limit: Int

    init(reading: FirstScreenReading, limit: Int) {
        self.reading = reading
        self.limit = limit
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        if !reading.append(buffer.readableBytesView, limit: limit) { context.close(promise: nil) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        reading.outputEnded()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, case .inputClosed = event { context.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
