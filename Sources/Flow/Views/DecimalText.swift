#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers as text with a fixed count of decimals, as C's `%.Nf` writes them: the decimal
/// nearest the binary value, halves to even (0.125 → "0.12"), which rounding in Swift
/// would not match. Always with a full stop: the app sets only the locale's character
/// type, never its number format. For slider and stepper values and the demos' readouts.
public enum DecimalText {
    /// `value` with `digits` decimals (0 to 9).
    public static func fixed(_ value: Double, digits: Int) -> String {
        let digits = min(max(digits, 0), 9)
        var buffer = [CChar](repeating: 0, count: 512)
        let length = withVaList([value]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.\(digits)f", arguments)
        }
        guard length > 0 else { return "" }
        return String(decoding: buffer.prefix(min(Int(length), buffer.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
