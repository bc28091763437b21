// libFuzzer entry point for what an app's folder holds besides storyboards: `.strings`
// files, string catalogs and property lists (XML and binary). Built with swiftc together
// with the Flow sources (see Fuzz/README.md); not part of the Swift package.

@_cdecl("LLVMFuzzerTestOneInput")
public func translationFuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    switch StringsFileReader.read(bytes, file: "fuzz.strings", language: "de") {
    case .table(let table, let warnings):
        precondition(warnings.allSatisfy { $0.severity == .warning }, "an error among a table's warnings")
        precondition(Set(table.texts.keys) == Set(table.locations.keys), "a key without its place")
    case .failure(let diagnostic):
        precondition(diagnostic.severity == .error, "a refused file without an error")
    }
    switch StringCatalogReader.read(bytes, file: "fuzz.xcstrings") {
    case .tables(let tables, _):
        precondition(tables.allSatisfy { Set($0.texts.keys) == Set($0.locations.keys) }, "a key without its place")
    case .failure(let diagnostic):
        precondition(diagnostic.severity == .error, "a refused catalog without an error")
    }
    if let plist = try? PropertyList.read(bytes) {
        _ = AppManifest(plist: plist, url: .init(fileURLWithPath: "/fuzz/Info.plist")).isApp
    }
    return 0
}
