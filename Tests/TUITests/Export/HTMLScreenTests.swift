import Flow
import Testing
import TestSupport
@testable import TUI

/// A screen as the page's HTML rows: each row whole, each style named as xterm.js draws it,
/// every character escaped.
@Suite struct HTMLScreenTests {
    /// A small screen: a title in bold, a highlighted (reversed) row, a dim chevron, a wide
    /// character, a colour of the storyboard's and a row of markup a file might hold.
    static func screen() -> CellBuffer {
        var buffer = CellBuffer(size: Size(width: 12, height: 5))
        buffer.put("Title", at: Point(x: 0, y: 0), style: Style(attributes: .bold))
        buffer.put("+", at: Point(x: 11, y: 0), style: Style(foreground: .ansi(4), attributes: .bold))
        buffer.put(" Row one   ", at: Point(x: 0, y: 1), style: Style(attributes: .reverse))
        buffer.put("›", at: Point(x: 11, y: 1), style: Style(attributes: [.reverse, .dim]))
        buffer.put("字 °", at: Point(x: 0, y: 2), style: Style(foreground: .rgb(255, 0, 0), background: .indexed(236)))
        buffer.put("<b>&\"x\"</b>", at: Point(x: 0, y: 3))
        buffer.put("u", at: Point(x: 0, y: 4), style: Style(foreground: .ansi(1), background: .ansi(2), attributes: [.underline, .italic, .dim]))
        return buffer
    }

    @Test func rowsAreWrittenWholeWithXtermsColours() {
        let rows = HTMLScreen.rows(of: Self.screen(), colorDepth: .indexed256).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows == [
            // Bold brightens palette blue (4) to 12, as xterm.js draws bold.
            #"<div class="r"><span class="B">Title</span>      <span class="f12 B">+</span></div>"#,
            // Reverse of the terminal's own colours: its background as text, its foreground behind.
            #"<div class="r"><span class="fi bi"> Row one   </span><span class="fi bi"><span class="D"><span class="c">›</span></span></span></div>"#,
            // 24-bit red as the nearest of the 256 (xterm.js 3.8 draws no other); the wide
            // character's span is two columns and its right half writes nothing.
            #"<div class="r"><span class="f196 b236"><span class="c2">字</span> <span class="c">°</span></span></div>"#,
            #"<div class="r">&lt;b&gt;&amp;"x"&lt;/b&gt;</div>"#,
            #"<div class="r"><span class="f1 b2 I U"><span class="D">u</span></span></div>"#,
        ])
    }

    /// The text cursor of a field being edited is the cell's own span, past the end of the
    /// text too.
    @Test func theCursorIsACellOfItsOwn() {
        var buffer = CellBuffer(size: Size(width: 8, height: 1))
        buffer.put("ab", at: .zero, style: Style(attributes: .underline))
        #expect(HTMLScreen.rows(of: buffer, colorDepth: .indexed256, cursor: Point(x: 1, y: 0))
            == #"<div class="r"><span class="U">a</span><span class="U"><span class="K">b</span></span></div>"#)
        #expect(HTMLScreen.rows(of: buffer, colorDepth: .indexed256, cursor: Point(x: 3, y: 0))
            == #"<div class="r"><span class="U">ab</span> <span class="K"> </span></div>"#)
    }

    @Test func aDimCursorCellKeepsItsClasses() {
        var buffer = CellBuffer(size: Size(width: 2, height: 1))
        buffer.put("ab", at: .zero, style: Style(foreground: .ansi(6), attributes: [.dim, .italic]))
        #expect(HTMLScreen.rows(of: buffer, colorDepth: .indexed256, cursor: .zero)
            == #"<div class="r"><span class="f6 I"><span class="K D">a</span></span><span class="f6 I"><span class="D">b</span></span></div>"#)
    }

    @Test func eightColourTerminalsGetTheNearestOfEight() {
        var buffer = CellBuffer(size: Size(width: 1, height: 1))
        buffer.put("x", at: .zero, style: Style(foreground: .rgb(250, 160, 0)))
        #expect(HTMLScreen.rows(of: buffer, colorDepth: .ansi8) == #"<div class="r"><span class="f3">x</span></div>"#)
        #expect(HTMLScreen.rows(of: buffer, colorDepth: .none) == #"<div class="r">x</div>"#)
    }

    /// Markup in a cell (a storyboard's title, a store's row) reaches the page as text: no
    /// tag, entity or attribute can be opened by what a screen shows.
    @Test func nothingOnScreenIsMarkup() {
        var buffer = CellBuffer(size: Size(width: 40, height: 2))
        buffer.put("<script>alert(1)</script>", at: .zero)
        buffer.put("\"><img src=x onerror=1> &lt;ü", at: Point(x: 0, y: 1))
        let html = HTMLScreen.rows(of: buffer, colorDepth: .indexed256)
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("&lt;ü"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains(#""&gt;&lt;img src=x onerror=1&gt; &amp;lt;<span class="c">ü</span>"#))
    }
}
