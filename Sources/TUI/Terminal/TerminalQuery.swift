/// The questions asked of a terminal at start-up, in one round trip, and reading the answers.
///
/// Two things cannot be learnt from terminfo or the environment over ssh: whether the terminal
/// takes 24-bit colour, and whether it can hold a frame back until it is complete
/// (synchronized output, mode 2026). The request asks whichever of them is wanted:
///
/// - 24-bit colour: set a 24-bit background, ask for the current graphic rendition with
///   DECRQSS (`ESC P $ q m ESC \`), reset it. A terminal that keeps the colour reports it back.
/// - Synchronized output: DECRQM for private mode 2026 (`CSI ? 2026 $ p`); a terminal that
///   knows the mode answers `CSI ? 2026 ; 1 $ y` or `; 2 $ y`.
///
/// and always ends with a primary device attributes request (DA1, `ESC [ c`), which every
/// terminal answers, and answers last. So a terminal that knows neither question costs one
/// round trip, not a timeout, and the DA1 answer says that every answer has come. Everything
/// that is not an answer (keys typed meanwhile) is handed back to go to the key decoder.
public struct TerminalQuery: Equatable, Sendable {
    /// Whether the request asks about 24-bit colour.
    public var asksTrueColor: Bool
    /// Whether the request asks about synchronized output.
    public var asksSynchronizedOutput: Bool

    /// A query asking the given questions (and DA1 in any case).
    public init(asksTrueColor: Bool, asksSynchronizedOutput: Bool) {
        self.asksTrueColor = asksTrueColor
        self.asksSynchronizedOutput = asksSynchronizedOutput
    }

    /// The probe colour: unlikely to be anyone's default, and distinct channels.
    static let probe = (red: 1, green: 2, blue: 3)

    /// The colour question: set the probe background, ask for it back, reset.
    static let trueColorRequest = "\u{1B}[48;2;\(probe.red);\(probe.green);\(probe.blue)m\u{1B}P$qm\u{1B}\\\u{1B}[m"

    /// The bytes to write to the terminal.
    public var request: [UInt8] {
        var text = ""
        if asksTrueColor { text += Self.trueColorRequest }
        if asksSynchronizedOutput { text += SynchronizedOutput.modeRequest }
        text += "\u{1B}[c"
        return Array(text.utf8)
    }

    /// What the terminal said.
    public struct Answers: Equatable, Sendable {
        /// Whether it reported the 24-bit probe colour back.
        public var trueColor = false
        /// Whether it reported mode 2026 as one it can set (nil: it did not report the mode).
        public var synchronizedOutput: Bool?

        /// Answers with the given values.
        public init(trueColor: Bool = false, synchronizedOutput: Bool? = nil) {
            self.trueColor = trueColor
            self.synchronizedOutput = synchronizedOutput
        }

        /// The terminal whose answers are known without asking: the one the environment names
        /// (`TERM_PROGRAM`, `TERM_PROGRAM_VERSION`), when it is one whose answers were read.
        /// The page `storyboard serve --http` serves runs xterm.js 3.8.1, which reports no
        /// 24-bit colour (DECRQSS `m` gives `0m`) and does not know mode 2026; the server
        /// names it, so a session starts without a round trip through a page still loading.
        public static func known(in environment: [String: String]) -> Answers? {
            guard environment["TERM_PROGRAM"] == "xterm.js", environment["TERM_PROGRAM_VERSION"] == "3.8.1" else { return nil }
            return Answers(trueColor: false, synchronizedOutput: false)
        }
    }

    /// What the answer so far means.
    public enum Outcome: Equatable, Sendable {
        /// The DA1 answer has not come yet.
        case waiting
        /// The terminal answered: what it said, and the bytes that were not part of any answer.
        case answered(Answers, leftover: [UInt8])
    }

    /// Reads what the terminal sent after the request.
    public static func interpret(_ bytes: [UInt8]) -> Outcome {
        var leftover: [UInt8] = []
        var answers = Answers()
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
                if reportsProbe(Array(bytes[(index + 2)..<end.start])) { answers.trueColor = true }
                index = end.next
            case UInt8(ascii: "["):
                guard let end = controlSequenceEnd(in: bytes, from: index + 2) else { return .waiting }
                let body = bytes[(index + 2)...end]
                if isDeviceAttributes(body) {
                    leftover += bytes[(end + 1)...]
                    return .answered(answers, leftover: leftover)
                }
                if let mode = SynchronizedOutput.report(in: body) {
                    answers.synchronizedOutput = mode
                } else {
                    // Something typed (an arrow key): it belongs to the app.
                    leftover += bytes[index...end]
                }
                index = end + 1
            default:
                leftover.append(bytes[index])
                index += 1
            }
        }
        return .waiting
    }

    /// Whether a control sequence's body (after `ESC [`, to its final byte) is a DA1 answer.
    static func isDeviceAttributes(_ body: ArraySlice<UInt8>) -> Bool {
        body.count >= 2 && body.first == UInt8(ascii: "?") && body.last == UInt8(ascii: "c")
    }

    /// Removes answers that arrive after the app stopped waiting for them (a link slower than
    /// the timeout, or a query sent without waiting at all), so they are not read as keys: a
    /// DECRQSS answer (`ESC P … ESC \`) would otherwise type its letters. A mode report is
    /// kept (`synchronizedOutput`), and the DA1 answer ends the filtering. Everything else
    /// passes at once, except an ESC at the very end of a read, which may begin an answer:
    /// it is held until the next read, or until `flushHeld()` says it was the Esc key.
    public struct LateAnswerFilter: Sendable {
        private var held: [UInt8] = []
        /// Whether the DA1 answer has gone by: nothing more is filtered.
        public private(set) var isDone = false
        /// What a mode 2026 report said, once one went by.
        public private(set) var synchronizedOutput: Bool?

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
                    // Maybe the start of an answer: wait for its third byte.
                    held = Array(data[index...])
                    break
                }
                let isDeviceControl = next == UInt8(ascii: "P")
                // Answers to DA1 and DECRQM both begin `ESC [ ?`; no key does.
                let isPrivateReport = next == UInt8(ascii: "[") && index + 2 < data.count
                    && data[index + 2] == UInt8(ascii: "?")
                guard isDeviceControl || isPrivateReport else {
                    output.append(data[index])
                    index += 1
                    continue
                }
                let end = isDeviceControl
                    ? TerminalQuery.stringTerminator(in: data, from: index + 2)?.next
                    : TerminalQuery.controlSequenceEnd(in: data, from: index + 3).map { $0 + 1 }
                guard let end else {
                    // Incomplete: hold it for the next read, unless it is far too long to be an answer.
                    if data.count - index <= 512 {
                        held = Array(data[index...])
                    } else {
                        output += data[index...]
                    }
                    break
                }
                if isPrivateReport {
                    let body = data[(index + 2)..<end]
                    if TerminalQuery.isDeviceAttributes(body) {
                        isDone = true
                    } else if let mode = SynchronizedOutput.report(in: body) {
                        synchronizedOutput = mode
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
