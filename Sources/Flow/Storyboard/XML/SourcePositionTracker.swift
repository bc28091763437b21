/// Turns the parser's "end of start tag" positions into the position of the tag's `<`.
///
/// libxml2 reports where it stands when it delivers an element: at the `>` (or `/>`) that ends
/// the start tag. Diagnostics read better pointing at the `<`, so this walks the bytes forward
/// once, counting lines and characters the way libxml2 does (a line ends at `\n`; every other
/// Unicode scalar is one column), and remembers the last `<` it passed. Positions only move
/// forward, so a whole file costs one pass however many elements it has.
struct SourcePositionTracker {
    private let bytes: [UInt8]
    private var offset: Int
    private var line = 1
    private var column = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // libxml2 does not count a UTF-8 byte order mark as a column.
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        offset = hasBOM ? 3 : 0
    }

    /// The position of the last `<` before `(line, column)`, or `nil` when none was passed
    /// since the previous call (then the caller falls back to the parser's own position).
    mutating func startOfTag(endingAtLine targetLine: Int, column targetColumn: Int) -> SourceLocation? {
        var lastOpen: SourceLocation?
        while offset < bytes.count {
            if line > targetLine || (line == targetLine && column >= targetColumn) { break }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\n") {
                // Never run past the end of the target line, whatever the parser claims.
                if line == targetLine { break }
                line += 1
                column = 1
                offset += 1
                continue
            }
            if byte == UInt8(ascii: "<") {
                lastOpen = SourceLocation(line: line, column: column)
            }
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            column += 1
        }
        return lastOpen
    }

    /// Line and column of a byte offset, counted from the start of `bytes`.
    static func location(ofByteOffset target: Int, in bytes: [UInt8]) -> SourceLocation {
        var line = 1
        var column = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let end = min(target, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return SourceLocation(line: line, column: column)
    }
}
