/// Terminal types this machine has no terminfo entry for: what to draw with instead.
///
/// People reach the app over ssh from terminals newer than the server's terminfo database
/// (`xterm-ghostty`, `xterm-kitty`, `wezterm`…). Those all understand xterm's sequences,
/// so the nearest entry that exists is used rather than refusing to start.
public enum TerminalTypeFallback {
    /// The entries tried in order when `TERM` has none: xterm with 256 colours, plain
    /// xterm, then the ANSI and VT100 basics every terminal emulator honours.
    public static let candidates = ["xterm-256color", "xterm", "ansi", "vt100"]

    /// The status line shown once when a fallback is in use.
    public static func notice(requested: String, used: String) -> String {
        "TERM \(Sanitizer.sanitize(requested)) has no terminfo entry here: drawing as \(used)"
    }
}

/// Whether a terminal takes 24-bit colour, and the terminfo entry to draw it with.
///
/// Curses draws colour through terminfo, and only a direct-colour entry (`xterm-direct`,
/// with the `RGB` capability) lets it send 24-bit colours (docs/DECISIONS.md). So when the
/// terminal is known to take them and `TERM`'s own entry is not direct, the shell draws
/// with the direct entry of the same family, if this machine has one.
///
/// Knowing comes from, in order: `COLORTERM` (`truecolor`, `24bit`); other variables
/// terminals set locally (`VTE_VERSION`, `TERM_PROGRAM`); `TERM` names of terminals that
/// always take it; and, failing those, asking the terminal (`TrueColorQuery`), since ssh
/// does not pass `COLORTERM` on by default.
public enum TrueColorSupport {
    /// Terminal families that take 24-bit colour in every version still in use.
    static let knownFamilies = [
        "kitty", "ghostty", "wezterm", "alacritty", "foot", "contour", "iterm2", "iterm", "mintty", "konsole", "rio",
    ]

    /// Whether the environment says the terminal takes 24-bit colour, without asking it.
    public static func impliedByEnvironment(_ environment: [String: String]) -> Bool {
        if let value = environment["COLORTERM"]?.lowercased(), value == "truecolor" || value == "24bit" {
            return true
        }
        // VTE (GNOME Terminal and friends) has taken it since 0.36.
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= 3600 { return true }
        if let program = environment["TERM_PROGRAM"]?.lowercased(),
            ["iterm.app", "wezterm", "vscode", "ghostty", "tabby", "rio", "hyper"].contains(program)
        {
            return true
        }
        return impliedByName(environment["TERM"] ?? "")
    }

    /// Whether `TERM` alone says 24-bit colour: names ending in `-direct`, holding
    /// `truecolor` or `24bit`, or naming a terminal family that always takes it.
    public static func impliedByName(_ term: String) -> Bool {
        let name = term.lowercased()
        if name.hasSuffix("-direct") || name.contains("truecolor") || name.contains("24bit") { return true }
        return knownFamilies.contains(family(of: name))
    }

    /// The direct-colour entries to try for a terminal: the family `TERM` names
    /// (`tmux-256color` → `tmux-direct`, `xterm-kitty` → `kitty-direct`), the family of the
    /// entry in use when `TERM` had none, then `xterm-direct` for anything drawn as an xterm.
    public static func directEntries(requested: String, drawingWith entry: String) -> [String] {
        var names = [family(of: requested.lowercased()) + "-direct", family(of: entry) + "-direct"]
        if entry.hasPrefix("xterm") { names.append("xterm-direct") }
        var seen = Set<String>()
        return names.filter { $0 != "-direct" && seen.insert($0).inserted }
    }

    /// `xterm-256color` → `xterm`, `xterm-kitty` → `kitty`, `tmux-256color` → `tmux`.
    static func family(of name: String) -> String {
        var name = name
        for suffix in ["-256color", "-88color", "-16color", "-color", "-direct"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        if name.hasPrefix("xterm-") { name.removeFirst("xterm-".count) }
        return name
    }
}

/// Asking a terminal whether it takes 24-bit colour, when nothing else says.
///
/// The request sets a 24-bit background, asks for the current graphic rendition with
/// DECRQSS (`ESC P $ q m ESC \`), resets it, and ends with a primary device attributes
/// request (DA1, `ESC [ c`), which every terminal answers. A terminal that keeps the
/// 24-bit colour reports it back; one that does not reports something else, or nothing.
/// Either way the DA1 answer ends the wait, so a terminal that does not know DECRQSS costs
/// one round trip, not a timeout. Everything that is not an answer (keys typed meanwhile)
/// is handed back to go to the key decoder.
public enum TrueColorQuery {
    /// The probe colour: unlikely to be anyone's default, and distinct channels.
    static let probe = (red: 1, green: 2, blue: 3)

    /// The bytes to write to the terminal.
    public static let request: [UInt8] = Array(
        "\u{1B}[48;2;\(probe.red);\(probe.green);\(probe.blue)m\u{1B}P$qm\u{1B}\\\u{1B}[m\u{1B}[c".utf8)

    /// What the answer so far means.
    public enum Outcome: Equatable, Sendable {
        /// The DA1 answer has not come yet.
        case waiting
        /// The terminal answered: whether it reported the 24-bit colour back, and the
        /// bytes that were not part of any answer.
        case answered(trueColor: Bool, leftover: [UInt8])
    }

