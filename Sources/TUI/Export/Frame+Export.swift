/// What a render returns, pictured or recorded: its cells and where its text cursor is.
extension SVGScreenshot {
    /// The SVG document of `frame`: its cells, and its text cursor when it shows one.
    public func document(for frame: Frame) -> String {
        document(for: frame.buffer, cursor: frame.cursor)
    }
}

extension KeyByKeyRecording {
    /// Adds `frame`, shown after `key` (nil for the first screen).
    public mutating func add(_ frame: Frame, after key: Key?) {
        add(frame.buffer, cursor: frame.cursor, after: key)
    }
}
