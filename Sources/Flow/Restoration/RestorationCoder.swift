/// A value a controller saves for state restoration.
public enum RestorationValue: Codable, Hashable, Sendable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case strings([String])
}

/// The keyed box a controller writes its state into and reads it back from.
public final class RestorationCoder {
    public private(set) var values: [String: RestorationValue]

    public init(values: [String: RestorationValue] = [:]) { self.values = values }

    public func encode(_ value: String, forKey key: String) { values[key] = .string(value) }
    public func encode(_ value: Double, forKey key: String) { values[key] = .number(value) }
    public func encode(_ value: Int, forKey key: String) { values[key] = .number(Double(value)) }
    public func encode(_ value: Bool, forKey key: String) { values[key] = .bool(value) }
    public func encode(_ value: [String], forKey key: String) { values[key] = .strings(value) }
    func encode(_ value: RestorationValue, forKey key: String) { values[key] = value }

    public func decodeString(forKey key: String) -> String? {
        if case .string(let value) = values[key] { return value }
        return nil
    }

    public func decodeDouble(forKey key: String) -> Double? {
        if case .number(let value) = values[key], value.isFinite { return value }
        return nil
    }

    /// An integer, if the saved number is a whole one in range.
    public func decodeInt(forKey key: String) -> Int? {
        guard let value = decodeDouble(forKey: key), value == value.rounded(),
            abs(value) < 9e15
        else { return nil }
        return Int(value)
    }

    public func decodeBool(forKey key: String) -> Bool? {
        if case .bool(let value) = values[key] { return value }
        return nil
    }

    public func decodeStrings(forKey key: String) -> [String]? {
        if case .strings(let value) = values[key] { return value }
        return nil
    }
}
