/// A recording made without a terminal: the frame after each key, at a pace a viewer can
/// follow, as asciicast v2 (`storyboard render --format cast`).
///
/// What a tape file does for a demo: the keys are given, nobody types, and the same keys
/// always give the same file, byte for byte (times are multiples of the pace, and the header
/// has no date unless one is given). The first screen shows at 0; each key's frame comes
/// `pace` after the one before, except a character typed right after another, which comes
/// after a tenth of it, as typing does. The last frame stays on screen for one more `pace`.
public struct KeyByKeyRecording: Sendable {
    /// The header written first.
    public let header: Asciicast.Header
    /// Microseconds between one key's frame and the next.
    public let pace: Int
    private var writer: ANSIFrameWriter
    private var lines: [String] = []
    private var time = 0
    private var previousKey: Key?
    private var frames = 0

    /// A recording of frames of `size`, `pace` microseconds apart; `timestamp` (seconds since
    /// 1970) only when the file should say when it was made.
    public init(size: Size, pace: Int, title: String?, timestamp: Int? = nil, colorDepth: ColorDepth = .trueColor) {
        header = Asciicast.Header(width: size.width, height: size.height, timestamp: timestamp, title: title)
        self.pace = max(1, pace)
        writer = ANSIFrameWriter(colorDepth: colorDepth)
    }

    /// The time typed characters follow one another.
    public var typingInterval: Int { max(1, pace / 10) }

    /// Adds the frame shown after `key` (nil for the first screen), with the text cursor at
    /// `cursor` or hidden.
    public mutating func add(_ frame: CellBuffer, cursor: Point?, after key: Key?) {
        if frames > 0 {
            time += Self.isTyped(key) && Self.isTyped(previousKey) ? typingInterval : pace
        }
        frames += 1
        previousKey = key
        let bytes = writer.update(to: frame, cursor: cursor)
        // A key that changed nothing still takes its time, so the pace stays even.
        lines.append(Asciicast.eventLine(microseconds: time, .output, bytes))
    }

    /// The whole file: the header, the frames, and a last, empty event that keeps the final
    /// frame up for one more `pace`.
    public var text: String {
        var output = Asciicast.headerLine(header)
        for line in lines { output += line }
        if frames > 0 { output += Asciicast.eventLine(microseconds: time + pace, .output, "") }
        return output
    }

    private static func isTyped(_ key: Key?) -> Bool {
        if case .char = key { return true }
        return false
    }
}
