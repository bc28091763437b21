// libFuzzer entry point for the storyboard loader. Built with swiftc together with the Flow
// sources (see Fuzz/README.md); not part of the Swift package.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func loaderFuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        let loaded = try StoryboardLoader.load(data: data, fileName: "fuzz.storyboard")
        // An accepted document must keep the promises the validator makes.
        let document = loaded.document
        for controller in document.controllers {
            for segue in controller.segues {
                if segue.kind == .unwind {
                    precondition(segue.destinationID == controller.exitID, "unwind to a foreign exit accepted")
                } else {
                    precondition(document.controller(id: segue.destinationID) != nil, "dangling segue accepted")
                }
            }
        }
        if let initial = document.initialControllerID {
            precondition(document.controller(id: initial) != nil, "dangling initial controller accepted")
        }
        precondition(loaded.warnings.allSatisfy { $0.severity == .warning }, "error among warnings")
    } catch {
        precondition(!error.errors.isEmpty, "a failure without an error")
    }
    return 0
}
