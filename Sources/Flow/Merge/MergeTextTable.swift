#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The distinct texts of one kind a scan meets (element and attribute names, keys), each made a
/// `String` once and then named by number: a file of 28,000 elements has a few hundred
/// distinct names and keys, met over a hundred thousand times.
///
/// An open-addressing table of the texts' bytes in the file being scanned, looked up without
/// making a string. The hash mixes in a seed drawn once per process, so a file cannot be
/// written to make every name collide.
struct MergeTextTable {
    /// The texts, by number.
    private(set) var texts: [String] = []
    /// Entry number + 1 for each slot; 0 is empty.
    private var slots = [Int32](repeating: 0, count: 256)
    /// Where each text's bytes are in the file, and their hash.
    private var entries: [(start: Int32, count: Int32, hash: UInt64)] = []

    private static let seed = UInt64.random(in: 1...UInt64.max)

    /// The number of the text whose bytes are `range` of `bytes`, made by `make` the first
    /// time those bytes are met.
    mutating func number(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, make: (Range<Int>) -> String) -> Int32 {
        let hash = Self.hash(range, in: bytes)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let occupant = Int(slots[slot])
            if occupant == 0 { break }
            let entry = entries[occupant - 1]
            // Texts of eight bytes or fewer are one word, which the hash keeps whole (it only
            // multiplies by an odd number and folds): the same hash is the same bytes.
            if entry.hash == hash && Int(entry.count) == range.count
                && (range.count <= 8 || memcmp(bytes.baseAddress! + Int(entry.start), bytes.baseAddress! + range.lowerBound, range.count) == 0)
            {
                return Int32(occupant - 1)
            }
            slot = (slot + 1) & mask
        }
        entries.append((Int32(range.lowerBound), Int32(range.count), hash))
        texts.append(make(range))
        slots[slot] = Int32(entries.count)
        if entries.count * 2 > slots.count { grow() }
        return Int32(entries.count - 1)
    }

    /// Twice the slots, every entry placed again.
    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, entry) in entries.enumerated() {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }

    private static func hash(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = seed ^ UInt64(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            // Up to eight bytes at a time, multiplied in and folded.
            var word: UInt64 = 0
            let count = min(8, range.upperBound - index)
            if index + 8 <= bytes.count {
                // One load; the bytes past the text are masked off.
                word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                if count < 8 { word &= (1 << (UInt64(count) * 8)) - 1 }
            } else {
                for offset in 0..<count { word |= UInt64(bytes[index + offset]) << (UInt64(offset) * 8) }
            }
            index += count
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
        }
        return hash
    }
}
