/// OSC 52: how a program puts text on the clipboard of the terminal the user sits at.
///
/// The text travels base64-encoded inside the sequence (`ESC ] 52 ; c ; BASE64 ESC \`), so
/// nothing in it can end the sequence early or reach the terminal as a control: a copied
/// value is never "written raw". It works over ssh, because the terminal that takes it is
/// the user's own. Terminals that do not take OSC 52 (or whose user turned it off, as tmux's
/// `set-clipboard` and xterm's `allowWindowOps` can) ignore it.
public enum ClipboardSequence {
    /// The most text one copy carries, in UTF-8 bytes. Terminals cap the sequence (some near
    /// 100 KB of base64, tmux's input buffer, hterm less); past this a copy is refused, not cut.
    public static let maximumBytes = 74_000

    /// The sequence that copies `text` to the clipboard; nil when it is longer than
    /// `maximumBytes`.
    public static func copying(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumBytes else { return nil }
        return "\u{1B}]52;c;" + Base64.encode(bytes) + "\u{1B}\\"
    }
}

/// Standard base64 (RFC 4648, with padding), without Foundation.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64.
    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output += [alphabet[Int(value >> 18)], alphabet[Int(value >> 12 & 63)], alphabet[Int(value >> 6 & 63)], alphabet[Int(value & 63)]]
            index += 3
        }
        let rest = bytes.count - index
        if rest == 1 {
            let value = UInt32(bytes[index]) << 16
            output += [alphabet[Int(value >> 18)], alphabet[Int(value >> 12 & 63)], UInt8(ascii: "="), UInt8(ascii: "=")]
        } else if rest == 2 {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            output += [alphabet[Int(value >> 18)], alphabet[Int(value >> 12 & 63)], alphabet[Int(value >> 6 & 63)], UInt8(ascii: "=")]
        }
        return String(decoding: output, as: UTF8.self)
    }
}
