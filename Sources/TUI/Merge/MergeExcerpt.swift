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
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The object's line; without an object, the value's, else the file's start (a
        // conflict on the whole file).
        let found: Int
        if let objectID {
            let needle = Array("id=\"\(objectID)\"".utf8)
            guard let line = lines.firstIndex(where: { contains($0, needle) }) else {
                buffer.put("(not in this version)", at: Point(x: 1, y: 2), style: Theme.detail, maxWidth: size.width - 2)
                return buffer
            }
            found = line
        } else if let value, !value.isEmpty, let line = lines.firstIndex(where: { contains($0, Array(value.utf8)) }) {
            found = line
        } else {
            found = 0
        }
        let first = max(0, found - linesBefore)
        // Tabs (an archive's indentation) as four spaces; the object's own indentation is left
        // out of every line, so its text fits; long lines wrap under their number.
        func text(_ line: ArraySlice<UInt8>) -> String {
            String(decoding: line, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false).joined(separator: "    ")
        }
        let indentation = text(lines[found]).prefix(while: { $0 == " " }).count
        let numberWidth = String(min(lines.count, first + size.height)).count
        let textWidth = max(1, size.width - numberWidth - 3)
        var row = 2
        var index = first
        while row < size.height, index < lines.count {
            let line = text(lines[index])
            let number = String(index + 1)
            buffer.put(String(repeating: " ", count: numberWidth - number.count) + number, at: Point(x: 1, y: row), style: Theme.detail)
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
            index += 1
        }
        return buffer
    }

    private static func contains(_ line: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard line.count >= needle.count else { return false }
        var index = line.startIndex
        while let start = line[index...].firstIndex(of: needle[0]), start + needle.count <= line.endIndex {
            if line[start..<(start + needle.count)].elementsEqual(needle) { return true }
            index = start + 1
        }
        return false
    }
}
