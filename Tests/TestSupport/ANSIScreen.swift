import Foundation

/// A small terminal emulator for tests: it plays the sequences the app's headless writers
/// produce (cursor positioning, erasing, SGR, showing the cursor) onto a grid, so a test can
/// compare what a viewer of a recording would see with the frame that was recorded. Sequences
/// it does not know are skipped whole; characters are placed by the C library's width.
public struct ANSIScreen {
    /// How a cell is drawn, as SGR set it.
    public struct Rendition: Equatable, Sendable, CustomStringConvertible {
        public var bold = false
        public var dim = false
        public var italic = false
        public var underline = false
        public var reverse = false
        /// `ansi:N` (0–15), `indexed:N`, `rgb:R,G,B`, or nil for the terminal's own.
        public var foreground: String?
        public var background: String?

        public init() {}

        public var description: String {
            var parts: [String] = []
            if bold { parts.append("bold") }
            if dim { parts.append("dim") }
            if italic { parts.append("italic") }
            if underline { parts.append("underline") }
            if reverse { parts.append("reverse") }
            if let foreground { parts.append("fg=\(foreground)") }
            if let background { parts.append("bg=\(background)") }
            return "[" + parts.joined(separator: " ") + "]"
        }
    }

    /// One column: its text ("" for the right half of a wide character) and rendition.
    public struct Cell: Equatable, Sendable {
        public var text: String
        public var rendition: Rendition
    }

    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [[Cell]]
    /// Where the cursor is (column, row).
    public private(set) var cursor = (x: 0, y: 0)
    public private(set) var cursorVisible = true
    private var rendition = Rendition()
    private var pending: [Unicode.Scalar] = []
    private var lastCharacter: String?

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: Cell(text: " ", rendition: Rendition()), count: width), count: height)
    }

    /// The rows as text (wide characters once, their right halves left out).
    public var lines: [String] {
        cells.map { row in row.map(\.text).joined() }
    }

    /// Takes the terminal a new size (an asciicast `r` event): kept cells stay where they are.
    public mutating func resize(width newWidth: Int, height newHeight: Int) {
        let blank = Cell(text: " ", rendition: Rendition())
        var resized = Array(repeating: Array(repeating: blank, count: newWidth), count: newHeight)
        for y in 0..<min(height, newHeight) {
            for x in 0..<min(width, newWidth) { resized[y][x] = cells[y][x] }
        }
        cells = resized
        width = newWidth
        height = newHeight
        cursor = (min(cursor.x, newWidth - 1), min(cursor.y, newHeight - 1))
    }

    /// Plays `text` (which may end in the middle of a sequence: the rest comes with the next call).
    public mutating func feed(_ text: String) {
        pending += text.unicodeScalars
        var index = 0
        while index < pending.count {
            let scalar = pending[index]
            if scalar == "\u{1B}" {
                guard let consumed = escape(at: index) else { break }
                index = consumed
                continue
            }
            switch scalar {
            case "\r": cursor.x = 0
            case "\n": cursor.y = min(height - 1, cursor.y + 1)
            case "\u{08}": cursor.x = max(0, cursor.x - 1)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: break
            default:
                // Combining marks and joiners stay with the character before.
                var end = index + 1
                while end < pending.count, String(String.UnicodeScalarView(pending[index...end])).count == 1 { end += 1 }
                put(String(String.UnicodeScalarView(pending[index..<end])))
                index = end
                continue
            }
            index += 1
        }
        pending.removeFirst(min(index, pending.count))
    }

    private mutating func put(_ character: String) {
        lastCharacter = character
        let columns = max(1, (try? TerminalColumns.width(of: character)) ?? 1)
        if cursor.x + columns > width {
            cursor.x = 0
            cursor.y = min(height - 1, cursor.y + 1)
        }
        cells[cursor.y][cursor.x] = Cell(text: character, rendition: rendition)
        if columns == 2, cursor.x + 1 < width { cells[cursor.y][cursor.x + 1] = Cell(text: "", rendition: rendition) }
        cursor.x = min(width, cursor.x + columns)
        if cursor.x == width { cursor.x = width - 1 }
    }

    /// Plays the sequence starting at `index`; the index after it, or nil when incomplete.
    private mutating func escape(at index: Int) -> Int? {
        guard index + 1 < pending.count else { return nil }
        switch pending[index + 1] {
        case "[":
            var end = index + 2
            while end < pending.count, !(0x40...0x7E).contains(pending[end].value) { end += 1 }
            guard end < pending.count else { return nil }
            let body = String(String.UnicodeScalarView(pending[(index + 2)..<end]))
            control(body, final: pending[end])
            return end + 1
        case "]", "P":
            var end = index + 2
            while end < pending.count {
                if pending[end] == "\u{07}" { return end + 1 }
                if pending[end] == "\u{1B}", end + 1 < pending.count, pending[end + 1] == "\\" { return end + 2 }
                end += 1
            }
            return nil
        case "(", ")":
            return index + 3 <= pending.count ? index + 3 : nil
        default:
            return index + 2
        }
    }

    private mutating func control(_ body: String, final: Unicode.Scalar) {
        if body.hasPrefix("?") {
            if body == "?25", final == "h" { cursorVisible = true }
            if body == "?25", final == "l" { cursorVisible = false }
            return
        }
        let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ position: Int, _ otherwise: Int) -> Int {
            position < numbers.count ? (numbers[position] ?? otherwise) : otherwise
        }
        switch final {
        case "H", "f":
            cursor = (min(width - 1, max(0, number(1, 1) - 1)), min(height - 1, max(0, number(0, 1) - 1)))
        case "d": cursor.y = min(height - 1, max(0, number(0, 1) - 1))
        case "G": cursor.x = min(width - 1, max(0, number(0, 1) - 1))
        case "A": cursor.y = max(0, cursor.y - number(0, 1))
        case "B": cursor.y = min(height - 1, cursor.y + number(0, 1))
        case "C": cursor.x = min(width - 1, cursor.x + number(0, 1))
        case "D": cursor.x = max(0, cursor.x - number(0, 1))
        case "J":
            let mode = number(0, 0)
            for y in 0..<height {
                for x in 0..<width where mode == 2 || mode == 3 || (mode == 0 && (y > cursor.y || (y == cursor.y && x >= cursor.x)))
                    || (mode == 1 && (y < cursor.y || (y == cursor.y && x <= cursor.x)))
                {
                    cells[y][x] = Cell(text: " ", rendition: blankRendition)
                }
            }
        case "K":
            let mode = number(0, 0)
            for x in 0..<width where mode == 2 || (mode == 0 && x >= cursor.x) || (mode == 1 && x <= cursor.x) {
                cells[cursor.y][x] = Cell(text: " ", rendition: blankRendition)
            }
        case "m": graphicRendition(body)
        case "b":
            // REP: the last character again.
            if let last = lastCharacter { for _ in 0..<number(0, 1) { put(last) } }
        case "X":
            for x in cursor.x..<min(width, cursor.x + number(0, 1)) { cells[cursor.y][x] = Cell(text: " ", rendition: blankRendition) }
        case "P":
            let count = min(number(0, 1), width - cursor.x)
            cells[cursor.y].removeSubrange(cursor.x..<(cursor.x + count))
            cells[cursor.y] += Array(repeating: Cell(text: " ", rendition: blankRendition), count: count)
        case "@":
            let count = min(number(0, 1), width - cursor.x)
            cells[cursor.y].insert(contentsOf: Array(repeating: Cell(text: " ", rendition: blankRendition), count: count), at: cursor.x)
            cells[cursor.y].removeLast(count)
        default: break
        }
    }

    /// What erasing leaves: the current background, nothing else.
    private var blankRendition: Rendition {
        var blank = Rendition()
        blank.background = rendition.background
        return blank
    }

    private mutating func graphicRendition(_ body: String) {
        let values = body.isEmpty ? [0] : body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var index = 0
        while index < values.count {
            let value = values[index]
            switch value {
            case 0: rendition = Rendition()
            case 1: rendition.bold = true
            case 2: rendition.dim = true
            case 3: rendition.italic = true
            case 4: rendition.underline = true
            case 7: rendition.reverse = true
            case 22: (rendition.bold, rendition.dim) = (false, false)
            case 23: rendition.italic = false
            case 24: rendition.underline = false
            case 27: rendition.reverse = false
            case 30...37: rendition.foreground = "ansi:\(value - 30)"
            case 90...97: rendition.foreground = "ansi:\(value - 90 + 8)"
            case 40...47: rendition.background = "ansi:\(value - 40)"
            case 100...107: rendition.background = "ansi:\(value - 100 + 8)"
            case 39: rendition.foreground = nil
            case 49: rendition.background = nil
            case 38, 48:
                var color: String?
                if index + 2 < values.count, values[index + 1] == 5 {
                    color = values[index + 2] < 16 ? "ansi:\(values[index + 2])" : "indexed:\(values[index + 2])"
                    index += 2
                } else if index + 4 < values.count, values[index + 1] == 2 {
                    color = "rgb:\(values[index + 2]),\(values[index + 3]),\(values[index + 4])"
                    index += 4
                }
                if value == 38 { rendition.foreground = color } else { rendition.background = color }
            default: break
            }
            index += 1
        }
    }
}
