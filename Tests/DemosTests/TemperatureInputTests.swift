import Testing
@testable import Demos

@Suite("Daily Buzz temperature input")
struct TemperatureInputTests {
    @Test(arguments: [
        ("203", 203), (" 203 ", 203), ("+200", 200), ("32", 32), ("212", 212),
        ("203F", 203), ("203 °F", 203), ("203°f", 203), ("203°", 203), ("0203", 203),
    ])
    func acceptsWholeDegrees(text: String, expected: Int) {
        #expect(TemperatureInput.parse(text) == .success(expected))
    }

    @Test(arguments: [
        ("", TemperatureInputError.empty), ("   ", .empty),
        ("abc", .notANumber), ("20x", .notANumber), ("-", .notANumber), ("°F", .notANumber),
        ("2 03", .notANumber), ("1e3", .notANumber), ("٢٠٣", .notANumber), ("95°C", .notANumber),
        ("203.5", .notWholeDegrees), ("203.", .notWholeDegrees), (".5", .notWholeDegrees),
        ("5000", .outOfRange), ("-40", .outOfRange), ("31", .outOfRange), ("213", .outOfRange),
        ("99999999999999999999999", .outOfRange), ("-99999999999999999999999", .outOfRange),
        ("1.2.3", .notANumber), ("\u{1B}[31m", .notANumber),
    ])
    func rejectsWithAReason(text: String, expected: TemperatureInputError) {
        #expect(TemperatureInput.parse(text) == .failure(expected))
    }

    @Test func messagesAreSentencesWithoutTheTypedText() {
        let errors: [TemperatureInputError] = [.empty, .notANumber, .notWholeDegrees, .outOfRange]
        #expect(Set(errors.map(\.message)).count == errors.count)
        #expect(TemperatureInputError.outOfRange.message.contains("32 °F"))
        #expect(TemperatureInputError.outOfRange.message.contains("212 °F"))
        #expect(errors.allSatisfy { $0.message.hasSuffix(".") })
    }

    @Test(arguments: [
        (203, 95), (212, 100), (32, 0), (200, 93), (201, 94), (-40, -40), (0, -18), (33, 1), (31, -1),
    ])
    func celsiusRoundsToTheNearestDegree(fahrenheit: Int, celsius: Int) {
        #expect(TemperatureInput.celsius(fromFahrenheit: fahrenheit) == celsius)
    }

    @Test func extremeInputsDoNotOverflow() {
        #expect(TemperatureInput.celsius(fromFahrenheit: Int.max) > 0)
        #expect(TemperatureInput.celsius(fromFahrenheit: Int.min) < 0)
    }

    @Test func displayShowsBothScales() {
        #expect(TemperatureInput.displayText(fahrenheit: 203) == "203 °F (95 °C)")
    }
}
