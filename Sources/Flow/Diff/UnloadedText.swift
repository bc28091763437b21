/// A file that does not load as a storyboard, shown as its text: what `storyboard outline`
/// prints and `storyboard diff` compares line by line for git, so that `git diff` of a
/// storyboard in the middle of a merge (conflict markers) or cut short still shows something.
///
/// Every line is escaped as diagnostics are (``DiagnosticText/escaped(_:)``): the text came
/// from a file and goes to a terminal.
public enum UnloadedText {
    /// The file's lines, decoded (UTF-16 by its byte order mark, else UTF-8 with any
    /// invalid byte replaced) and escaped; a line's `\r` before its `\n` is dropped.
    public static func lines(of bytes: [UInt8]) -> [String] {
        let text: String
        if bytes.count >= 2, bytes[0] == 0xFF || bytes[0] == 0xFE, bytes[1] == 0xFE || bytes[1] == 0xFF, bytes[0] != bytes[1] {
            let bigEndian = bytes[0] == 0xFE
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { (offset: Int) -> UInt16 in
                let first = UInt16(bytes[offset])
                let second = UInt16(bytes[offset + 1])
                return bigEndian ? first << 8 | second : second << 8 | first
            }
            text = String(decoding: units, as: UTF16.self)
        } else {
            text = String(decoding: bytes, as: UTF8.self)
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            DiagnosticText.escaped(String(line.hasSuffix("\r") ? line.dropLast() : line))
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Why the file is shown as text: its merge conflict markers, when it has them (the
    /// parser's complaint about them would only puzzle), else the first of `errors`.
    public static func reason(lines: [String], errors: [Diagnostic]) -> String {
        if let marker = lines.firstIndex(where: { $0.hasPrefix("<<<<<<<") || $0.hasPrefix(">>>>>>>") || $0.hasPrefix("|||||||") }) {
            return "it holds merge conflict markers (line \(marker + 1))"
        }
        guard let first = errors.first else { return "it does not load" }
        return "\(first.location.line):\(first.location.column): \(first.message)"
    }

    /// The lines of `new` against `old` as a unified diff (`---`/`+++` headers, hunks of
    /// three lines of context), empty when they are the same.
    public static func unifiedDiff(old: [String], new: [String], oldName: String, newName: String) -> String {
        let difference = new.difference(from: old)
        guard !difference.isEmpty else { return "" }
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // The whole edit script: each line with its mark and its numbers in both files.
        var script: [(mark: Character, text: String, oldLine: Int, newLine: Int)] = []
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count || newIndex < new.count {
            if oldIndex < old.count, removed.contains(oldIndex) {
                script.append(("-", old[oldIndex], oldIndex, newIndex))
                oldIndex += 1
            } else if newIndex < new.count, inserted.contains(newIndex) {
                script.append(("+", new[newIndex], oldIndex, newIndex))
                newIndex += 1
            } else {
                script.append((" ", new[newIndex], oldIndex, newIndex))
                oldIndex += 1
                newIndex += 1
            }
        }
        let context = 3
        var output = "--- " + oldName + "\n+++ " + newName + "\n"
        var start = 0
        while start < script.count {
            guard let firstChange = script[start...].firstIndex(where: { $0.mark != " " }) else { break }
            let hunkStart = max(firstChange - context, start)
            var hunkEnd = firstChange
            // A hunk runs on while the next change is within twice the context.
            while let next = script[(hunkEnd + 1)...].firstIndex(where: { $0.mark != " " }), next - hunkEnd <= 2 * context {
                hunkEnd = next
            }
            let end = min(hunkEnd + context + 1, script.count)
            let hunk = script[hunkStart..<end]
            let oldCount = hunk.filter { $0.mark != "+" }.count
            let newCount = hunk.filter { $0.mark != "-" }.count
            let oldStart = oldCount == 0 ? hunk.first!.oldLine : hunk.first!.oldLine + 1
            let newStart = newCount == 0 ? hunk.first!.newLine : hunk.first!.newLine + 1
            output += "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n"
            for line in hunk { output += String(line.mark) + line.text + "\n" }
            start = end
        }
        return output
    }
}
