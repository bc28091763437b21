// libFuzzer entry point for `storyboard merge`. Built with swiftc together with the Flow
// sources (see Fuzz/README.md); not part of the Swift package.

/// The input is three storyboards separated by NUL bytes: base, ours and theirs.
@_cdecl("LLVMFuzzerTestOneInput")
public func mergeFuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0.assumingMemoryBound(to: UInt8.self), count: count)) } ?? []
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
    guard parts.count == 3 else { return 0 }
    let result: MergeResult
    do {
        result = try StoryboardMerge.merge(base: parts[0], ours: parts[1], theirs: parts[2], names: ("base", "ours", "theirs"))
    } catch {
        precondition(!error.message.isEmpty, "a failure without a reason")
        return 0
    }
    // Whatever merged reads back, and never holds a raw conflict marker.
    precondition((try? MergeSource(bytes: result.bytes, name: "merged")) != nil, "a merge wrote a file it cannot read")
    for conflict in result.conflicts {
        precondition(!conflict.summary.unicodeScalars.contains { DiagnosticText.needsEscape($0) }, "raw control text in a conflict line")
    }
    return 0
}
