/// Plain-words descriptions of libxml2's error codes, in the project's wording (libxml2's own
/// messages name its internals: "StartTag: invalid element name", "AttValue: \" or ' expected").
enum XMLParserErrorText {
    /// A short description of a parser error code, for a diagnostic.
    static func describe(code: Int) -> String {
        switch code {
        case 1: "the parser gave up (internal error)"
        case 2: "the parser ran out of memory"
        case 4: "the file is empty or has no root element"
        case 6, 7, 8: "invalid character reference"
        case 9: "a character that XML does not allow (a control character?)"
        case 10, 14, 18: "the file ends inside a reference"
        case 22, 23: "a '&' that does not start an entity reference (write &amp;)"
        case 26, 27: "reference to an undeclared entity"
        case 31, 32, 81: "unsupported or invalid text encoding"
        case 33, 34: "an unterminated string"
        case 38: "a '<' inside an attribute value (write &lt;)"
        case 39: "an attribute value must start with a quote"
        case 40: "an attribute value is not closed (missing quote?)"
        case 41: "an attribute has no value"
        case 42: "an attribute is given twice on one element"
        case 43, 44: "an unterminated literal"
        case 45: "a comment is not closed"
        case 46, 47: "a processing instruction is not closed"
        case 57: "the XML declaration is not closed"
        case 62: "']]>' outside a CDATA section"
        case 63: "a CDATA section is not closed"
        case 64: "the XML declaration is only allowed at the very start of the file"
        case 65: "a space is missing between attributes"
        case 68: "a name was expected (an element or attribute name is missing)"
        case 73: "'>' expected to end a tag"
        case 74: "'</' expected"
        case 75: "'=' expected after an attribute name"
        case 76: "a closing tag does not match the element it closes"
        case 77: "the file ends before every element is closed (is it truncated?)"
        case 80: "'--' inside a comment"
        case 85: "the elements are not properly nested"
        case 5, 86: "extra content after the root element"
        case 108: "unsupported XML version (storyboards are XML 1.0)"
        case 201: "a namespace prefix that is not declared"
        case 512: "parsing was stopped"
        default: "XML error \(code)"
        }
    }
}
