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
            lines.dropFirst().allSatisfy({ $0.hasPrefix("<div class=\"r\">") && $0.hasSuffix("</div>") })
        else { return nil }
        columns = size.columns
        rows = size.rows
        html = lines.dropFirst().joined(separator: "\n")
    }

    /// The element the page shows it in: hidden from screen readers (the terminal's own
    /// accessible text takes over with the session) and from the pointer (clicks go to the
    /// terminal under it).
    var element: String {
        "<div id=\"first-screen\" class=\"first-screen\" aria-hidden=\"true\" data-columns=\"\(columns)\" data-rows=\"\(rows)\">\n"
            + html + "\n</div>"
    }

    /// `page` with `screen` in place of its marker, or with the marker left (a comment) when
    /// there is none.
    static func page(_ page: [UInt8], with screen: FirstScreen?) -> [UInt8] {
        guard let screen else { return page }
        let marker = Array(Self.marker.utf8)
        guard let start = page.firstRange(of: marker) else { return page }
        return Array(page[..<start.lowerBound]) + Array(screen.element.utf8) + Array(page[start.upperBound...])
    }
}

/// The size a browser's page is likely to open at: the one its page last had on this server,
/// which the page keeps in a cookie (`storyboard-size=COLSxROWS`, written with each size it
/// sends). The cookie carries no right of any kind; a forged one changes only the size of
/// the first screen its own browser is sent. Without it, 80×24.
enum PageSize {
    static let cookieName = "storyboard-size"
    static let fallback = (columns: 80, rows: 24)

    /// The size the `Cookie` header names, as a hello's size would be taken; the fallback
    /// when it names none or something else.
    static func from(cookieHeader: String?) -> (columns: Int, rows: Int) {
        guard let cookieHeader, cookieHeader.utf8.count <= 4096 else { return fallback }
        for pair in cookieHeader.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            let numbers = value.split(separator: "x", omittingEmptySubsequences: false)
            guard numbers.count == 2, numbers.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }),
                let columns = Int(numbers[0]), let rows = Int(numbers[1]), columns > 0, rows > 0
            else { return fallback }
            return WebProtocol.clamp(columns: columns, rows: rows)
        }
        return fallback
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
