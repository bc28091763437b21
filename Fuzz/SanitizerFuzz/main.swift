// A libFuzzer entry point for the text sanitizer and the cell buffer: whatever a user or a
// file supplies, what reaches the screen holds no control or format character, never splits
// a wide character, and never passes its column budget.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    guard let first = bytes.first else { return 0 }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    let safe = Sanitizer.sanitize(text)
    if safe.contains(where: Sanitizer.needsEscaping) { fatalError("unsafe after sanitizing: \(Array(safe.unicodeScalars))") }
    if Sanitizer.sanitize(safe) != safe { fatalError("sanitizing twice changed the text") }

    let budget = Int(first % 40)
    let cut = DisplayWidth.truncate(text, to: budget)
    if DisplayWidth.of(cut) > budget { fatalError("truncated past its budget: \(budget)") }

    var buffer = CellBuffer(size: Size(width: 24, height: 2))
    let advanced = buffer.put(text, at: Point(x: Int(first % 30) - 3, y: 0), maxWidth: budget)
    if advanced > budget { fatalError("put past its budget") }
    let problems = buffer.invariantViolations()
    if !problems.isEmpty { fatalError("\(problems)") }
    return 0
}
