/// Curses colour pairs handed out on demand: each foreground/background
/// combination gets a pair number the first time it is drawn.
///
/// Curses has a fixed number of pairs (`COLOR_PAIRS`, 65536 on most 256-colour
/// terminals). When they run out, the back end starts the frame again after
/// `reset()`, so pair numbers are never redefined while a frame uses them.
struct ColorPairCache {
    /// A pair: curses colour numbers, -1 for the terminal's default.
    struct Colors: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// Pair numbers available (pair 0 is the default pair and never handed out).
    let capacity: Int
    private var pairs: [Colors: Int32] = [:]
    private var next: Int32 = 1

    /// A cache for `pairCount` curses pairs (`COLOR_PAIRS`).
    init(pairCount: Int) {
        capacity = max(0, min(pairCount, Int(Int32.max)) - 1)
    }

    /// Number of pairs handed out.
    var count: Int { pairs.count }

    /// The pair for `colors`, defining it with `define(pair, foreground, background)`
    /// if new; 0 for default colours or when defining fails; nil when all pairs are
    /// taken (call `reset()` and redraw).
    mutating func pair(for colors: Colors, define: (Int32, Int32, Int32) -> Bool) -> Int32? {
        if colors.foreground == -1 && colors.background == -1 { return 0 }
        if let known = pairs[colors] { return known }
        guard pairs.count < capacity else { return nil }
        let number = next
        guard define(number, colors.foreground, colors.background) else { return 0 }
        pairs[colors] = number
        next += 1
        return number
    }

    /// Forgets every pair.
    mutating func reset() {
        pairs.removeAll(keepingCapacity: true)
        next = 1
    }
}
