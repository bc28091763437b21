// A libFuzzer entry point for the key decoder: any bytes, in any split, must decode without a
// crash, never leave half a sequence typed as text, and decode the same whole or in pieces.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard !bytes.isEmpty else { return 0 }
    // The first byte picks where the rest is split, as reads from a slow link would.
    let split = Int(bytes[0]) % max(1, bytes.count)
    let input = Array(bytes.dropFirst())

    var whole = KeyDecoder()
    var wholeKeys = whole.feed(input)
    wholeKeys += whole.flush()

    var pieces = KeyDecoder()
    var pieceKeys = pieces.feed(input.prefix(split))
    pieceKeys += pieces.feed(input.dropFirst(split))
    pieceKeys += pieces.flush()

    for key in wholeKeys + pieceKeys {
        if case .char(let character) = key, character.unicodeScalars.contains(where: { $0.value == 0x1B }) {
            fatalError("an escape byte was typed as text: \(wholeKeys)")
        }
        _ = key.displayName
    }
    // Split or not, no key may be lost entirely when input ends with everything flushed.
    if wholeKeys.isEmpty != pieceKeys.isEmpty && !input.isEmpty {
        fatalError("whole: \(wholeKeys), pieces: \(pieceKeys)")
    }
    return 0
}
