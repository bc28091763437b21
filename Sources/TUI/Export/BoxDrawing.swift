/// Box-drawing and block characters as shapes of a cell, so that a picture of the screen
/// joins its lines the way a terminal does.
///
/// A font's `─` and `│` meet their neighbours only when the line height is exactly the
/// font's, which a picture cannot promise (every viewer has other fonts). So the lines of
/// U+2500–U+257F and the blocks of U+2580–U+259F are drawn as rectangles and paths that
/// reach the cell's edges. Each line character is read from its Unicode name ("BOX DRAWINGS
/// DOWN LIGHT AND RIGHT HEAVY"): which of the four arms it has, and how each is drawn.
enum BoxDrawing {
    /// How an arm of a line character is drawn.
    enum Weight: Int, Comparable, Sendable {
        case none, light, heavy, double

        static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The arms of a line character, and its variants.
    struct Arms: Equatable, Sendable {
        var up = Weight.none
        var right = Weight.none
        var down = Weight.none
        var left = Weight.none
        /// Dashes per arm's length (0: a solid line).
        var dashes = 0
        /// Whether a corner is a quarter circle (`╭`).
        var isArc = false
    }

    /// A shape in a cell whose top-left corner is 0,0.
    enum Shape: Equatable, Sendable {
        /// A filled rectangle; `opacity` below 1 for the shade characters.
        case rectangle(x: Double, y: Double, width: Double, height: Double, opacity: Double)
        /// A stroked path (arcs and diagonals), `lineWidth` wide.
        case path(String, lineWidth: Double)
    }

    /// Whether `scalar` is drawn as shapes rather than as text.
    static func draws(_ scalar: Unicode.Scalar) -> Bool {
        (0x2500...0x259F).contains(scalar.value)
    }

    /// The shapes of `scalar` in a cell of `width`×`height`; empty for anything else.
    static func shapes(for scalar: Unicode.Scalar, width: Double, height: Double) -> [Shape] {
        if (0x2580...0x259F).contains(scalar.value) { return block(scalar, width: width, height: height) }
        guard (0x2500...0x257F).contains(scalar.value) else { return [] }
        if let diagonal = diagonal(scalar, width: width, height: height) { return diagonal }
        guard let arms = arms(of: scalar) else { return [] }
        return lines(arms, width: width, height: height)
    }

    // MARK: - Reading the name

    /// The arms `scalar`'s Unicode name describes, or nil for a name not of that form.
    static func arms(of scalar: Unicode.Scalar) -> Arms? {
        // Diagonals have no arms (see `diagonal`).
        guard let name = scalar.properties.name, name.hasPrefix("BOX DRAWINGS "), !name.contains("DIAGONAL") else { return nil }
        var words = name.dropFirst("BOX DRAWINGS ".count).split(separator: " ").map(String.init)
        var arms = Arms()
        // "LIGHT TRIPLE DASH HORIZONTAL": the dash count is no weight.
        if let dash = words.firstIndex(of: "DASH"), dash > 0 {
            arms.dashes = ["DOUBLE": 2, "TRIPLE": 3, "QUADRUPLE": 4][words[dash - 1]] ?? 2
            words.removeSubrange((dash - 1)...dash)
        }
        if let arc = words.firstIndex(of: "ARC") {
            arms.isArc = true
            words.remove(at: arc)
        }
        func weight(_ word: String) -> Weight? {
            switch word {
            case "LIGHT", "SINGLE": return .light
            case "HEAVY": return .heavy
            case "DOUBLE": return .double
            default: return nil
            }
        }
        // "LIGHT DOWN AND RIGHT": a weight first applies to every part that names none.
        let overall = words.first.flatMap(weight) ?? .light
        let parts = words.split(separator: "AND")
        for part in parts {
            let partWeight = part.compactMap(weight).first ?? overall
            for word in part {
                switch word {
                case "UP": arms.up = partWeight
                case "DOWN": arms.down = partWeight
                case "LEFT": arms.left = partWeight
                case "RIGHT": arms.right = partWeight
                case "VERTICAL": (arms.up, arms.down) = (partWeight, partWeight)
                case "HORIZONTAL": (arms.left, arms.right) = (partWeight, partWeight)
                default: continue
                }
            }
        }
        let drawn = [arms.up, arms.right, arms.down, arms.left].contains { $0 != .none }
        return drawn ? arms : nil
    }

