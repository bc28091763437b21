/// Turns the bytes a terminal sends into keys.
///
/// Understands UTF-8 (also when a character is split across reads), control
/// bytes, CSI and SS3 escape sequences (arrows, Home/End in their several
/// spellings, Page Up/Down, Insert, Delete, F1–F20, Shift-Tab), SGR and X10
/// mouse reports (click, wheel) and bracketed paste.
///
/// A lone ESC cannot be told apart from the start of a sequence until more bytes
/// arrive or time passes, so the decoder keeps incomplete input (`pending`) and the
/// caller calls `flush()` once no byte has come for a short while (ESCDELAY).
/// An incomplete sequence that times out is dropped, never typed as text, and
/// when its rest arrives in the next read it is still read as the key it
/// completes: an arrow key split by a slow link does not type `[A`.
public struct KeyDecoder: Sendable {
    /// What the decoder is waiting for.
    public enum Pending: Hashable, Sendable {
        /// Nothing: all input so far has been decoded.
        case none
        /// The rest of an escape sequence or a UTF-8 character; flush after ESCDELAY.
        case sequence
        /// The end of a bracketed paste; flush after a longer wait.
        case paste
    }

    /// The most bytes a single paste keeps; the rest is dropped.
    public static let maximumPasteBytes = 1 << 20
    /// The longest escape sequence accepted; longer ones are dropped as unknown.
    static let maximumSequenceBytes = 64

    private var buffer: [UInt8] = []
    private var pasteBytes: [UInt8]?
    /// The escape sequence start dropped by the last `flush()`, kept so that a late
    /// rest of it is not typed as text.
    private var flushedPrefix: [UInt8] = []

    /// A decoder with nothing pending.
    public init() {}

    /// What the decoder is waiting for.
    public var pending: Pending {
        if pasteBytes != nil { return .paste }
        return buffer.isEmpty ? .none : .sequence
    }

