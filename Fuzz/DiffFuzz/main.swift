// libFuzzer entry point for `storyboard diff`'s matcher and comparison. Built with swiftc
// together with the Flow sources (see Fuzz/README.md); not part of the Swift package.
import Foundation

/// The input is two storyboards separated by the first NUL byte: the old and the new version.
@_cdecl("LLVMFuzzerTestOneInput")
public func diffFuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0.assumingMemoryBound(to: UInt8.self), count: count)) } ?? []
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let old = Data(bytes[..<split])
    let new = Data(bytes[min(split + 1, bytes.count)...])
    let before: StoryboardDiff.Version
    let after: StoryboardDiff.Version
    do {
        before = try StoryboardDiff.Version(data: old, fileName: "old.storyboard")
        after = try StoryboardDiff.Version(data: new, fileName: "new.storyboard")
    } catch {
        precondition(!error.errors.isEmpty, "a failure without an error")
        return 0
    }
    let changes = StoryboardDiff.changes(from: before, to: after, storyboard: "Main.storyboard")
    precondition(StoryboardDiff.changes(from: before, to: before, storyboard: "Main.storyboard").isEmpty, "a file differs from itself")
    precondition(StoryboardDiff.changes(from: after, to: after, storyboard: "Main.storyboard").isEmpty, "a file differs from itself")
    for form in [StoryboardDiff.text(changes), StoryboardDiff.markdown(changes), StoryboardOutline.outline(of: after)] {
        precondition(!form.unicodeScalars.contains { $0 != "\n" && DiagnosticText.needsEscape($0) }, "raw control text printed")
    }
    let json = StoryboardDiff.json(old: "o", new: "n", changes: changes)
    precondition((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "JSON that does not parse")
    return 0
}