    /// Reads what the terminal sent after the request.
    public static func interpret(_ bytes: [UInt8]) -> Outcome {
        var leftover: [UInt8] = []
        var trueColor = false
        var index = 0
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                if bytes[index] == 0x1B { return .waiting }
                leftover.append(bytes[index])
                index += 1
                continue
            }
            switch bytes[index + 1] {
            case UInt8(ascii: "P"):
                // A device control string, up to the string terminator (ESC \ or BEL).
                guard let end = stringTerminator(in: bytes, from: index + 2) else { return .waiting }
                if reportsProbe(Array(bytes[(index + 2)..<end.start])) { trueColor = true }
                index = end.next
            case UInt8(ascii: "["):
                guard let end = controlSequenceEnd(in: bytes, from: index + 2) else { return .waiting }
                let isDeviceAttributes = bytes[end] == UInt8(ascii: "c") && index + 2 < end
                    && bytes[index + 2] == UInt8(ascii: "?")
                if isDeviceAttributes {
                    leftover += bytes[(end + 1)...]
                    return .answered(trueColor: trueColor, leftover: leftover)
                }
                // Something typed (an arrow key): it belongs to the app.
                leftover += bytes[index...end]
                index = end + 1
            default:
                leftover.append(bytes[index])
                index += 1
            }
        }
        return .waiting
    }

    /// Removes answers that arrive after the wait was given up (a link slower than the
    /// timeout), so they are not read as keys: a DECRQSS answer (`ESC P … ESC \`) would
    /// otherwise type its letters, and the DA1 answer ends the filtering. Everything else
    /// passes at once, except an ESC at the very end of a read, which may begin an answer:
    /// it is held until the next read, or until `flushHeld()` says it was the Esc key.
    public struct LateAnswerFilter: Sendable {
        private var held: [UInt8] = []
        /// Whether the DA1 answer has gone by: nothing more is filtered.
        public private(set) var isDone = false

        /// A filter waiting for the answers.
        public init() {}

        /// Whether bytes are held, waiting for the rest of what may be an answer.
        public var isHolding: Bool { !held.isEmpty }

        /// Gives up waiting for the rest: a lone ESC was the Esc key and is returned; the
        /// start of an answer is dropped (it is never a key).
        public mutating func flushHeld() -> [UInt8] {
            defer { held = [] }
            // `ESC [` alone is Alt-[ typed: pass it on like the lone ESC.
            return held == [0x1B] || held == [0x1B, UInt8(ascii: "[")] ? held : []
        }

        /// The bytes of `bytes` (after any held from the last call) that are no answer.
        public mutating func filter(_ bytes: some Sequence<UInt8>) -> [UInt8] {
            let data = held + Array(bytes)
            held = []
            guard !isDone else { return data }
            var output: [UInt8] = []
            var index = 0
            while index < data.count {
                guard !isDone else {
                    output += data[index...]
                    break
                }
                guard data[index] == 0x1B else {
                    output.append(data[index])
                    index += 1
                    continue
                }
                guard index + 1 < data.count else {
                    held = [0x1B]
                    break
                }
                let next = data[index + 1]
                if next == UInt8(ascii: "["), index + 2 == data.count {
                    // Maybe the start of the DA1 answer: wait for its third byte.
                    held = Array(data[index...])
                    break
                }
                let isDeviceControl = next == UInt8(ascii: "P")
                let isDeviceAttributes = next == UInt8(ascii: "[") && index + 2 < data.count
                    && data[index + 2] == UInt8(ascii: "?")
                guard isDeviceControl || isDeviceAttributes else {
                    output.append(data[index])
                    index += 1
                    continue
                }
                let end = isDeviceControl
                    ? TrueColorQuery.stringTerminator(in: data, from: index + 2)?.next
                    : TrueColorQuery.controlSequenceEnd(in: data, from: index + 3).map { $0 + 1 }
                guard let end else {
                    // Incomplete: hold it for the next read, unless it is far too long to be an answer.
                    if data.count - index <= 512 {
                        held = Array(data[index...])
                    } else {
                        output += data[index...]
                    }
                    break
                }
                if isDeviceAttributes {
                    if data[end - 1] == UInt8(ascii: "c") {
                        isDone = true
                    } else {
                        output += data[index..<end]
                    }
                }
                index = end
            }
            return output
        }
    }

    /// Whether a DECRQSS answer (`1$r…m`) holds the probe colour as a 24-bit background,
    /// in either the colon or the semicolon form.
    static func reportsProbe(_ body: [UInt8]) -> Bool {
        let text = String(decoding: body, as: UTF8.self)
        guard text.hasPrefix("1$r") else { return false }
        // `48:2::1:2:3` (with an empty colour space) and `48;2;1;2;3` read alike once empty
        // fields are dropped.
        let fields = text.dropFirst(3).split(whereSeparator: { $0 == ";" || $0 == ":" }).map { $0.trimmingSuffix("m") }
        let wanted = ["48", "2", "\(probe.red)", "\(probe.green)", "\(probe.blue)"]
        guard fields.count >= wanted.count else { return false }
        for start in 0...(fields.count - wanted.count) where Array(fields[start..<(start + wanted.count)]) == wanted {
            return true
        }
        return false
    }

    static func stringTerminator(in bytes: [UInt8], from start: Int) -> (start: Int, next: Int)? {
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x07 { return (index, index + 1) }
            if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
                return (index, index + 2)
            }
            index += 1
        }
        return nil
    }

    /// The index of a control sequence's final byte (0x40–0x7E), or nil when it is incomplete.
    static func controlSequenceEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if (0x40...0x7E).contains(bytes[index]) { return index }
            index += 1
        }
        return nil
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : String(self)
    }
}
