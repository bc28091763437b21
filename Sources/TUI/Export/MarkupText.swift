/// Text made safe inside XML or HTML, as element content or a quoted attribute's value: the
/// markup characters as entities, control characters (other than tab and line ends) and the
/// two noncharacters XML refuses as U+FFFD. The SVG screenshot and the page's first screen
/// write every character of a screen through it.
enum MarkupText {
    static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                output += "\u{FFFD}"
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
