/// A colour as the diff compares it: one spelling for one colour.
///
/// Xcode writes the same colour as `white="1"` in one version and `red="1" green="1"
/// blue="1"` in the next, in `calibratedWhite`, `genericGamma22GrayColorSpace`, `sRGB` or
/// `calibratedRGB`; a named colour (`systemColor`, `cocoaTouchSystemColor`, `name`) is its
/// name. Components are rounded to 1/255, as the screen shows them.
enum DiffColour {
    /// `#RRGGBBAA`, or the colour's name, from an element's attributes; `nil` for an element that is not a colour.
    static func canonical(_ attribute: (DiffSnapshot.Name) -> String?) -> String? {
        if let name = attribute(.systemColor) ?? attribute(.cocoaTouchSystemColor) ?? attribute(.name) { return name }
        func component(_ value: String?) -> Int? {
            guard let value, let number = Double(value), number.isFinite else { return nil }
            return Int((min(max(number, 0), 1) * 255).rounded())
        }
        let alpha = component(attribute(.alpha)) ?? 255
        let rgb: [Int]
        if let white = component(attribute(.white)) {
            rgb = [white, white, white]
        } else if let red = component(attribute(.red)), let green = component(attribute(.green)), let blue = component(attribute(.blue)) {
            rgb = [red, green, blue]
        } else {
            return nil
        }
        return "#" + (rgb + [alpha]).map { hex($0) }.joined()
    }

    private static func hex(_ value: Int) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[value / 16], digits[value % 16]])
    }
}
