import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOEmbedded
import Testing
@testable import Serve

/// The page's first screen: what of the program's output is taken, the size cookie, the page
/// with the screen in it, and the cache that draws each screen once.
@Suite struct FirstScreenTests {
    /// Two rows as the renderer writes them, at 12×2.
    static let rows = [
        #"<div class="r"><span class="B">Title</span>      <span class="f12 B">+</span></div>"#,
        #"<div class="r"><span class="fi bi"> &lt;b&gt; &amp; <span class="c">›</span></span></div>"#,
    ]

    static func output(_ size: String = "12x2", _ rows: [String] = rows) -> [UInt8] {
        Array(([size] + rows).joined(separator: "\n").utf8 + [10])
    }

    @Test func theProgramsOutputIsTakenWhenItIsTheRenderersRowsAtTheSize() throws {
        let screen = try #require(FirstScreen(programOutput: Self.output(), size: (12, 2)))
        #expect(screen.columns == 12 && screen.rows == 2)
        #expect(screen.html == Self.rows.joined(separator: "\n"))
        // Another size, a row missing or more, no size line, bytes that are not UTF-8.
        #expect(FirstScreen(programOutput: Self.output("12x3"), size: (12, 2)) == nil)
        #expect(FirstScreen(programOutput: Self.output(), size: (12, 3)) == nil)
        #expect(FirstScreen(programOutput: Self.output("12x2", Self.rows + [Self.rows[0]]), size: (12, 2)) == nil)
        #expect(FirstScreen(programOutput: Array(Self.rows.joined(separator: "\n").utf8), size: (12, 2)) == nil)
        #expect(FirstScreen(programOutput: Self.output() + [0xFF], size: (12, 2)) == nil)
    }

    /// Whatever the program printed, nothing but the renderer's markup reaches the page.
    @Test(arguments: [
        #"<div class="r"><script>alert(1)</script></div>"#,
        #"<div class="r"><span class="x" onmouseover="alert(1)">x</span></div>"#,
        #"<div class="r"><span class="a"b">x</span></div>"#,
        #"<div class="r"><img src=x onerror=alert(1)></div>"#,
        #"<div class="r">&#60;script&#62;</div>"#,
        #"<div class="r">a > b</div>"#,
        #"<div class="r"></div><div class="r"></div>"#.replacingOccurrences(of: "</div><div", with: "</div>x<div"),
        #"<div class="r">"#,
        #"<div class="x"></div>"#,
    ])
    func anythingElseInARowRefusesTheScreen(row: String) {
        #expect(FirstScreen(programOutput: Self.output("12x2", [Self.rows[0], row]), size: (12, 2)) == nil, "\(row)")
    }

    @Test func theCookieGivesTheSizeAndTheCell() {
        #expect(PageSize(cookieHeader: nil) == PageSize())
        #expect(PageSize().columns == 80 && PageSize().rows == 24 && PageSize().cell == PageSize.Cell(width: 9, height: 18))
        let both = PageSize(cookieHeader: "theme=dark; storyboard-size=110x35@8x17")
        #expect(both.columns == 110 && both.rows == 35 && both.cell == PageSize.Cell(width: 8, height: 17))
        let sizeOnly = PageSize(cookieHeader: "storyboard-size=100x30")
        #expect(sizeOnly.columns == 100 && sizeOnly.rows == 30 && sizeOnly.cell == PageSize.Cell())
        // Sizes as a hello's are taken: at most 500×200.
        let huge = PageSize(cookieHeader: "storyboard-size=9999x9999@9x18")
        #expect(huge.columns == 500 && huge.rows == 200)
        // A cell out of range keeps the usual one; anything else is no size at all.
        #expect(PageSize(cookieHeader: "storyboard-size=100x30@900x1").cell == PageSize.Cell())
        for value in ["0x24", "-1x24", "80x", "x24", "80x24x1", "８０x24", "80 x24", "1e3x24", "80x24@9x", "80x24@9x18@1"] {
            #expect(PageSize(cookieHeader: "storyboard-size=\(value)") == PageSize(), "\(value)")
        }
    }

