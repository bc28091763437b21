import Glibc
import NIOConcurrencyHelpers
import NIOCore

/// The first screens the page is answered with, kept a short while per target, size and
/// language, so that most page loads cost no program start.
///
/// A screen is drawn when a page asks for one and none fresh is kept; pages asking for the
/// same one meanwhile wait for that drawing. A screen past half its lifetime is still served,
/// and drawn again a moment later (`refreshDelay`, once that page has loaded), so that pages
/// loaded one after another never wait. At most `maximumDrawings` are drawn at once
/// and `drawingsPerSecond` over a burst of `drawingBurst` (page loads are unauthenticated:
/// each drawing starts a program, and pages asking for many sizes must not start many), and a
/// page that would need another is served without a first screen. The screen a session will draw can change (a saved file under
/// `--watch`, the time a row shows), hence the short `lifetime`, which also ends when the
/// clock's minute does (a list of times of day changes then); a page whose screen is already
/// stale hands over to the session as soon as it draws (`app.js`).
///
/// Only servers anyone may use draw them (`--open`): a private server's page is answered
/// before its token is checked, and its first screen is what the token guards. Nor does a
/// shared store's (`--store`): its first screen is everyone's latest data.
final class FirstScreenCache: @unchecked Sendable {
    /// Which screen: what a session of the page would run, at which size, in which language.
    struct Key: Hashable, Sendable {
        let target: SessionTarget
        let columns: Int
        let rows: Int
        let language: String?
    }

    private struct Entry {
        let screen: FirstScreen?
        /// When it is no longer served.
        let expires: NIODeadline
    }

    static let lifetime = TimeAmount.seconds(10)
    /// A screen this old (this close to its end) is drawn again, after `refreshDelay`, while
    /// it is still served.
    static let refreshAge = TimeAmount.seconds(5)
    static let refreshDelay = TimeAmount.seconds(1)
    static let maximumEntries = 32
    static let maximumDrawings = 2
    static let drawingsPerSecond = 2.0
    static let drawingBurst = 8.0
    /// How long a page waits for a screen being drawn before it is served without one.
    static let pageWait = TimeAmount.milliseconds(250)
    /// A drawing still running after this is killed.
    static let drawingTimeout = TimeAmount.seconds(5)

    private let lock = NIOLock()
    private var entries: [Key: Entry] = [:]
    private var drawing: [Key: EventLoopFuture<FirstScreen?>] = [:]
    private var drawingStarts = TokenBucket(
        rate: FirstScreenCache.drawingsPerSecond, burst: FirstScreenCache.drawingBurst, now: seconds(.now()))
    private let draw: @Sendable (Key, EventLoop) -> EventLoopFuture<FirstScreen?>
    private let secondsToNextMinute: @Sendable () -> Double

    /// A cache drawing with `draw` (`FirstScreenRender.render` on a server; a stand-in in
    /// tests), its screens ending with the minute `secondsToNextMinute` says is left.
    init(
        secondsToNextMinute: @escaping @Sendable () -> Double = FirstScreenCache.secondsToNextMinute,
        draw: @escaping @Sendable (Key, EventLoop) -> EventLoopFuture<FirstScreen?>
    ) {
        self.secondsToNextMinute = secondsToNextMinute
        self.draw = draw
    }

    /// Seconds until the wall clock's next minute.
    static func secondsToNextMinute() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return 60 - Double(now.tv_sec % 60) - Double(now.tv_nsec) / 1e9
    }

    /// A server's cache, or nil when its pages get no first screen (see above).
    static func forServer(_ server: ServerState, token: String?) -> FirstScreenCache? {
        guard token == nil, server.configuration.sessionStore == nil else { return nil }
        return FirstScreenCache { key, loop in
            FirstScreenRender.render(key, server: server, loop: loop, timeout: drawingTimeout)
        }
    }

    /// The screen for `key`: a fresh one kept, the drawing under way, or a new drawing; nil
    /// at once when none may start now.
    func screen(for key: Key, on loop: EventLoop, now: NIODeadline = .now()) -> EventLoopFuture<FirstScreen?> {
        enum Found {
            case kept(FirstScreen?, refresh: EventLoopPromise<FirstScreen?>?)
            case pending(EventLoopFuture<FirstScreen?>)
            case drawHere(EventLoopPromise<FirstScreen?>)
            case none
        }
        let found: Found = lock.withLock {
            if let entry = entries[key], now < entry.expires {
                guard entry.expires - now <= Self.lifetime - Self.refreshAge, drawing[key] == nil, mayStartDrawing(now) else {
                    return .kept(entry.screen, refresh: nil)
                }
                return .kept(entry.screen, refresh: startDrawing(key, on: loop))
            }
            if let future = drawing[key] { return .pending(future) }
            guard mayStartDrawing(now) else { return .none }
            return .drawHere(startDrawing(key, on: loop))
        }
        switch found {
        case .kept(let screen, let refresh):
            if let refresh {
                let draw = draw
                loop.scheduleTask(in: Self.refreshDelay) { refresh.completeWith(draw(key, loop)) }
            }
            return loop.makeSucceededFuture(screen)
        case .pending(let future): return future.hop(to: loop)
        case .none: return loop.makeSucceededFuture(nil)
        case .drawHere(let promise):
            promise.completeWith(draw(key, loop))
            return promise.futureResult
        }
    }

    /// Whether a drawing may start now (under the lock): a place among those drawn at once,
    /// and a token of the rate.
    private func mayStartDrawing(_ now: NIODeadline) -> Bool {
        drawing.count < Self.maximumDrawings && drawingStarts.take(now: Self.seconds(now))
    }

    private static func seconds(_ deadline: NIODeadline) -> Double { Double(deadline.uptimeNanoseconds) / 1e9 }

    /// Notes a drawing of `key` as under way (under the lock) and keeps what it draws.
    private func startDrawing(_ key: Key, on loop: EventLoop) -> EventLoopPromise<FirstScreen?> {
        let promise = loop.makePromise(of: FirstScreen?.self)
        drawing[key] = promise.futureResult
        promise.futureResult.whenComplete { [self] result in
            lock.withLock {
                drawing[key] = nil
                let left = TimeAmount.nanoseconds(Int64(max(0, secondsToNextMinute()) * 1e9))
                entries[key] = Entry(screen: (try? result.get()) ?? nil, expires: .now() + min(Self.lifetime, left))
                if entries.count > Self.maximumEntries, let oldest = entries.min(by: { $0.value.expires < $1.value.expires })?.key {
                    entries[oldest] = nil
                }
            }
        }
        return promise
    }
}
