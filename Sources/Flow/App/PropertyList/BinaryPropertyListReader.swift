/// Reads Apple's binary property list form (`bplist00`), which Xcode writes when a project
/// keeps an `Info.plist` in its compiled form.
///
/// Every offset, count and reference is checked against the file before it is used, objects
/// are read once each (a file that shares one object many times costs no more than one
/// that does not), and an object that contains itself is refused.
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private var offsetSize = 0
    private var referenceSize = 0
    private var objectCount = 0
    private var offsetTable = 0
    private var decoded: [Int: PropertyList] = [:]
    private var inProgress: Set<Int> = []
    private static let maximumDepth = 256

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func read() throws(PropertyListError) -> PropertyList {
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist0".utf8)) else {
            throw PropertyListError("a binary property list too short to hold its header and trailer")
        }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw PropertyListError("the binary property list's trailer is damaged (sizes \(offsetSize) and \(referenceSize))")
        }
        let count = unsigned(at: trailer + 8, size: 8)
        let top = unsigned(at: trailer + 16, size: 8)
        let table = unsigned(at: trailer + 24, size: 8)
        guard count > 0, count < UInt64(bytes.count), top < count, table >= 8, table < UInt64(trailer),
            UInt64(trailer) - table >= count * UInt64(offsetSize)
        else {
            throw PropertyListError("the binary property list's trailer is damaged (its counts and offsets do not fit the file)")
        }
        objectCount = Int(count)
        offsetTable = Int(table)
        return try object(Int(top), depth: 0)
    }

    private func unsigned(at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private mutating func object(_ number: Int, depth: Int) throws(PropertyListError) -> PropertyList {
        if let done = decoded[number] { return done }
        guard depth < Self.maximumDepth else { throw damaged("values are nested more than \(Self.maximumDepth) levels deep") }
        guard number >= 0, number < objectCount else { throw damaged("a reference to object \(number) of \(objectCount)") }
        guard inProgress.insert(number).inserted else { throw damaged("object \(number) contains itself") }
        defer { inProgress.remove(number) }
        let start = Int(clamping: unsigned(at: offsetTable + number * offsetSize, size: offsetSize))
        guard start >= 8, start < offsetTable else { throw damaged("object \(number) starts outside the objects") }
        let marker = bytes[start]
        let info = Int(marker & 0x0F)
        let value: PropertyList
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: value = .boolean(false)
            case 0x09: value = .boolean(true)
            default: throw damaged("object \(number) has the unknown marker 0x\(String(marker, radix: 16))")
            }
        case 0x1:
            let size = 1 << info
            guard size <= 16, start + 1 + size <= offsetTable else { throw damaged("integer object \(number) is cut short") }
            // 16-byte integers hold 64-bit values in their low half.
            let low = unsigned(at: start + 1 + max(0, size - 8), size: min(size, 8))
            value = .integer(size >= 8 ? Int64(bitPattern: low) : Int64(low))
        case 0x2, 0x3:
            let size = marker == 0x33 ? 8 : 1 << info
            guard size == 4 || size == 8, start + 1 + size <= offsetTable else { throw damaged("number object \(number) is cut short") }
            let bits = unsigned(at: start + 1, size: size)
            let number = size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
            value = marker == 0x33 ? .date(String(number)) : .real(number)
        case 0x4:
            let (count, first) = try length(info, at: start)
            guard first + count <= offsetTable else { throw damaged("data object \(number) is cut short") }
            value = .data(Array(bytes[first..<first + count]))
        case 0x5:
            let (count, first) = try length(info, at: start)
            guard first + count <= offsetTable else { throw damaged("string object \(number) is cut short") }
            value = .string(String(decoding: bytes[first..<first + count], as: UTF8.self))
        case 0x6:
            let (count, first) = try length(info, at: start)
            guard count <= (offsetTable - first) / 2 else { throw damaged("string object \(number) is cut short") }
            let units = (0..<count).map { UInt16(bytes[first + 2 * $0]) << 8 | UInt16(bytes[first + 2 * $0 + 1]) }
            value = .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            let size = min(info + 1, 8)
            guard start + 1 + size <= offsetTable else { throw damaged("object \(number) is cut short") }
            value = .integer(Int64(bitPattern: unsigned(at: start + 1, size: size)))
        case 0xA, 0xC:
            let (count, first) = try length(info, at: start)
            let references = try self.references(count, at: first, of: number)
            var elements: [PropertyList] = []
            elements.reserveCapacity(count)
            for reference in references { elements.append(try object(reference, depth: depth + 1)) }
            value = .array(elements)
        case 0xD:
            let (count, first) = try length(info, at: start)
            let references = try self.references(2 * count, at: first, of: number)
            var entries: [String: PropertyList] = [:]
            for index in 0..<count {
                guard case .string(let key) = try object(references[index], depth: depth + 1) else {
                    throw damaged("dictionary object \(number) has a key that is not a string")
                }
                entries[key] = try object(references[count + index], depth: depth + 1)
            }
            value = .dictionary(entries)
        default:
            throw damaged("object \(number) has the unknown marker 0x\(String(marker, radix: 16))")
        }
        decoded[number] = value
        return value
    }

    /// A count from the marker's low nibble, or from the integer object after it (0xF).
    private func length(_ info: Int, at start: Int) throws(PropertyListError) -> (count: Int, first: Int) {
        guard info == 0xF else { return (info, start + 1) }
        guard start + 2 < offsetTable, bytes[start + 1] >> 4 == 0x1 else { throw damaged("a length that is not an integer") }
        let size = 1 << Int(bytes[start + 1] & 0x0F)
        guard size <= 8, start + 2 + size <= offsetTable else { throw damaged("a length is cut short") }
        let count = unsigned(at: start + 2, size: size)
        guard count < UInt64(bytes.count) else { throw damaged("a length longer than the file") }
        return (Int(count), start + 2 + size)
    }

    private func references(_ count: Int, at first: Int, of number: Int) throws(PropertyListError) -> [Int] {
        guard count <= (offsetTable - first) / referenceSize else { throw damaged("object \(number) is cut short") }
        return (0..<count).map { Int(clamping: unsigned(at: first + $0 * referenceSize, size: referenceSize)) }
    }

    private func damaged(_ detail: String) -> PropertyListError {
        PropertyListError("the binary property list is damaged: \(detail)")
    }
}
