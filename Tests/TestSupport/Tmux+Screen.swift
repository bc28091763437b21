import Foundation

extension Tmux {
    /// Polls the screen until it is `expected` cell for cell (see `firstDifference`: a line
    /// shorter than the screen stands for the line followed by spaces), and returns it; fails
    /// after `timeout` seconds naming the first cell that differs and showing both screens.
    /// A whole screen is what a test reads, so a half-drawn one is never taken for it.
    ///
    /// Text that differs from run to run (a date of now) is compared by its shape: each
    /// match of `masking` on the screen has its digits read as `#` (`####-##-## ##:##`).
    @discardableResult
    public func waitForScreen(_ expected: [String], masking: String? = nil, timeout: Double = 15) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var rows: [String] = []
        repeat {
            rows = Self.rows(of: (try? capture()) ?? "", masking: masking)
            if firstDifference(rows, expected) == nil { return rows }
            usleep(20_000)
        } while Date() < deadline
        throw TmuxError(screenMismatch(rows, expected) ?? "timed out waiting for the screen")
    }

    /// A date and time to the minute as the apps write them (`2026-03-01 09:30`), for `masking`.
    public static let dateAndTime = #"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}"#

    /// A captured screen's rows (without the newline that ends the last), the digits of each
    /// match of `masking` read as `#`.
    public static func rows(of screen: String, masking: String? = nil) -> [String] {
        var rows = screen.components(separatedBy: "\n")
        if rows.last == "" { rows.removeLast() }
        guard let masking, let pattern = try? NSRegularExpression(pattern: masking) else { return rows }
        return rows.map { row in
            let text = row as NSString
            var masked = ""
            var end = 0
            for match in pattern.matches(in: row, range: NSRange(location: 0, length: text.length)) {
                masked += text.substring(with: NSRange(location: end, length: match.range.location - end))
                masked += String(text.substring(with: match.range).map { $0.isNumber ? "#" : $0 })
                end = match.range.location + match.range.length
            }
            return masked + text.substring(from: end)
        }
    }
}