    @Test func thePageCarriesTheScreenInPlaceOfItsMarker() throws {
        let screen = try #require(FirstScreen(programOutput: Self.output(), size: (12, 2)))
        let page = Array("<main></main>\n<!--first-screen-->\n</body>".utf8)
        let shown = String(decoding: FirstScreen.page(page, with: screen, cell: PageSize.Cell(width: 8, height: 17)), as: UTF8.self)
        #expect(shown.split(separator: "\n", omittingEmptySubsequences: false) == [
            "<main></main>",
            #"<div id="first-screen" class="first-screen cw8 ch17" aria-hidden="true" data-columns="12" data-rows="2">"#,
            Substring(Self.rows[0]),
            Substring(Self.rows[1]),
            "</div>",
            "</body>",
        ])
        #expect(FirstScreen.page(page, with: nil, cell: PageSize.Cell()) == page)
    }

    /// A stand-in for the program: counts drawings and finishes each when the test says.
    final class Drawings: @unchecked Sendable {
        let lock = NIOLock()
        var keys: [FirstScreenCache.Key] = []
        var promises: [EventLoopPromise<FirstScreen?>] = []

        func draw(_ key: FirstScreenCache.Key, _ loop: EventLoop) -> EventLoopFuture<FirstScreen?> {
            let promise = loop.makePromise(of: FirstScreen?.self)
            lock.withLock {
                keys.append(key)
                promises.append(promise)
            }
            return promise.futureResult
        }

        func finish(_ index: Int, _ screen: FirstScreen?) {
            lock.withLock { promises[index] }.succeed(screen)
        }

        /// A cache drawing through this stand-in, at the start of a minute.
        func cache(secondsToNextMinute: Double = 60) -> FirstScreenCache {
            FirstScreenCache(secondsToNextMinute: { secondsToNextMinute }) { [self] key, loop in draw(key, loop) }
        }
    }

    static func key(_ columns: Int = 12, _ name: String = "colorboard") -> FirstScreenCache.Key {
        FirstScreenCache.Key(target: SessionTarget(argument: name, label: name), columns: columns, rows: 2, language: nil)
    }

    static func value(_ future: EventLoopFuture<FirstScreen?>) -> FirstScreen?? {
        var result: FirstScreen??
        future.whenSuccess { result = .some($0) }
        return result
    }

    @Test func eachScreenIsDrawnOnceAndKeptForItsLifetime() throws {
        let loop = EmbeddedEventLoop()
        let drawings = Drawings()
        let cache = drawings.cache()
        let screen = try #require(FirstScreen(programOutput: Self.output(), size: (12, 2)))
        let start = NIODeadline.now()
        let first = cache.screen(for: Self.key(), on: loop, now: start)
        let second = cache.screen(for: Self.key(), on: loop, now: start)
        #expect(drawings.keys.count == 1, "pages asking while it is drawn wait for the same drawing")
        drawings.finish(0, screen)
        #expect(Self.value(first) == .some(screen) && Self.value(second) == .some(screen))
        let young = cache.screen(for: Self.key(), on: loop, now: start + FirstScreenCache.refreshAge - .seconds(1))
        #expect(Self.value(young) == .some(screen) && drawings.keys.count == 1)
        _ = cache.screen(for: Self.key(), on: loop, now: .now() + FirstScreenCache.lifetime)
        #expect(drawings.keys.count == 2, "a screen past its lifetime is drawn again")
    }

    /// A screen drawn near the end of a minute is drawn again in the next: a list of times of
    /// day is not the same then.
    @Test func aScreenEndsWithTheMinute() throws {
        let loop = EmbeddedEventLoop()
        let drawings = Drawings()
        let cache = drawings.cache(secondsToNextMinute: 2)
        _ = cache.screen(for: Self.key(), on: loop)
        drawings.finish(0, FirstScreen(programOutput: Self.output(), size: (12, 2)))
        _ = cache.screen(for: Self.key(), on: loop, now: .now() + .seconds(3))
        #expect(drawings.keys.count == 2)
    }

    /// Past half its lifetime a screen is still served at once, and drawn again a moment
    /// later for the pages after.
    @Test func anAgeingScreenIsServedAndDrawnAgainAfterTheLoad() throws {
        let loop = EmbeddedEventLoop()
        let drawings = Drawings()
        let cache = drawings.cache()
        let screen = try #require(FirstScreen(programOutput: Self.output(), size: (12, 2)))
        _ = cache.screen(for: Self.key(), on: loop)
        drawings.finish(0, screen)
        let ageing = cache.screen(for: Self.key(), on: loop, now: .now() + FirstScreenCache.refreshAge)
        #expect(Self.value(ageing) == .some(screen) && drawings.keys.count == 1, "served at once, not drawn yet")
        loop.advanceTime(by: FirstScreenCache.refreshDelay)
        #expect(drawings.keys.count == 2, "drawn again once the page has loaded")
        _ = cache.screen(for: Self.key(), on: loop, now: .now() + FirstScreenCache.refreshAge)
        #expect(drawings.keys.count == 2, "one drawing again at a time")
        let other = try #require(FirstScreen(programOutput: Self.output("12x2", [Self.rows[1], Self.rows[0]]), size: (12, 2)))
        drawings.finish(1, other)
        #expect(Self.value(cache.screen(for: Self.key(), on: loop)) == .some(other))
    }

    @Test func onlySoManyAreDrawnAtOnceAndAFailureIsKeptToo() throws {
        let loop = EmbeddedEventLoop()
        let drawings = Drawings()
        let cache = drawings.cache()
        for columns in 0..<FirstScreenCache.maximumDrawings { _ = cache.screen(for: Self.key(20 + columns), on: loop) }
        let refused = cache.screen(for: Self.key(99), on: loop)
        #expect(Self.value(refused) == .some(nil), "a page that would need one more drawing gets none")
        #expect(drawings.keys.count == FirstScreenCache.maximumDrawings)
        drawings.finish(0, nil)
        // The failed one is not tried again within its lifetime: no program per page load.
        #expect(Self.value(cache.screen(for: Self.key(20), on: loop)) == .some(nil))
        #expect(drawings.keys.count == FirstScreenCache.maximumDrawings)
        _ = cache.screen(for: Self.key(99), on: loop)
        #expect(drawings.keys.last == Self.key(99), "a place is free again")
    }

    @Test func aPageLoadIsAnsweredWithTheScreenOfItsPathSizeAndLanguage() throws {
        let drawings = Drawings()
        let channel = try WebListenerTests.channel(WebListenerTests.context(token: nil, firstScreens: drawings.cache()))
        let request = WebListenerTests.get("/", headers: ["Cookie: a=b; storyboard-size=12x2@8x17", "Accept-Language: de-DE,de;q=0.9"])
        #expect(try WebListenerTests.exchange(channel, request).isEmpty, "the page waits for its screen")
        #expect(drawings.keys == [FirstScreenCache.Key(
            target: SessionTarget(argument: "launcher", label: "launcher"), columns: 12, rows: 2, language: "de_DE.UTF-8")])
        drawings.finish(0, FirstScreen(programOutput: Self.output(), size: (12, 2)))
        let page = try WebListenerTests.output(channel)
        #expect(page.hasPrefix("HTTP/1.1 200 OK") && page.contains("Cache-Control: no-store"), "\(page.prefix(300))")
        let lines = page.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("<div id=\"first-screen\"") })
        #expect(Array(lines[start...(start + 3)]) == [
            #"<div id="first-screen" class="first-screen cw8 ch17" aria-hidden="true" data-columns="12" data-rows="2">"#,
            Self.rows[0], Self.rows[1], "</div>",
        ])
        #expect(!page.contains("<!--first-screen-->"))
        // The page's files draw nothing; a served name draws its own; an unknown one is not found.
        #expect(try WebListenerTests.exchange(channel, WebListenerTests.get("/static/app.css")).hasPrefix("HTTP/1.1 200 OK"))
        #expect(drawings.keys.count == 1)
        _ = try WebListenerTests.exchange(channel, WebListenerTests.get("/colorboard"))
        #expect(drawings.keys.last?.target.argument == "colorboard" && drawings.keys.last?.columns == 80)
        drawings.finish(1, nil)
        #expect(try WebListenerTests.output(channel).hasPrefix("HTTP/1.1 200 OK"), "no screen: the page as it is")
        #expect(try WebListenerTests.exchange(channel, WebListenerTests.get("/nosuch")).hasPrefix("HTTP/1.1 404"))
        #expect(drawings.keys.count == 2)
    }

    @Test func aSlowDrawingLeavesThePageWithoutAScreenAfterAMoment() throws {
        let drawings = Drawings()
        let channel = try WebListenerTests.channel(WebListenerTests.context(token: nil, firstScreens: drawings.cache()))
        #expect(try WebListenerTests.exchange(channel, WebListenerTests.get("/")).isEmpty)
        let loop = channel.eventLoop as! EmbeddedEventLoop
        loop.advanceTime(by: FirstScreenCache.pageWait)
        let page = try WebListenerTests.output(channel)
        #expect(page.hasPrefix("HTTP/1.1 200 OK") && page.contains("<!--first-screen-->"), "\(page.prefix(200))")
        drawings.finish(0, FirstScreen(programOutput: Self.output("80x24", Array(repeating: "<div class=\"r\"></div>", count: 24)), size: (80, 24)))
        #expect(try WebListenerTests.output(channel).isEmpty, "one answer per request")
        // The next load takes the screen drawn meanwhile.
        let next = try WebListenerTests.exchange(channel, WebListenerTests.get("/"))
        #expect(next.contains(#"data-columns="80" data-rows="24""#) && drawings.keys.count == 1)
    }

    /// Pages asking for one size after another start no more than the rate's drawings.
    @Test func drawingsStartAtMostAtTheirRate() {
        let loop = EmbeddedEventLoop()
        let drawings = Drawings()
        let cache = drawings.cache()
        let start = NIODeadline.now()
        for columns in 0..<20 {
            let before = drawings.keys.count
            _ = cache.screen(for: Self.key(20 + columns), on: loop, now: start)
            // Each finishes at once: only the rate holds the next back.
            if drawings.keys.count > before { drawings.finish(before, nil) }
        }
        #expect(drawings.keys.count == Int(FirstScreenCache.drawingBurst))
        _ = cache.screen(for: Self.key(99), on: loop, now: start + .seconds(1))
        #expect(drawings.keys.count == Int(FirstScreenCache.drawingBurst) + 1, "the bucket fills again")
    }

    /// The first screen's colours are those of the terminal the page serves: xterm.js's own
    /// palette, read from the file.
    @Test func thePaletteIsTheServedTerminals() throws {
        guard case .success(let assets) = WebAssets.load() else { Issue.record("the page's files are missing"); return }
        let xterm = String(decoding: try #require(assets.files["/static/xterm.js"]).body, as: UTF8.self)
        let start = try #require(xterm.range(of: "exports.DEFAULT_ANSI_COLORS = (function () {"))
        let block = xterm[start.upperBound...].prefix(1200)
        let basic = block.matches(of: /fromHex\('(#[0-9a-f]{6})'\)/).map { String($0.1) }
        #expect(basic == FirstScreenStyle.basic)
        #expect(block.contains("var v = [0x00, 0x5f, 0x87, 0xaf, 0xd7, 0xff];") && block.contains("var c = 8 + i * 10;"))
        #expect(xterm.contains("var DEFAULT_FOREGROUND = fromHex('\(FirstScreenStyle.foreground)');"))
        #expect(xterm.contains("var DEFAULT_BACKGROUND = fromHex('\(FirstScreenStyle.background)');"))
        let css = String(decoding: try #require(assets.files["/static/screen.css"]).body, as: UTF8.self)
        #expect(FirstScreenStyle.palette.count == 256)
        #expect(css.contains(".first-screen .f196{color:#ff0000}.first-screen .b196{background-color:#ff0000}"))
        #expect(css.contains(".first-screen .f244{color:#808080}") && css.contains(".first-screen .f1{color:#cc0000}"))
        #expect(css.contains(".first-screen.cw9{--cell-width:9px}") && css.contains(".first-screen.ch18{--cell-height:18px}"))
    }

    @Test func aPrivateServerDrawsNone() {
        let open = WebListenerTests.context(token: nil)
        #expect(FirstScreenCache.forServer(open.server, token: nil) != nil)
        #expect(FirstScreenCache.forServer(open.server, token: "secret-token-0123456789") == nil)
    }
}
