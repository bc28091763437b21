/// Reads a key sequence written as text, for `render --keys`:
/// `"<Down><Down>Hello<Enter><C-s>"`.
///
/// Named keys go in angle brackets, case-insensitively: `<Up>` `<Down>` `<Left>`
/// `<Right>` `<Enter>` (`<CR>`, `<Return>`) `<Esc>` `<Tab>` `<BackTab>` (`<S-Tab>`)
/// `<Backspace>` (`<BS>`) `<Delete>` (`<Del>`) `<Insert>` `<Home>` `<End>`
/// `<PageUp>` (`<PgUp>`) `<PageDown>` (`<PgDn>`) `<Space>` `<F1>`…`<F20>`, `<M-x>` (Alt), `<C-x>`
/// for Ctrl-x, and `<lt>` for a literal `<`. Every other character types itself.
/// An unknown or unclosed `<…>` is an error naming its offset.
public enum KeyNotation {
    /// The keys `text` stands for.
    public static func parse(_ text: String) throws(KeyNotationError) -> [Key] {
        var keys: [Key] = []
        var index = text.startIndex
        var offset = 0
        while index < text.endIndex {
            let character = text[index]
            guard character == "<" else {
                keys.append(Key(typing: character))
                index = text.index(after: index)
                offset += 1
                continue
            }
            let nameStart = text.index(after: index)
            guard let close = text[nameStart...].firstIndex(of: ">") else {
                throw KeyNotationError(offset: offset, reason: .unclosed)
            }
            let name = String(text[nameStart..<close])
            guard let key = namedKey(name) else {
                if let control = controlTarget(name) {
                    throw KeyNotationError(offset: offset, reason: .noControlKey(control))
                }
                throw KeyNotationError(offset: offset, reason: .unknownName(name))
            }
            keys.append(key)
            offset += text[index...close].count
            index = text.index(after: close)
        }
        return keys
    }

    private static let names: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right,
        "enter": .enter, "cr": .enter, "return": .enter,
        "esc": .escape, "escape": .escape,
        "tab": .tab, "backtab": .backTab, "s-tab": .backTab,
        "backspace": .backspace, "bs": .backspace,
        "delete": .delete, "del": .delete, "insert": .insert, "ins": .insert,
        "home": .home, "end": .end,
        "pageup": .pageUp, "pgup": .pageUp, "pagedown": .pageDown, "pgdn": .pageDown,
        "space": .char(" "), "lt": .char("<"),
    ]

    private static func namedKey(_ name: String) -> Key? {
        let lowered = name.lowercased()
        if let key = names[lowered] { return key }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...20).contains(number),
            !lowered.dropFirst().hasPrefix("0"), !lowered.dropFirst().hasPrefix("+")
        {
            return .function(number)
        }
        if lowered.count == 3, lowered.hasPrefix("m-") || lowered.hasPrefix("a-"), let character = name.last,
            character.isASCII, character.isLetter || character.isNumber
        {
            return .alt(character)
        }
        if let target = controlTarget(name) {
            if target.lowercased() == "space" { return .ctrl("@") }
            if target.count == 1, let character = target.first {
                return Key(control: character)
            }
        }
        return nil
    }

    /// What follows `C-` in a control chord name, if `name` is one.
    private static func controlTarget(_ name: String) -> String? {
        guard name.count >= 3, name.lowercased().hasPrefix("c-") else { return nil }
        return String(name.dropFirst(2))
    }
}

/// A key notation that cannot be read, with the offset (in characters, from 0) of
/// the `<` that starts the problem.
public struct KeyNotationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why the notation is wrong.
    public enum Reason: Hashable, Sendable {
        /// A `<` with no `>` after it.
        case unclosed
        /// `<name>` names no key.
        case unknownName(String)
        /// `<C-x>` where no control code exists for x.
        case noControlKey(String)
    }

    /// Characters before the offending `<`.
    public var offset: Int
    /// What is wrong.
    public var reason: Reason

    /// Creates an error at `offset`.
    public init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    /// `offset 3: unknown key <Foo>; write <lt> for a literal "<"`.
    public var description: String {
        let hint = "write <lt> for a literal \"<\""
        switch reason {
        case .unclosed:
            return "offset \(offset): \"<\" is not closed by \">\"; \(hint)"
        case .unknownName(let name):
            let shown = DisplayWidth.truncate(Sanitizer.sanitize(name), to: 30)
            return "offset \(offset): unknown key <\(shown)>; \(hint)"
        case .noControlKey(let target):
            let shown = DisplayWidth.truncate(Sanitizer.sanitize(target), to: 30)
            return "offset \(offset): there is no control key for \"\(shown)\" in <C-\(shown)>"
        }
    }
}
