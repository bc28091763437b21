extension DiffSnapshot {
    /// An object's few named values (its texts, its properties or the ids it names), kept in
    /// order of name.
    ///
    /// A handful of pairs in a sorted array rather than a dictionary: an object has rarely
    /// more than ten, so finding one is a short walk that compares names (most are small
    /// strings, compared as two words) where a dictionary would hash them, and two objects'
    /// values are equal when the arrays are, with no hashing at all. The diff reads and
    /// compares hundreds of thousands of them.
    struct Fields: Equatable, Sequence {
        struct Entry: Equatable {
            var key: String
            var value: String
        }

        private(set) var entries: [Entry] = []

        init() {}

        var isEmpty: Bool { entries.isEmpty }

        /// The names, in order.
        var keys: [String] { entries.map(\.key) }

        /// The value named `key`; setting `nil` removes it.
        subscript(key: String) -> String? {
            get {
                for entry in entries where entry.key == key { return entry.value }
                return nil
            }
            set {
                var position = 0
                while position < entries.count, entries[position].key < key { position += 1 }
                let found = position < entries.count && entries[position].key == key
                switch (newValue, found) {
                case (let value?, true):
                    entries[position].value = value
                case (let value?, false):
                    // Room for two at the first, what most objects have of each kind: grown one
                    // by one, the array was allocated three times over; made with room for four,
                    // half of it was never used, and a large diff held a tenth more memory,
                    // every page of it a fault to take.
                    if entries.isEmpty { entries.reserveCapacity(2) }
                    // Appended and moved into place: cheaper than the array's general insertion
                    // for the few entries an object has.
                    entries.append(Entry(key: key, value: value))
                    for index in stride(from: entries.count - 1, to: position, by: -1) { entries.swapAt(index, index - 1) }
                case (nil, true):
                    entries.remove(at: position)
                case (nil, false):
                    break
                }
            }
        }

        func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }

        /// The same names with each value changed by `transform`.
        func mapValues(_ transform: (String) -> String) -> Fields {
            var mapped = self
            for index in mapped.entries.indices { mapped.entries[index].value = transform(mapped.entries[index].value) }
            return mapped
        }

        /// The names whose values differ between `old` and `new` (present in one only, or
        /// with another value), in order, with both values.
        static func differences(_ old: Fields, _ new: Fields) -> [(key: String, old: String?, new: String?)] {
            var found: [(key: String, old: String?, new: String?)] = []
            var before = 0
            var after = 0
            while before < old.entries.count || after < new.entries.count {
                let oldEntry = before < old.entries.count ? old.entries[before] : nil
                let newEntry = after < new.entries.count ? new.entries[after] : nil
                if let oldEntry, let newEntry, oldEntry.key == newEntry.key {
                    if oldEntry.value != newEntry.value { found.append((oldEntry.key, oldEntry.value, newEntry.value)) }
                    before += 1
                    after += 1
                } else if let oldEntry, newEntry.map({ oldEntry.key < $0.key }) ?? true {
                    found.append((oldEntry.key, oldEntry.value, nil))
                    before += 1
                } else if let newEntry {
                    found.append((newEntry.key, nil, newEntry.value))
                    after += 1
                }
            }
            return found
        }
    }
}
