import Glibc

/// The characters of more than one Unicode scalar (emoji sequences, letters with combining
/// marks) that cells have shown, each given a number once, so that a `Cell` holds a plain
/// integer and copying, comparing and clearing cells never touches a reference count.
///
/// Single scalars, nearly every character on a screen, never come here. The table only
/// grows, by one entry per distinct cluster the process ever draws; past `capacity` (far
/// beyond what screens hold, reached only by a flood of distinct combinations) further
/// new clusters are shown as U+FFFD rather than growing memory without bound.
final class GraphemeTable: @unchecked Sendable {
    /// The first code that names an entry: one past the last Unicode scalar value.
    static let firstCode: UInt32 = 0x11_0000
    /// Entries kept at most.
    static let capacity = 1 << 16

    static let shared = GraphemeTable()

    // Heap-allocated: a mutex must not move, and a stored property has no fixed address.
    private let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    private var clusters: [Character] = []
    private var codes: [Character: UInt32] = [:]

    private init() {}

    /// The code of `character` (which has more than one scalar); U+FFFD's when full.
    func code(for character: Character) -> UInt32 {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let code = codes[character] { return code }
        guard clusters.count < Self.capacity else { return 0xFFFD }
        let code = Self.firstCode + UInt32(clusters.count)
        clusters.append(character)
        codes[character] = code
        return code
    }

    /// The character a code from `code(for:)` names.
    func character(for code: UInt32) -> Character {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        let index = Int(code - Self.firstCode)
        return index < clusters.count ? clusters[index] : "\u{FFFD}"
    }
}
