/// A terminal in memory for tests: keys come from a queue, frames are recorded.
public final class MemoryTerminal: Terminal {
    /// Columns and rows; change with `resize(to:)`.
    public private(set) var size: Size
    /// The colour depth reported to the app.
    public var colorDepth: ColorDepth
    /// Whether the app should believe Unicode is shown.
    public var isUTF8: Bool
    /// The most recent frames, oldest first (at most `frameLimit`).
    public private(set) var frames: [CellBuffer] = []
    /// How many frames were drawn in total.
    public private(set) var frameCount = 0
    /// How many recent frames are kept.
    public let frameLimit: Int
    /// Where the cursor is shown, nil when hidden.
    public private(set) var cursor: Point?
    /// Where the hidden cursor was left by the last frame (the focused element), nil when
    /// it shows or nothing was said.
    public private(set) var restingCursor: Point?
    /// The rows the last frame asked to be written whole.
    public private(set) var rewrittenRows: [Range<Int>] = []
    /// What was copied to the clipboard, oldest first.
    public private(set) var clipboard: [String] = []
    /// Whether `shutdown()` was called.
    public private(set) var isShutDown = false
    /// Keys not read yet.
    public var pendingKeys: [Key] { Array(queue[head...]) }
    /// Called when `readKey()` finds the queue empty, before it returns nil: a test
    /// can enqueue more keys here (answering what it sees on screen).
    public var whenIdle: ((MemoryTerminal) -> Void)?

    private var queue: [Key] = []
    private var head = 0

    /// A terminal of `size` that keeps the last `frameLimit` frames.
    public init(
        size: Size = Size(width: 80, height: 24), colorDepth: ColorDepth = .trueColor,
        isUTF8: Bool = true, frameLimit: Int = 64
    ) {
        self.size = size
        self.colorDepth = colorDepth
        self.isUTF8 = isUTF8
        self.frameLimit = max(1, frameLimit)
    }

    /// The last frame drawn, if any.
    public var lastFrame: CellBuffer? { frames.last }

    /// The last frame as plain text (rows joined by newlines), or "" before any frame.
    public var screenText: String { lastFrame?.text ?? "" }

    /// Adds keys to the end of the queue.
    public func enqueue(_ keys: Key...) {
        enqueue(keys)
    }

    /// Adds keys to the end of the queue.
    public func enqueue(_ keys: [Key]) {
        queue.append(contentsOf: keys)
    }

    /// Queues each character of `text` as typed.
    public func type(_ text: String) {
        enqueue(text.map(Key.init(typing:)))
    }

    /// Queues the keys of a `KeyNotation` string such as `"<Down>x<C-s>"`.
    public func enqueue(notation: String) throws(KeyNotationError) {
        enqueue(try KeyNotation.parse(notation))
    }

    /// Changes the size and queues `.resize`, as a real terminal would.
    public func resize(to newSize: Size) {
        size = newSize
        enqueue(.resize)
    }

    /// Records a frame.
    public func draw(_ buffer: CellBuffer) {
        frames.append(buffer)
        if frames.count > frameLimit { frames.removeFirst(frames.count - frameLimit) }
        frameCount += 1
    }

    /// Records where the cursor is.
    public func setCursor(_ point: Point?) {
        cursor = point
        restingCursor = nil
    }

    /// Records a frame, where the cursor is shown or rests, and the rows to write whole.
    public func show(_ buffer: CellBuffer, cursor: Point?, resting: Point?, rewriting: [Range<Int>]) {
        draw(buffer)
        rewrittenRows = rewriting
        self.cursor = cursor
        restingCursor = cursor == nil ? resting : nil
    }

    /// The next queued key; nil when the queue is empty (after asking `whenIdle`).
    public func readKey() -> Key? {
        if head == queue.count, let whenIdle {
            whenIdle(self)
        }
        guard head < queue.count else { return nil }
        let key = queue[head]
        head += 1
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        return key
    }

    /// Records the copy, refusing what a real terminal's would (text longer than
    /// `ClipboardSequence.maximumBytes`, or after shutdown).
    @discardableResult
    public func copyToClipboard(_ text: String) -> Bool {
        guard !isShutDown, ClipboardSequence.copying(text) != nil else { return false }
        clipboard.append(text)
        return true
    }

    /// Marks the terminal as shut down.
    public func shutdown() {
        isShutDown = true
    }
}