    // MARK: - Lines

    /// The rectangles of a line character: each arm from the cell's edge to the middle, far
    /// enough past it to meet the arms across (the far line of a double arm).
    static func lines(_ arms: Arms, width: Double, height: Double) -> [Shape] {
        let light = max(1, (width * 0.14).rounded(toPlaces: 2))
        let heavy = (light * 2).rounded(toPlaces: 2)
        let gap = max(light * 1.5, (width * 0.22).rounded(toPlaces: 2))
        let centerX = width / 2
        let centerY = height / 2
        func thickness(_ weight: Weight) -> Double { weight == .heavy ? heavy : light }
        if arms.isArc { return [arc(arms, width: width, height: height, lineWidth: light)] }

        var shapes: [Shape] = []
        /// A horizontal stretch of line from `start` to `end` centred on `y`.
        func horizontal(_ start: Double, _ end: Double, y: Double, weight: Weight) {
            let low = min(start, end)
            let high = max(start, end)
            let size = thickness(weight)
            for (from, to) in dashed(low, high, count: arms.dashes) {
                shapes.append(.rectangle(x: from, y: y - size / 2, width: to - from, height: size, opacity: 1))
            }
        }
        func vertical(_ start: Double, _ end: Double, x: Double, weight: Weight) {
            let low = min(start, end)
            let high = max(start, end)
            let size = thickness(weight)
            for (from, to) in dashed(low, high, count: arms.dashes) {
                shapes.append(.rectangle(x: x - size / 2, y: from, width: size, height: to - from, opacity: 1))
            }
        }
        let widestVertical = max(arms.up, arms.down)
        let widestHorizontal = max(arms.left, arms.right)

        // Horizontal arms: left goes from 0 towards the middle (sign -1), right from the width (+1).
        for (weight, sign, edge) in [(arms.left, -1.0, 0.0), (arms.right, 1.0, width)] where weight != .none {
            if weight == .double {
                for offset in [-gap / 2, gap / 2] {
                    let sameSide = offset < 0 ? arms.up : arms.down
                    let otherSide = offset < 0 ? arms.down : arms.up
                    let reach: Double
                    if sameSide != .none {
                        // Stops at the near line of the arm on its side (its middle if single).
                        reach = centerX + sign * (sameSide == .double ? gap / 2 : 0) - sign * thickness(sameSide) / 2
                    } else if otherSide != .none {
                        // Goes round the corner to the far line of the arm across.
                        reach = centerX - sign * (otherSide == .double ? gap / 2 : 0) - sign * thickness(otherSide) / 2
                    } else {
                        reach = centerX - sign * light / 2
                    }
                    horizontal(edge, reach, y: centerY + offset, weight: .light)
                }
            } else {
                let past = widestVertical == .double ? gap / 2 + light / 2 : thickness(widestVertical) / 2
                horizontal(edge, centerX - sign * (widestVertical == .none ? thickness(weight) / 2 : past), y: centerY, weight: weight)
            }
        }
        for (weight, sign, edge) in [(arms.up, -1.0, 0.0), (arms.down, 1.0, height)] where weight != .none {
            if weight == .double {
                for offset in [-gap / 2, gap / 2] {
                    let sameSide = offset < 0 ? arms.left : arms.right
                    let otherSide = offset < 0 ? arms.right : arms.left
                    let reach: Double
                    if sameSide != .none {
                        reach = centerY + sign * (sameSide == .double ? gap / 2 : 0) - sign * thickness(sameSide) / 2
                    } else if otherSide != .none {
                        reach = centerY - sign * (otherSide == .double ? gap / 2 : 0) - sign * thickness(otherSide) / 2
                    } else {
                        reach = centerY - sign * light / 2
                    }
                    vertical(edge, reach, x: centerX + offset, weight: .light)
                }
            } else {
                let past = widestHorizontal == .double ? gap / 2 + light / 2 : thickness(widestHorizontal) / 2
                vertical(edge, centerY - sign * (widestHorizontal == .none ? thickness(weight) / 2 : past), x: centerX, weight: weight)
            }
        }
        return shapes
    }

