#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns byte offsets into lines and columns, for the `<` that starts each element.
///
/// libxml2 reports an element when it stands at the `>` (or `/>`) that ends the start tag.
/// Diagnostics read better pointing at the `<`, and no `<` can occur inside a tag, so the last
/// `<` before that offset is the one. Lines and columns are counted the way libxml2 counts
/// them (a line ends at `\n`; every other Unicode scalar is one column). Offsets only move
/// forward, and each call counts only the bytes since the previous one, so a whole file costs
/// one pass however many elements it has.
struct SourcePositionTracker {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Everything before `offset` has been counted; `line` and `column` are its position.
    private var offset: Int
    private var line = 1
    private var column = 1
    /// The tag that starts at `offset` runs to `tagEnd`, with `tagLineBreaks` line breaks in
    /// it; learnt while looking for its `<`, so the next call need not count them again.
    private var tagEnd: Int
    private var tagLineBreaks = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        offset = Self.startOfText(bytes)
        tagEnd = offset
    }

    /// libxml2 does not count a UTF-8 byte order mark as a column.
    private static func startOfText(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// The position of the last `<` before byte offset `end`, or `nil` when there is none
    /// since the previous call (then the caller falls back to the parser's own position).
    ///
    /// `hint`, when given, is an offset at or before the tag's `<`: where the last thing the
    /// parser reported ended. The first `<` after it is the tag's when no other `<` follows
    /// it before `end` (a closing tag or a comment in between has one), which two forward
    /// searches prove; otherwise the tag is looked for from its end, as without a hint.
    mutating func startOfTag(before end: Int, hint: Int? = nil) -> SourceLocation? {
        let end = min(end, bytes.count)
        guard end > offset else { return nil }
        if let hint, hint >= offset, let open = firstIndex(of: UInt8(ascii: "<"), from: hint, to: end),
            firstIndex(of: UInt8(ascii: "<"), from: open + 1, to: end) == nil
        {
            advance(to: open)
            tagEnd = end
            tagLineBreaks = count(of: UInt8(ascii: "\n"), from: open, to: end)
            return SourceLocation(line: line, column: column)
        }
        guard let (open, breaks) = lastOpening(from: offset, to: end) else { return nil }
        advance(to: open)
        tagEnd = end
        tagLineBreaks = breaks
        return SourceLocation(line: line, column: column)
    }

    /// The index of the first `byte` in `bytes[start..<end]`.
    private func firstIndex(of byte: UInt8, from start: Int, to end: Int) -> Int? {
        guard start < end, let base = bytes.baseAddress, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Counts the bytes from `offset` up to `target`.
    private mutating func advance(to target: Int) {
        // The last line break in the span, found from the end: usually only the indentation
        // before the tag lies between it and the target.
        if let lastBreak = lastIndex(of: UInt8(ascii: "\n"), from: offset, to: target) {
            if lastBreak >= tagEnd, tagEnd > offset {
                // The previous tag's breaks are known; count only what follows it.
                line += tagLineBreaks + count(of: UInt8(ascii: "\n"), from: tagEnd, to: lastBreak + 1)
            } else {
                line += count(of: UInt8(ascii: "\n"), from: offset, to: lastBreak + 1)
            }
            column = 1 + scalars(from: lastBreak + 1, to: target)
        } else {
            column += scalars(from: offset, to: target)
        }
        offset = target
        tagEnd = target
        tagLineBreaks = 0
    }

    // The scans below read eight bytes at a time and find bytes by bit tricks that are exact
    // (no false matches), which makes counting a whole file cost little beside parsing it.

    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowSevenBits: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    private func word(at index: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each byte of `word` that equals `byte`, nothing else.
    private static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~(((difference & lowSevenBits) &+ lowSevenBits) | difference | lowSevenBits)
    }

    /// The high bit of each byte of `word` that is a UTF-8 continuation byte (10xxxxxx).
    private static func continuations(_ word: UInt64) -> UInt64 {
        word & ~(word << 1) & highBits
    }

    /// The index of the last `byte` in `bytes[start..<end]`.
    private func lastIndex(of byte: UInt8, from start: Int, to end: Int) -> Int? {
        var index = end
        while index - start >= 8 {
            let found = Self.matches(word(at: index - 8), byte)
            if found != 0 { return index - 8 + (63 - found.leadingZeroBitCount) / 8 }
            index -= 8
        }
        while index > start {
            index -= 1
            if bytes[index] == byte { return index }
        }
        return nil
    }

    /// The index of the last `<` in `bytes[start..<end]`, and how many line breaks follow it
    /// in that span.
    private func lastOpening(from start: Int, to end: Int) -> (Int, Int)? {
        var breaks = 0
        var index = end
        while index - start >= 8 {
            let chunk = word(at: index - 8)
            let found = Self.matches(chunk, UInt8(ascii: "<"))
            let lineBreaks = Self.matches(chunk, UInt8(ascii: "\n"))
            if found != 0 {
                let bit = 63 - found.leadingZeroBitCount
                // Only the breaks in the bytes above the `<`'s.
                breaks += (lineBreaks >> UInt64(bit)).nonzeroBitCount
                return (index - 8 + bit / 8, breaks)
            }
            breaks += lineBreaks.nonzeroBitCount
            index -= 8
        }
        while index > start {
            index -= 1
            if bytes[index] == UInt8(ascii: "<") { return (index, breaks) }
            if bytes[index] == UInt8(ascii: "\n") { breaks += 1 }
        }
        return nil
    }

    /// How many times `byte` occurs in `bytes[start..<end]`: found one after the other by the
    /// C library's search, quicker than counting every word for the line breaks it is used
    /// for, which come every few dozen bytes.
    private func count(of byte: UInt8, from start: Int, to end: Int) -> Int {
        var total = 0
        var index = start
        while let found = firstIndex(of: byte, from: index, to: end) {
            total += 1
            index = found + 1
        }
        return total
    }

    /// How many Unicode scalars start in `bytes[start..<end]` (bytes that are not UTF-8
    /// continuation bytes).
    private func scalars(from start: Int, to end: Int) -> Int {
        var total = 0
        var index = start
        while end - index >= 8 {
            total += 8 - Self.continuations(word(at: index)).nonzeroBitCount
            index += 8
        }
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { total += 1 }
            index += 1
        }
        return total
    }

    /// Line and column of a byte offset, counted from the start of `bytes`.
    static func location(ofByteOffset target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        var tracker = SourcePositionTracker(bytes: bytes)
        let end = min(max(target, tracker.offset), bytes.count)
        tracker.advance(to: end)
        return SourceLocation(line: tracker.line, column: tracker.column)
    }
}
