import Flow

/// Words in place of the symbols the screens use for keys and marks, for screen readers:
/// a reader says "up arrow down arrow" for `↑↓` and "caret S" for `^S`, or nothing at all.
enum SpokenText {
    /// A key's name in words: `Up`, `Shift-Tab`, `Ctrl-S`, `Alt-r`; other keys by their
    /// usual name (`Enter`, `PgDn`, `?`).
    static func name(of key: Key) -> String {
        switch key {
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .backTab: "Shift-Tab"
        case .ctrl(let character): "Ctrl-" + Sanitizer.sanitize(String(character)).uppercased()
        case .alt(let character): "Alt-" + Sanitizer.sanitize(String(character))
        case .mouse(.wheelUp): "Wheel up"
        case .mouse(.wheelDown): "Wheel down"
        default: key.displayName
        }
    }

    /// A key label as the footer and bar buttons show it, in words: `↑↓` is `Up/Down`,
    /// `→/i` is `Right/i`, `⇧Tab` is `Shift-Tab`, `^S` is `Ctrl-S`, `M-r` is `Alt-r`.
    static func keys(_ label: String) -> String {
        let characters = Array(label)
        var spoken = ""
        var afterArrow = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord = index == 0 || characters[index - 1] == " " || characters[index - 1] == "("
            if let word = arrowWord(character) {
                if afterArrow { spoken += "/" }
                spoken += word
                afterArrow = true
                index += 1
                continue
            }
            afterArrow = false
            if character == "⇧" {
                spoken += "Shift-"
            } else if character == "^", startsWord, let next, next != " " {
                spoken += "Ctrl-"
            } else if character == "M", startsWord, next == "-", index + 2 < characters.count {
                spoken += "Alt-"
                index += 1
            } else {
                spoken.append(character)
            }
            index += 1
        }
        return spoken
    }

    /// What a key does, in words: the back key's `‹ Sessions` is `back to Sessions`.
    static func help(_ text: String) -> String {
        text.hasPrefix("‹ ") ? "back to " + text.dropFirst(2) : text
    }

    /// A line of the trace or the overview in words: `List → Detail` is `List to Detail`,
    /// `Controller ← done:` is `Controller gets done:`.
    static func prose(_ text: String) -> String {
        guard text.contains(where: { $0 == "→" || $0 == "←" }) else { return text }
        var spoken = ""
        for character in text {
            switch character {
            case "→": spoken += "to"
            case "←": spoken += "gets"
            default: spoken.append(character)
            }
        }
        return spoken
    }

    /// The word for an arrow, if `character` is one.
    private static func arrowWord(_ character: Character) -> String? {
        switch character {
        case "↑": "Up"
        case "↓": "Down"
        case "←": "Left"
        case "→": "Right"
        default: nil
        }
    }

    /// `text` when it has something to say; nil when it is absent or blank.
    static func nonEmpty(_ text: String?) -> String? {
        guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
        return text
    }
}
