import Glibc

/// OSC 8 hyperlinks: text a terminal shows as a link (`ESC ] 8 ; ; URL ESC \ text ESC ] 8 ; ; ESC \`),
/// used for the file names in `storyboard check`'s diagnostics.
///
/// No terminal says whether it takes them, and one that does not may show the sequence, so
/// links are written only where they are safe to guess: output going to a terminal
/// (`isatty`) whose `TERM` is not a console or a bare VT type (`linux`, `vt100`, `dumb`…), not
/// inside Emacs (`INSIDE_EMACS`). Terminals that take neither OSC 8 nor unknown OSCs are
/// today that list. `--hyperlinks never` turns them off, `always` on (for a pager that passes
/// them, such as `less -R`).
public enum Hyperlink {
    /// Whether to write links, as asked.
    public enum Mode: String, CaseIterable, Sendable {
        /// When the output is a terminal likely to take them.
        case auto
        /// Always.
        case always
        /// Never.
        case never
    }

    /// Whether links go out for `mode`, given the environment and whether the output is a terminal.
    public static func enabled(_ mode: Mode, environment: [String: String], outputIsTerminal: Bool) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto:
            guard outputIsTerminal, environment["INSIDE_EMACS"] == nil else { return false }
            let term = (environment["TERM"] ?? "").lowercased()
            guard !term.isEmpty else { return false }
            for plain in ["dumb", "linux", "vt", "ansi", "cons", "sun", "pcvt", "wsvt", "emacs"] where term.hasPrefix(plain) {
                return false
            }
            return true
        }
    }

    /// `text` as a link to `url`. The caller makes `text` safe to print; the URL must hold no
    /// controls (`fileURL` makes sure).
    public static func link(_ text: String, to url: String) -> String {
        "\u{1B}]8;;" + url + "\u{1B}\\" + text + "\u{1B}]8;;\u{1B}\\"
    }

    /// `file://HOST/PATH` for `path` (made absolute from the working directory), every byte
    /// outside the unreserved set and `/` percent-encoded: a terminal opens the file on the
    /// machine that printed it, which over ssh is not the user's own (the host says which).
    public static func fileURL(path: String, host: String = Hyperlink.hostName()) -> String {
        var absolute = path
        if !absolute.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                absolute = (directory == "/" ? "" : directory) + "/" + (absolute.hasPrefix("./") ? String(absolute.dropFirst(2)) : absolute)
            }
        }
        return "file://" + percentEncoded(host, keepingSlash: false) + percentEncoded(absolute, keepingSlash: true)
    }

    /// This machine's name, or "" (which a terminal reads as the machine it runs on).
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func percentEncoded(_ text: String, keepingSlash: Bool) -> String {
        let digits = Array("0123456789ABCDEF")
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepingSlash:
                output += "/"
            default:
                output += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
            }
        }
        return output
    }
}
