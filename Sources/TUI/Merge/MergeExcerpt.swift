import Flow

/// One side of a conflict that no scene holds (a xib's view or cell, an Interface Builder 3
/// archive's object, the document's own lists) as the lines of that side's file where the
/// object starts, numbered, so a person still sees each side's value in its place.
enum MergeExcerpt {
    /// Lines shown above the object's own line, for what holds it.
    static let linesBefore = 1

    /// The excerpt of `bytes` at the object with `objectID` (without one, at the first line
    /// that holds `value`, else at the file's start), under a title, in `size`.
    static func picture(of bytes: [UInt8]?, objectID: String?, value: String?, size: Size, title: String) -> CellBuffer {
        var buffer = CellBuffer(size: size)
        buffer.put(title, at: Point(x: 1, y: 0), style: DiffScreen.heading, maxWidth: size.width - 1)
        guard let bytes, !bytes.isEmpty else {
            buffer.put("(no such file)", at: Point(x: 1, y: 2), style: Theme.detail, maxWidth: size.width - 2)
            return buffer
        }
        // The object's line; without an object, the value's, else the file's start (a
        // conflict on the whole file). The file is searched as it is, not split into lines.
        let found: Int
        if let objectID {
            guard let match = bytes.firstRange(of: Array("id=\"\(objectID)\"".utf8)) else {
                buffer.put("(not in this version)", at: Point(x: 1, y: 2), style: Theme.detail, maxWidth: size.width - 2)
                return buffer
            }
            found = lineStart(before: match.lowerBound, in: bytes)
        } else if let value, !value.isEmpty, let match = bytes.firstRange(of: Array(value.utf8)) {
            found = lineStart(before: match.lowerBound, in: bytes)
        } else {
            found = 0
        }
        var first = found
        for _ in 0..<linesBefore where first > 0 { first = lineStart(before: first - 1, in: bytes) }
        let firstNumber = bytes[..<first].count(where: { $0 == newline }) + 1
        let lineCount = bytes.count(where: { $0 == newline }) + 1
        // Tabs (an archive's indentation) as four spaces; the object's own indentation is left
        // out of every line, so its text fits; long lines wrap under their number.
        func text(at start: Int) -> String {
            let end = bytes[start...].firstIndex(of: newline) ?? bytes.endIndex
            return String(decoding: bytes[start..<end], as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false).joined(separator: "    ")
        }
        let indentation = text(at: found).prefix(while: { $0 == " " }).count
        let numberWidth = String(min(lineCount, firstNumber - 1 + size.height)).count
        let textWidth = max(1, size.width - numberWidth - 3)
        var row = 2
        var start: Int? = first
        var number = firstNumber
        while row < size.height, let lineStart = start {
            let line = text(at: lineStart)
            start = bytes[lineStart...].firstIndex(of: newline).map { $0 + 1 }
            let shown = String(number)
            buffer.put(String(repeating: " ", count: numberWidth - shown.count) + shown, at: Point(x: 1, y: row), style: Theme.detail)
            var rest = Substring(DiagnosticText.escaped(String(line.dropFirst(min(indentation, line.prefix(while: { $0 == " " }).count)))))
            repeat {
                // A break between attributes where the row has one after its indentation.
                var piece = rest.prefix(textWidth)
                if piece.count < rest.count, let space = piece.lastIndex(of: " "),
                    piece[..<space].contains(where: { $0 != " " })
                {
                    piece = rest[rest.startIndex...space]
                }
                buffer.put(String(piece), at: Point(x: numberWidth + 2, y: row), style: Style(), maxWidth: textWidth)
                rest = rest[piece.endIndex...]
                row += 1
            } while !rest.isEmpty && row < size.height
            number += 1
        }
        return buffer
    }

    private static let newline = UInt8(ascii: "\n")

    /// Where the line holding `offset` starts.
    private static func lineStart(before offset: Int, in bytes: [UInt8]) -> Int {
        (bytes[..<offset].lastIndex(of: newline)).map { $0 + 1 } ?? 0
    }
}