    /// `count` dashes evenly over `low…high` with gaps between (the whole stretch when 0).
    private static func dashed(_ low: Double, _ high: Double, count: Int) -> [(Double, Double)] {
        guard count > 0, high > low else { return [(low, high)] }
        let step = (high - low) / Double(count)
        return (0..<count).map { index in
            let start = low + Double(index) * step
            return (start, start + step * 0.6)
        }
    }

    /// A rounded corner: from one edge to the middle, a quarter turn, on to the other edge.
    private static func arc(_ arms: Arms, width: Double, height: Double, lineWidth: Double) -> Shape {
        let centerX = width / 2
        let centerY = height / 2
        let radius = min(width, height) / 2
        let vertical = arms.up != .none ? 0.0 : height
        let horizontal = arms.left != .none ? 0.0 : width
        let verticalSign = arms.up != .none ? -1.0 : 1.0
        let horizontalSign = arms.left != .none ? -1.0 : 1.0
        let d = "M\(format(centerX)) \(format(vertical)) L\(format(centerX)) \(format(centerY + verticalSign * radius)) "
            + "Q\(format(centerX)) \(format(centerY)) \(format(centerX + horizontalSign * radius)) \(format(centerY)) "
            + "L\(format(horizontal)) \(format(centerY))"
        return .path(d, lineWidth: lineWidth)
    }

    /// `╱ ╲ ╳`: corner to corner.
    private static func diagonal(_ scalar: Unicode.Scalar, width: Double, height: Double) -> [Shape]? {
        let lineWidth = max(1, (width * 0.14).rounded(toPlaces: 2))
        let rising = Shape.path("M0 \(format(height)) L\(format(width)) 0", lineWidth: lineWidth)
        let falling = Shape.path("M0 0 L\(format(width)) \(format(height))", lineWidth: lineWidth)
        switch scalar.value {
        case 0x2571: return [rising]
        case 0x2572: return [falling]
        case 0x2573: return [rising, falling]
        default: return nil
        }
    }

    // MARK: - Blocks

    /// U+2580–U+259F: eighths, halves, quadrants and shades.
    private static func block(_ scalar: Unicode.Scalar, width: Double, height: Double) -> [Shape] {
        func part(_ left: Double, _ top: Double, _ right: Double, _ bottom: Double, opacity: Double = 1) -> Shape {
            .rectangle(x: left * width, y: top * height, width: (right - left) * width, height: (bottom - top) * height, opacity: opacity)
        }
        let value = scalar.value
        switch value {
        case 0x2580: return [part(0, 0, 1, 0.5)]
        case 0x2581...0x2588:
            // Lower one eighth … full block.
            let eighths = Double(value - 0x2580)
            return [part(0, 1 - eighths / 8, 1, 1)]
        case 0x2589...0x258F:
            // Left seven eighths … left one eighth.
            let eighths = Double(0x2590 - value)
            return [part(0, 0, eighths / 8, 1)]
        case 0x2590: return [part(0.5, 0, 1, 1)]
        case 0x2591: return [part(0, 0, 1, 1, opacity: 0.25)]
        case 0x2592: return [part(0, 0, 1, 1, opacity: 0.5)]
        case 0x2593: return [part(0, 0, 1, 1, opacity: 0.75)]
        case 0x2594: return [part(0, 0, 1, 0.125)]
        case 0x2595: return [part(0.875, 0, 1, 1)]
        default:
            // Quadrants: which of upper left, upper right, lower left, lower right are filled.
            let quadrants: [UInt32: [Int]] = [
                0x2596: [2], 0x2597: [3], 0x2598: [0], 0x2599: [0, 2, 3], 0x259A: [0, 3], 0x259B: [0, 1, 2],
                0x259C: [0, 1, 3], 0x259D: [1], 0x259E: [1, 2], 0x259F: [1, 2, 3],
            ]
            return (quadrants[value] ?? []).map { quadrant in
                let left = Double(quadrant % 2) / 2
                let top = Double(quadrant / 2) / 2
                return part(left, top, left + 0.5, top + 0.5)
            }
        }
    }

    /// A number as SVG writes it: at most two decimals, no trailing zeros.
    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension Double {
    /// Rounded to `places` decimals.
    fileprivate func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
