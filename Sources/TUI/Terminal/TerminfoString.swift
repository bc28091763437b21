/// Terminfo strings written without curses' help.
enum TerminfoString {
    /// `bytes` without the `$<…>` delay specifications that `tputs` would turn into
    /// pauses (written as they are, they would show up on screen).
    static func removingDelays(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "<"),
                let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">"))
            {
                index = close + 1
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}
