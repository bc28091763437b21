import Foundation

/// A session's first screen as the page paints it before any script has run: the rows
/// `storyboard run --first-screen-html` printed (HTML made by the app's own renderer, every
/// character escaped), at the size they were drawn for. The page's script hands over to the
/// live session once that draws (`app.js`: the screen stays until the session's differs).
struct FirstScreen: Equatable, Sendable {
    /// Columns and rows.
    let columns: Int
    let rows: Int
    /// The rows as HTML: `<div class="r">…</div>` lines.
    let html: String

    /// Where the page (`index.html`) takes the screen.
    static let marker = "<!--first-screen-->"

    /// The program's output read back: a first line `COLSxROWS` that must be `size`, then
    /// rows that are nothing but the renderer's markup, one per row. Nil for anything else,
    /// so whatever went wrong, the page is served as it is, without a first screen.
    init?(programOutput bytes: [UInt8], size: (columns: Int, rows: Int)) {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard lines.count == size.rows + 1, lines[0] == "\(size.columns)x\(size.rows)",
            lines.dropFirst().allSatisfy(Self.isRow)
        else { return nil }
        columns = size.columns
        rows = size.rows
        html = lines.dropFirst().joined(separator: "\n")
    }

    /// Whether `line` is one row as `HTMLScreen` writes it and nothing else: the row's
    /// `div`, spans whose classes are letters and digits, text whose only `&` are the four
    /// entities it writes and whose only `>` close those tags. Whatever the program printed,
    /// nothing else reaches the page.
    static func isRow(_ line: Substring) -> Bool {
        let open = "<div class=\"r\">", close = "</div>"
        guard line.hasPrefix(open), line.hasSuffix(close), line.count >= open.count + close.count else { return false }
        var rest = line.dropFirst(open.count).dropLast(close.count)
        while let index = rest.firstIndex(where: { $0 == "<" || $0 == "&" || $0 == ">" }) {
            rest = rest[index...]
            if rest.hasPrefix("</span>") {
                rest = rest.dropFirst(7)
            } else if rest.hasPrefix("<span class=\"") {
                rest = rest.dropFirst(13)
                guard let end = rest.firstIndex(of: "\""), rest[..<end].allSatisfy({ $0 == " " || ($0.isASCII && ($0.isLetter || $0.isNumber)) }),
                    rest[end...].hasPrefix("\">")
                else { return false }
                rest = rest[end...].dropFirst(2)
            } else if let entity = ["&amp;", "&lt;", "&gt;", "&quot;"].first(where: { rest.hasPrefix($0) }) {
                rest = rest.dropFirst(entity.count)
            } else {
                return false
            }
        }
        return true
    }

    /// The element the page shows it in, its cells `cell` large (classes `screen.css` sets
    /// the grid by): hidden from screen readers (the terminal's own accessible text takes
    /// over with the session) and from the pointer (clicks go to the terminal under it).
    func element(cell: PageSize.Cell) -> String {
        "<div id=\"first-screen\" class=\"first-screen cw\(cell.width) ch\(cell.height)\" aria-hidden=\"true\" "
            + "data-columns=\"\(columns)\" data-rows=\"\(rows)\">\n" + html + "\n</div>"
    }

    /// `page` with `screen` in place of its marker, its cells `cell` large; the page as it
    /// is (the marker a comment) without one.
    static func page(_ page: [UInt8], with screen: FirstScreen?, cell: PageSize.Cell) -> [UInt8] {
        guard let screen else { return page }
        let marker = Array(Self.marker.utf8)
        guard let start = page.firstRange(of: marker) else { return page }
        return Array(page[..<start.lowerBound]) + Array(screen.element(cell: cell).utf8) + Array(page[start.upperBound...])
    }
}

/// The size a browser's page is likely to open at, and its terminal's cells: what its page
/// last had on this server, which the page keeps in a cookie (`storyboard-size=110x35@9x18`:
/// columns and rows, then a cell's width and height in CSS pixels, rewritten with each size
/// it sends). The cookie carries no right of any kind; a forged one changes only the size of
/// the first screen its own browser is sent. Without it, 80×24 cells of 9×18 (xterm.js's
/// cell for the page's font at its size, on a screen of one device pixel per CSS pixel).
struct PageSize: Equatable {
    /// A cell's width and height in CSS pixels, each within `widths` and `heights`.
    struct Cell: Equatable {
        var width = 9
        var height = 18
    }

    static let cookieName = "storyboard-size"
    static let widths = 4...40
    static let heights = 8...60

    var columns = 80
    var rows = 24
    var cell = Cell()

    init() {}

    /// The size the `Cookie` header names, taken as a hello's size would be; the usual one
    /// for a header that names none or something else.
    init(cookieHeader: String?) {
        guard let cookieHeader, cookieHeader.utf8.count <= 4096 else { return }
        for pair in cookieHeader.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == Self.cookieName else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            let halves = value.split(separator: "@", omittingEmptySubsequences: false)
            guard (1...2).contains(halves.count), let size = Self.pair(halves[0]) else { return }
            (columns, rows) = WebProtocol.clamp(columns: size.0, rows: size.1)
            if halves.count == 2, let cell = Self.pair(halves[1]), Self.widths.contains(cell.0), Self.heights.contains(cell.1) {
                self.cell = Cell(width: cell.0, height: cell.1)
            }
            return
        }
    }

    /// `110x35` as its two numbers, each 1 to 4 digits and not 0.
    private static func pair(_ text: Substring) -> (Int, Int)? {
        let numbers = text.split(separator: "x", omittingEmptySubsequences: false)
        guard numbers.count == 2,
            numbers.allSatisfy({ (1...4).contains($0.count) && $0.unicodeScalars.allSatisfy { ("0"..."9").contains($0) } }),
            let first = Int(numbers[0]), let second = Int(numbers[1]), first > 0, second > 0
        else { return nil }
        return (first, second)
    }
}
