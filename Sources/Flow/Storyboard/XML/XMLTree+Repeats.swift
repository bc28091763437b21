/// Finds attribute values that repeat an earlier one across a whole file, comparing the bytes
/// in the tree without making a `String` of each (a large storyboard has hundreds of thousands
/// of ids).
///
/// An open-addressing table sized once for the values it may receive. The hash mixes in a seed
/// drawn once per process, so a file cannot be written to make every id collide.
struct RepeatedValues {
    private let tree: XMLTree
    /// Entry number + 1 for each slot; 0 is empty.
    private var slots: [Int32]
    private var entries: [(attribute: Int32, element: Int32, hash: UInt64)] = []
    private let shift: UInt64

    private static let seed = UInt64.random(in: 1...UInt64.max)

    /// Room for `capacity` values without growing.
    init(tree: XMLTree, capacity: Int) {
        self.tree = tree
        var bits = 4
        while 1 << bits < capacity * 2 { bits += 1 }
        slots = [Int32](repeating: 0, count: 1 << bits)
        shift = UInt64(64 - bits)
        entries.reserveCapacity(capacity)
    }

    /// Records the value of attribute number `attribute`, on element `element`. When an
    /// earlier element had the same non-empty value, returns that element instead.
    mutating func insert(attribute: Int, of element: Int) -> Int? {
        let value = tree.attributes[attribute]
        guard value.valueCount > 0 else { return nil }
        let hash = hashOf(value)
        var slot = Int(truncatingIfNeeded: hash >> shift)
        while true {
            let occupant = Int(slots[slot])
            if occupant == 0 { break }
            let entry = entries[occupant - 1]
            if entry.hash == hash, sameBytes(tree.attributes[Int(entry.attribute)], value) {
                return Int(entry.element)
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        // Grow past the intended size rather than fill up (the caller's count was low).
        if (entries.count + 1) * 2 > slots.count { return growAndInsert(attribute: attribute, of: element) }
        entries.append((Int32(attribute), Int32(element), hash))
        slots[slot] = Int32(entries.count)
        return nil
    }

    private mutating func growAndInsert(attribute: Int, of element: Int) -> Int? {
        var larger = RepeatedValues(tree: tree, capacity: slots.count)
        for entry in entries { _ = larger.insert(attribute: Int(entry.attribute), of: Int(entry.element)) }
        self = larger
        return insert(attribute: attribute, of: element)
    }

    private func hashOf(_ value: XMLTree.Attribute) -> UInt64 {
        tree.values.withUnsafeBufferPointer { buffer in
            var hash = Self.seed ^ UInt64(value.valueCount)
            var index = Int(value.valueStart)
            let end = index + Int(value.valueCount)
            while index < end {
                // Up to eight bytes at a time, multiplied in and folded.
                var word: UInt64 = 0
                var shift: UInt64 = 0
                while index < end, shift < 64 {
                    word |= UInt64(buffer[index]) << shift
                    shift += 8
                    index += 1
                }
                hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
                hash ^= hash >> 29
            }
            return hash
        }
    }

    private func sameBytes(_ first: XMLTree.Attribute, _ second: XMLTree.Attribute) -> Bool {
        guard first.valueCount == second.valueCount else { return false }
        return tree.values.withUnsafeBufferPointer { buffer in
            let a = Int(first.valueStart)
            let b = Int(second.valueStart)
            for offset in 0..<Int(first.valueCount) where buffer[a + offset] != buffer[b + offset] { return false }
            return true
        }
    }
}