    /// Decodes `bytes` after any input kept from earlier calls.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        if !flushedPrefix.isEmpty {
            // The rest of a sequence that timed out: read it as the key it completes.
            let joined = flushedPrefix + buffer
            if case .keys(let found, let length) = parseEscape(joined, at: 0),
                length > flushedPrefix.count, !found.contains(.unknown), !found.contains(.escape),
                !found.contains(where: { if case .alt = $0 { true } else { false } })
            {
                keys += found
                index = length - flushedPrefix.count
                if isPasteStart(joined, length: length) { pasteBytes = [] }
            }
            flushedPrefix = []
        }
        var text = String.UnicodeScalarView()
        func endText() {
            guard !text.isEmpty else { return }
            for character in String(text) { keys.append(.char(character)) }
            text = String.UnicodeScalarView()
        }
        while index < buffer.count {
            if pasteBytes != nil {
                endText()
                let (next, waiting) = consumePaste(from: index, into: &keys)
                index = next
                if waiting { break }
                continue
            }
            let byte = buffer[index]
            if byte == 0x1B {
                endText()
                switch parseEscape(buffer, at: index) {
                case .incomplete:
                    buffer.removeFirst(index)
                    return keys
                case .keys(let found, let length):
                    keys += found
                    if isPasteStart(buffer, at: index, length: length) { pasteBytes = [] }
                    index += length
                }
            } else if byte < 0x20 || byte == 0x7F {
                endText()
                keys.append(Key(controlByte: byte))
                index += 1
            } else if byte < 0x80 {
                text.append(Unicode.Scalar(byte))
                index += 1
            } else {
                switch decodeUTF8(buffer, at: index) {
                case .incomplete:
                    endText()
                    buffer.removeFirst(index)
                    return keys
                case .invalid(let length):
                    endText()
                    keys.append(.unknown)
                    index += length
                case .scalar(let scalar, let length):
                    if scalar.value < 0xA0 {
                        endText()
                        keys.append(.unknown)
                    } else {
                        text.append(scalar)
                    }
                    index += length
                }
            }
        }
        endText()
        buffer.removeFirst(min(index, buffer.count))
        return keys
    }

    /// Gives up waiting: a lone ESC becomes `.escape`, an unfinished sequence or
    /// character is dropped as `.unknown`, an unfinished paste is delivered as is.
    public mutating func flush() -> [Key] {
        var keys: [Key] = []
        if let collected = pasteBytes {
            var bytes = collected
            appendToPaste(buffer[...], into: &bytes)
            keys.append(.paste(Self.pasteText(bytes)))
            pasteBytes = nil
        } else if buffer == [0x1B] {
            keys.append(.escape)
            flushedPrefix = buffer
        } else if buffer.first == 0x1B {
            keys.append(.unknown)
            flushedPrefix = Array(buffer.prefix(Self.maximumSequenceBytes))
        } else if !buffer.isEmpty {
            keys.append(.unknown)
        }
        buffer.removeAll(keepingCapacity: true)
        return keys
    }

    // MARK: - Escape sequences

    private enum Parse {
        case incomplete
        /// The keys (possibly none: an ignored report) and the bytes consumed.
        case keys([Key], Int)
    }

    private func isPasteStart(_ bytes: [UInt8], at start: Int = 0, length: Int) -> Bool {
        let marker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E]
        return length == marker.count && start + length <= bytes.count
            && Array(bytes[start..<start + length]) == marker
    }

    private func parseEscape(_ bytes: [UInt8], at start: Int) -> Parse {
        let next = start + 1
        guard next < bytes.count else { return .incomplete }
        switch bytes[next] {
        case UInt8(ascii: "["):
            return parseCSI(bytes, at: start)
        case UInt8(ascii: "O"):
            let finalIndex = start + 2
            guard finalIndex < bytes.count else { return .incomplete }
            let final = bytes[finalIndex]
            guard (0x40...0x7E).contains(final) else { return .keys([.escape], 1) }
            return .keys([Self.ss3Key(final)], 3)
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A:
            // ESC with a letter or digit in the same read is Alt plus that key: a person
            // pressing Esc and then a letter is far slower than one read.
            return .keys([.alt(Character(Unicode.Scalar(bytes[next])))], 2)
        default:
            // ESC before anything else is Escape followed by that key.
            return .keys([.escape], 1)
        }
    }

    private func parseCSI(_ bytes: [UInt8], at start: Int) -> Parse {
        var index = start + 2
        guard index < bytes.count else { return .incomplete }
        if bytes[index] == UInt8(ascii: "M") {
            // X10 mouse: three raw bytes follow.
            guard index + 3 < bytes.count else { return .incomplete }
            let button = Int(bytes[index + 1]) - 32
            let x = Int(bytes[index + 2]) - 33
            let y = Int(bytes[index + 3]) - 33
            return .keys(Self.mouseKeys(button: button, x: x, y: y, released: button & 3 == 3), 6)
        }
        var parameters: [UInt8] = []
        var hasIntermediates = false
        while true {
            guard index < bytes.count else {
                return index - start >= Self.maximumSequenceBytes ? .keys([.unknown], index - start) : .incomplete
            }
            let byte = bytes[index]
            switch byte {
            case 0x30...0x3F:
                parameters.append(byte)
            case 0x20...0x2F:
                hasIntermediates = true
            case 0x40...0x7E:
                let length = index - start + 1
                if hasIntermediates || length > Self.maximumSequenceBytes {
                    return .keys([.unknown], length)
                }
                return .keys(Self.csiKeys(parameters: parameters, final: byte), length)
            default:
                // Not a sequence after all: drop what was read, keep the odd byte.
                return .keys([.unknown], index - start)
            }
            index += 1
        }
    }

    private static func ss3Key(_ final: UInt8) -> Key {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "M"): return .enter
        case UInt8(ascii: "P"): return .function(1)
        case UInt8(ascii: "Q"): return .function(2)
        case UInt8(ascii: "R"): return .function(3)
        case UInt8(ascii: "S"): return .function(4)
        default: return .unknown
        }
    }

    private static func csiKeys(parameters: [UInt8], final: UInt8) -> [Key] {
        // Read from the bytes: an arrow key arrives on every press, and making text of its
        // parameters to split them cost more than the rest of decoding it.
        if parameters.first == UInt8(ascii: "<") {
            guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return [.unknown] }
            let numbers = Self.numbers(in: parameters.dropFirst())
            guard numbers.count == 3, let button = numbers[0], let x = numbers[1], let y = numbers[2]
            else { return [.unknown] }
            return mouseKeys(button: button, x: x - 1, y: y - 1, released: final == UInt8(ascii: "m"))
        }
        if let marker = parameters.first,
            marker == UInt8(ascii: "?") || marker == UInt8(ascii: ">") || marker == UInt8(ascii: "=")
        {
            return [.unknown]
        }
        switch final {
        case UInt8(ascii: "A"): return [.up]
        case UInt8(ascii: "B"): return [.down]
        case UInt8(ascii: "C"): return [.right]
        case UInt8(ascii: "D"): return [.left]
        case UInt8(ascii: "H"): return [.home]
        case UInt8(ascii: "F"): return [.end]
        case UInt8(ascii: "Z"): return [.backTab]
        case UInt8(ascii: "P"): return [.function(1)]
        case UInt8(ascii: "Q"): return [.function(2)]
        case UInt8(ascii: "R"): return [.function(3)]
        case UInt8(ascii: "S"): return [.function(4)]
        case UInt8(ascii: "I"), UInt8(ascii: "O"): return []  // focus in/out
        case UInt8(ascii: "~"):
            guard let code = Self.numbers(in: parameters[...]).first.flatMap({ $0 }) else { return [.unknown] }
            return tildeKeys(code)
        default:
            return [.unknown]
        }
    }

    /// The numbers of parameters `1;5`, each nil where it is empty or not only digits (as
    /// `Int` reads a parameter's text); a number too large for `Int` is nil as well.
    private static func numbers(in bytes: ArraySlice<UInt8>) -> [Int?] {
        var numbers: [Int?] = []
        var value: Int? = nil
        var empty = true
        for byte in bytes {
            if byte == UInt8(ascii: ";") {
                numbers.append(empty ? nil : value)
                value = nil
                empty = true
                continue
            }
            if empty { value = 0 }
            empty = false
            guard let current = value, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                value = nil
                continue
            }
            let (times, overflow) = current.multipliedReportingOverflow(by: 10)
            let (sum, overflowAgain) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            value = overflow || overflowAgain ? nil : sum
        }
        numbers.append(empty ? nil : value)
        return numbers
    }

    private static func tildeKeys(_ code: Int) -> [Key] {
        switch code {
        case 1, 7: return [.home]
        case 2: return [.insert]
        case 3: return [.delete]
        case 4, 8: return [.end]
        case 5: return [.pageUp]
        case 6: return [.pageDown]
        case 11...15: return [.function(code - 10)]
        case 17...21: return [.function(code - 11)]
        case 23...26: return [.function(code - 12)]
        case 28, 29: return [.function(code - 13)]
        case 31...34: return [.function(code - 14)]
        case 200, 201: return []  // paste markers, handled by the caller
        default: return [.unknown]
        }
    }

    /// Primary-button presses, motion with it held (a drag) and wheel turns; releases,
    /// motion with no button held and other buttons are ignored.
    private static func mouseKeys(button: Int, x: Int, y: Int, released: Bool) -> [Key] {
        guard !released, button >= 0 else { return [] }
        let point = Point(x: max(0, x), y: max(0, y))
        if button & 32 != 0 {
            return button & 3 == 0 && button & (64 | 128) == 0 ? [.mouse(.drag(point))] : []
        }
        if button & 64 != 0 {
            switch button & 3 {
            case 0: return [.mouse(.wheelUp(point))]
            case 1: return [.mouse(.wheelDown(point))]
            default: return []
            }
        }
        return button & 3 == 0 && button & 128 == 0 ? [.mouse(.click(point))] : []
    }

    // MARK: - Paste

    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// Moves paste bytes from `index` on into the paste, up to the end marker
    /// (delivering the paste) or up to a possible partial marker at the end.
    /// - Returns: where decoding continues, and whether the paste still needs more input.
    private mutating func consumePaste(from index: Int, into keys: inout [Key]) -> (Int, Bool) {
        let end = Self.pasteEnd
        var search = index
        while search + end.count <= buffer.count {
            if buffer[search] == end[0] && Array(buffer[search..<search + end.count]) == end {
                var bytes = pasteBytes ?? []
                appendToPaste(buffer[index..<search], into: &bytes)
                keys.append(.paste(Self.pasteText(bytes)))
                pasteBytes = nil
                return (search + end.count, false)
            }
            search += 1
        }
        // Keep a tail that may be the start of the end marker.
        var keep = 0
        for length in stride(from: min(end.count - 1, buffer.count - index), through: 1, by: -1)
        where Array(buffer[(buffer.count - length)...]) == Array(end[0..<length]) {
            keep = length
            break
        }
        var bytes = pasteBytes ?? []
        appendToPaste(buffer[index..<(buffer.count - keep)], into: &bytes)
        pasteBytes = bytes
        return (buffer.count - keep, true)
    }

    private func appendToPaste(_ bytes: ArraySlice<UInt8>, into paste: inout [UInt8]) {
        let room = Self.maximumPasteBytes - paste.count
        guard room > 0 else { return }
        paste.append(contentsOf: bytes.prefix(room))
    }

    /// Pasted bytes as text, with CR and CRLF line ends read as LF.
    private static func pasteText(_ bytes: [UInt8]) -> String {
        var normalized: [UInt8] = []
        normalized.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0D {
                normalized.append(0x0A)
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
            } else {
                normalized.append(byte)
            }
            index += 1
        }
        return String(decoding: normalized, as: UTF8.self)
    }

    // MARK: - UTF-8

    private enum UTF8Result {
        case scalar(Unicode.Scalar, Int)
        case invalid(Int)
        case incomplete
    }

    private func decodeUTF8(_ bytes: [UInt8], at start: Int) -> UTF8Result {
        let lead = bytes[start]
        let length: Int
        var value: UInt32
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
            if lead == 0xE0 { secondRange = 0xA0...0xBF }
            if lead == 0xED { secondRange = 0x80...0x9F }
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
            if lead == 0xF0 { secondRange = 0x90...0xBF }
            if lead == 0xF4 { secondRange = 0x80...0x8F }
        default:
            return .invalid(1)
        }
        for offset in 1..<length {
            let position = start + offset
            guard position < bytes.count else { return .incomplete }
            let byte = bytes[position]
            let allowed = offset == 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(byte) else { return .invalid(offset) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return .invalid(length) }
        return .scalar(scalar, length)
    }
}
