/// Where frames are shown and keys come from: the real terminal or a test's memory.
///
/// Everything an app shows goes through `draw(_:)` as a `CellBuffer`, and everything
/// it hears comes from `readKey()`, so a test can replace the whole terminal.
public protocol Terminal: AnyObject {
    /// Columns and rows available now (updated before `.resize` is delivered).
    var size: Size { get }
    /// How many colours frames can use.
    var colorDepth: ColorDepth { get }
    /// Whether the terminal shows Unicode; when false, frames are shown with
    /// `AsciiFallback` replacements, so renderers may keep drawing Unicode.
    var isUTF8: Bool { get }
    /// Shows `buffer` as the whole screen (cells outside the terminal are dropped,
    /// uncovered parts of the screen are cleared).
    func draw(_ buffer: CellBuffer)
    /// Shows the cursor at `point` (a text field being edited), or hides it (nil).
    func setCursor(_ point: Point?)
    /// Shows `buffer` as the whole screen, then the cursor at `cursor`, or (nil) hides it
    /// and leaves it at `resting`: the focused element, which screen readers and braille
    /// displays follow whether or not the cursor shows. The rows in `rewriting` are written
    /// whole even where the screen already shows them, so a reader that speaks what is
    /// written hears all of them (a new scene's title, the whole announcement).
    func show(_ buffer: CellBuffer, cursor: Point?, resting: Point?, rewriting: [Range<Int>])
    /// A descriptor `readKey()` and `hasKey(within:)` also wait on, beside input and signals:
    /// when it has something to read they give `.wake`, once per wait (the reader drains
    /// it). The shell sets it to a ``FileWatcher``'s to follow saved files; nil for none.
    var wakeDescriptor: Int32? { get set }
    /// Waits for the next key or event. Returns nil once input is closed (the
    /// terminal hung up, or a test ran out of keys); never spins.
    func readKey() -> Key?
    /// Waits up to `timeout` for a key or event: true when `readKey()` has one to give (or
    /// input closed), false when the time passed with none. What an animation waits on.
    func hasKey(within timeout: Duration) -> Bool
    /// Puts `text` on the clipboard of the terminal the user sits at, with OSC 52 (which
    /// reaches it over ssh too). Returns false when nothing was sent: the text is longer than
    /// `ClipboardSequence.maximumBytes`, or the terminal is gone. Whether the terminal took
    /// it cannot be known: terminals do not answer, and some ignore the request.
    @discardableResult
    func copyToClipboard(_ text: String) -> Bool
    /// Gives the terminal back as it was before launch. Safe to call twice.
    func shutdown()
}

extension Terminal {
    /// A terminal that waits on nothing but its own input (a test's) never wakes for another
    /// descriptor: whoever set one drains it itself.
    public var wakeDescriptor: Int32? {
        get { nil }
        set {}
    }

    /// A terminal that cannot leave a hidden cursor somewhere draws, then shows or hides it.
    public func show(_ buffer: CellBuffer, cursor: Point?, resting: Point?, rewriting: [Range<Int>]) {
        draw(buffer)
        setCursor(cursor)
    }

    /// A terminal that cannot wait with a timeout says a key is always ready, so the shell
    /// blocks in `readKey()` as it would with nothing animating.
    public func hasKey(within timeout: Duration) -> Bool { true }
}
