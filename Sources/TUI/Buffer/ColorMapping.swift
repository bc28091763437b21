/// Pure colour arithmetic: palette values, nearest palette colours, device colour numbers.
public enum ColorMapping {
    /// xterm's default values of the 16 palette colours; the user's palette may differ,
    /// which is why nearest-colour searches only pick from the fixed cube and grey ramp
    /// when 256 colours are available.
    static let basicPalette: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The six levels of each channel in the 6×6×6 colour cube (indices 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// Red, green and blue of a 256-palette index, using xterm's defaults for 0–15.
    public static func components(ofIndexed index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
        switch index {
        case 0..<16:
            let value = basicPalette[Int(index)]
            return (value.0, value.1, value.2)
        case 16..<232:
            let cube = Int(index) - 16
            return (
                UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[(cube / 6) % 6]),
                UInt8(cubeLevels[cube % 6])
            )
        default:
            let grey = UInt8(8 + 10 * (Int(index) - 232))
            return (grey, grey, grey)
        }
    }

    /// The closest colour of the fixed part of the 256 palette (cube 16–231, greys 232–255).
    public static func nearest256(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        func cubeStep(_ value: Int) -> Int {
            if value < 48 { return 0 }
            if value < 115 { return 1 }
            return (value - 35) / 40
        }
        let (r, g, b) = (Int(red), Int(green), Int(blue))
        let (cr, cg, cb) = (cubeStep(r), cubeStep(g), cubeStep(b))
        let cubeIndex = 16 + 36 * cr + 6 * cg + cb
        let cubeDistance = distance(
            (r, g, b), (cubeLevels[cr], cubeLevels[cg], cubeLevels[cb]))

        let average = (r + g + b) / 3
        let greyStep = average > 238 ? 23 : max(0, (average - 3) / 10)
        let greyValue = 8 + 10 * greyStep
        let greyDistance = distance((r, g, b), (greyValue, greyValue, greyValue))

        return UInt8(greyDistance < cubeDistance ? 232 + greyStep : cubeIndex)
    }

    /// The basic colour (0–7) whose channels are on where this colour's are at least
    /// half: mid greys become white, dark colours black, orange yellow. Distances to
    /// a palette would pick yellow for mid grey.
    public static func nearest8(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        (red >= 128 ? 1 : 0) | (green >= 128 ? 2 : 0) | (blue >= 128 ? 4 : 0)
    }

    /// The closest of the sixteen palette colours (0–15), by xterm's default values.
    public static func nearest16(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        nearest(red: red, green: green, blue: blue, among: 16)
    }

    /// The colour number of an RGB value on a direct-colour terminfo entry.
    ///
    /// Such entries (xterm-direct) read numbers below 8 as palette colours, so
    /// the darkest blues are nudged to 8, which is still indistinguishable from black.
    public static func directColorNumber(red: UInt8, green: UInt8, blue: UInt8) -> Int32 {
        let value = Int32(red) << 16 | Int32(green) << 8 | Int32(blue)
        return value < 8 ? 8 : value
    }

    /// The curses colour number for `color`, or nil for the terminal's default colour.
    ///
    /// - Parameters:
    ///   - depth: what the terminal can show.
    ///   - colorCount: curses' `COLORS` (how many numbers are valid).
    public static func colorNumber(
        for color: TerminalColor, depth: ColorDepth, colorCount: Int
    ) -> Int32? {
        switch (color, depth) {
        case (.default, _), (_, .none):
            return nil
        case (.ansi(let index), .trueColor) where index < 8,
            (.indexed(let index), .trueColor) where index < 8:
            return Int32(index)
        case (_, .trueColor):
            guard let value = color.components else { return nil }
            return directColorNumber(red: value.red, green: value.green, blue: value.blue)
        case (.ansi(let index), _) where Int(index) < colorCount,
            (.indexed(let index), _) where Int(index) < colorCount:
            return Int32(index)
        case (.ansi(let index), _) where index < 16 && colorCount >= 8,
            (.indexed(let index), _) where index < 16 && colorCount >= 8:
            // Bright colours on an eight-colour terminal: their normal twins.
            return Int32(index % 8)
        case (_, .indexed256) where colorCount >= 256:
            guard let value = color.components else { return nil }
            return Int32(nearest256(red: value.red, green: value.green, blue: value.blue))
        case (_, _):
            guard let value = color.components else { return nil }
            if colorCount >= 16 {
                return Int32(nearest16(red: value.red, green: value.green, blue: value.blue))
            }
            return Int32(nearest8(red: value.red, green: value.green, blue: value.blue))
        }
    }

    private static func nearest(red: UInt8, green: UInt8, blue: UInt8, among count: Int) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for index in 0..<count {
            let value = basicPalette[index]
            let candidate = distance(
                (Int(red), Int(green), Int(blue)), (Int(value.0), Int(value.1), Int(value.2)))
            if candidate < bestDistance {
                best = index
                bestDistance = candidate
            }
        }
        return UInt8(best)
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0
        let dg = a.1 - b.1
        let db = a.2 - b.2
        return dr * dr + dg * dg + db * db
    }
}
