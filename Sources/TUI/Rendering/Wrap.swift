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
                    var rest = String(word)
                    // Punctuation standing alone (`—`, `…`) goes down with the word before it.
                    if isPunctuation(word), let space = line.lastIndex(of: " "),
                        DisplayWidth.of(line[line.index(after: space)...]) + 1 + DisplayWidth.of(rest) <= width
                    {
                        rest = String(line[line.index(after: space)...]) + " " + rest
                        line = String(line[..<space])
                    }
                    if !line.isEmpty { result.append(line) }
                    while DisplayWidth.of(rest) > width {
                        let head = brokenHead(of: rest, width: width)
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

    /// The part of a word too long for a line that goes on this line: as much as fits, less
    /// the letters the punctuation after it needs so as not to start a line alone
    /// (`(AlertPagerViewControlle` and `r).`, never `(AlertPagerViewController` and `).`).
    static func brokenHead(of word: String, width: Int) -> String {
        let head = DisplayWidth.prefix(word, fitting: width).0
        let tail = word.dropFirst(head.count)
        guard !tail.isEmpty, isPunctuation(tail) else { return head }
        var shorter = head
        while shorter.last?.isPunctuation == true { shorter.removeLast() }
        guard shorter.count > 1 else { return head }
        shorter.removeLast()
        return shorter
    }

    /// Whether `text` is only punctuation (brackets, stops, dashes, quotes).
    static func isPunctuation(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy(\.isPunctuation)
    }
}
