/// Word wrapping for messages.
enum Wrap {
    /// The units a number is never parted from at a line's end (`95 °C`, `40 %`), as a
    /// typesetter keeps them together with a no-break space.
    static let unitSymbols: Set<Character> = ["°", "%", "‰", "℃", "℉", "′", "″"]

    /// The words of a line, split at its spaces, a number and the unit after it kept as one.
    static func words(of paragraph: String) -> [Substring] {
        var words: [Substring] = []
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
            // Every unit symbol is outside ASCII: most words are looked at by one byte.
            if let byte = word.utf8.first, byte >= 0x80, let first = word.first, unitSymbols.contains(first),
                let previous = words.last, previous.last?.isNumber == true
            {
                let joined = previous.base[previous.startIndex..<word.endIndex]
                words[words.count - 1] = joined
            } else {
                words.append(word)
            }
        }
        return words
    }

    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var result: [String] = []
        for paragraph in Sanitizer.sanitizeLines(text) {
            var line = ""
            // The line's width while it holds only simple text, whose width adds up word by
            // word: measuring each longer candidate again made wrapping a paragraph quadratic
            // (a table's footer is wrapped on every frame).
            var simpleLineWidth: Int? = 0
            for word in Self.words(of: paragraph) {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                let wordWidth = DisplayWidth.simpleWidth(String(word))
                let candidateWidth: Int
                if let simpleLineWidth, let wordWidth {
                    candidateWidth = line.isEmpty ? wordWidth : simpleLineWidth + 1 + wordWidth
                } else {
                    candidateWidth = DisplayWidth.of(candidate)
                }
                if candidateWidth <= width {
                    line = candidate
                    simpleLineWidth = simpleLineWidth != nil && wordWidth != nil ? candidateWidth : nil
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
                    simpleLineWidth = DisplayWidth.simpleWidth(line)
                }
            }
            result.append(line)
        }
        return result
    }
}
