/// Why text typed into Daily Buzz's temperature field is not a usable temperature.
public enum TemperatureInputError: Error, Equatable, Sendable {
    /// Nothing but spaces.
    case empty
    /// Not a number at all ("abc", "20x").
    case notANumber
    /// A number with a fraction ("203.5"): the log keeps whole degrees.
    case notWholeDegrees
    /// A whole number outside `TemperatureInput.range` (ice or steam, or a typo like 2003).
    case outOfRange

    /// A sentence for the user; it never repeats what was typed, so it is safe to print.
    public var message: String {
        let range = TemperatureInput.range
        switch self {
        case .empty:
            return "Enter the water temperature in °F, for example 203."
        case .notANumber:
            return "The temperature must be a number of degrees Fahrenheit, for example 203."
        case .notWholeDegrees:
            return "Use whole degrees Fahrenheit, without a fraction, for example 203."
        case .outOfRange:
            return "Water for brewing is between \(range.lowerBound) °F and \(range.upperBound) °F."
        }
    }
}

/// Reading and showing Daily Buzz's water temperatures.
public enum TemperatureInput {
    /// Liquid water at sea level: the only temperatures a brew can have.
    public static let range: ClosedRange<Int> = 32...212

    /// Parses whole degrees Fahrenheit, allowing surrounding spaces, a leading `+`, and a trailing
    /// `F`, `°F` or `°` (with or without a space before it).
    public static func parse(_ text: String) -> Result<Int, TemperatureInputError> {
        var body = Substring(text).trimmingSpaces()
        if body.isEmpty { return .failure(.empty) }
        for suffix in ["°F", "°f", "F", "f", "°"] where body.hasSuffix(suffix) {
            body = body.dropLast(suffix.count).trimmingSpaces()
            break
        }
        var digits = body
        var negative = false
        if let sign = digits.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty else { return .failure(.notANumber) }
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        if digits.allSatisfy(isDigit) {
            // Too many digits for Int is still a number, just an absurd one.
            guard let magnitude = Int(digits) else { return .failure(.outOfRange) }
            let value = negative ? -magnitude : magnitude
            return range.contains(value) ? .success(value) : .failure(.outOfRange)
        }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 2, parts.allSatisfy({ $0.allSatisfy(isDigit) }), parts.contains(where: { !$0.isEmpty }) {
            return .failure(.notWholeDegrees)
        }
        return .failure(.notANumber)
    }

    /// Degrees Celsius rounded to the nearest whole degree, halves away from zero (203 °F → 95 °C).
    public static func celsius(fromFahrenheit fahrenheit: Int) -> Int {
        let (shifted, overflowA) = fahrenheit.subtractingReportingOverflow(32)
        let (numerator, overflowB) = shifted.multipliedReportingOverflow(by: 5)
        if overflowA || overflowB {
            // Only absurd inputs get here; the result is smaller than the input, so it fits.
            return Int(((Double(fahrenheit) - 32) * 5 / 9).rounded())
        }
        // Exact integer arithmetic in the normal case, rounded half away from zero.
        let quotient = numerator / 9
        let remainder = numerator % 9
        if remainder * 2 >= 9 { return quotient + 1 }
        if remainder * 2 <= -9 { return quotient - 1 }
        return quotient
    }

    /// "203 °F (95 °C)", for cells and detail screens.
    public static func displayText(fahrenheit: Int) -> String {
        "\(fahrenheit) °F (\(celsius(fromFahrenheit: fahrenheit)) °C)"
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var result = self
        while let first = result.first, first.isWhitespace { result = result.dropFirst() }
        while let last = result.last, last.isWhitespace { result = result.dropLast() }
        return result
    }
}
