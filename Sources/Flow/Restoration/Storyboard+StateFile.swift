/// The name of the file a storyboard's saved screens are kept in.
extension Storyboard {
    /// `Main.restoration.json`; with `folder`, also a hash of the folder's absolute path and
    /// the storyboard's place in it (`Main-3f0c9a….restoration.json`), so that two apps' `Main`
    /// never share a file (Xcode's templates give every app the same scene ids, so one app's
    /// saved screens would otherwise restore in another).
    public func stateFileName(folder: StoryboardIndex?) -> String {
        guard let folder else { return name + ".restoration.json" }
        let place = StoryboardIndex.absolutePath(folder.root) + "\u{0}" + restorationKey
        return name + "-" + Self.stableHash(place) + ".restoration.json"
    }

    /// FNV-1a, 64 bits, as 16 hexadecimal digits: the same in every run and build (Swift's
    /// own hashing is seeded per process).
    static func stableHash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01B3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
