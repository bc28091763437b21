/// Word wrapping for messages.
enum Wrap {
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var result: [String] = []
        for paragraph in Sanitizer.sanitizeLines(text) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if DisplayWidth.of(candidate) <= width {
                    line = candidate
                } else {
                    if !line.isEmpty { result.append(line) }
                    var rest = String(word)
                    while DisplayWidth.of(rest) > width {
                        let (head, _) = DisplayWidth.prefix(rest, fitting: width)
                        guard !head.isEmpty else { break }
                        result.append(head)
                        rest = String(rest.dropFirst(head.count))
                    }
                    line = rest
                }
            }
            result.append(line)
        }
        return result
    }
}
