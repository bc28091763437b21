/// Marks a property the storyboard's outlets fill, by property name, when the view loads.
///
/// Swift on Linux has no key-value coding, so outlets are found by reflection: the runtime
/// looks for an `@Outlet` property whose name matches the connection's `property`.
@propertyWrapper
public final class Outlet<Value: AnyObject>: OutletStorage {
    private var value: Value?

    public override init() {}

    public var wrappedValue: Value? {
        get { value }
        set { value = newValue }
    }

    override func connect(_ object: AnyObject) -> Bool {
        guard let object = object as? Value else { return false }
        value = object
        return true
    }

    override func accepts(_ object: AnyObject) -> Bool { object is Value }
}

/// What every `@Outlet` is, whatever it holds: reflection finds outlets among a class's
/// properties by casting each to this class, which costs a look at the superclass chain
/// where a protocol would cost a search of the conformances.
public class OutletStorage {
    init() {}

    /// Sets the outlet to `object`; false when its type does not fit.
    func connect(_ object: AnyObject) -> Bool { false }

    /// Whether `object` fits the outlet's type.
    func accepts(_ object: AnyObject) -> Bool { false }
}

enum OutletConnector {
    /// Sets the `@Outlet` property named `property` on `target` to `object`.
    /// Returns false when the class has no such outlet or its type doesn't fit.
    @discardableResult
    static func connect(_ property: String, of target: AnyObject, to object: AnyObject) -> Bool {
        connect([(property, object)], of: target) == 1
    }

    /// Sets each `@Outlet` property named in `outlets` on `target` to its object, in one walk
    /// over the class's properties (reflection reads each property it passes, and a cell
    /// made for every row that comes into view connects all its outlets at once). Returns
    /// how many were set: an outlet the class lacks, or whose type doesn't fit, is skipped.
    @discardableResult
    static func connect(_ outlets: [(property: String, object: AnyObject)], of target: AnyObject) -> Int {
        guard !outlets.isEmpty else { return 0 }
        var pending: [String: [AnyObject]] = [:]
        for outlet in outlets { pending["_" + outlet.property, default: []].append(outlet.object) }
        var connected = 0
        var mirror: Mirror? = Mirror(reflecting: target)
        while let current = mirror, !pending.isEmpty {
            for child in current.children {
                guard let label = child.label, let objects = pending.removeValue(forKey: label) else { continue }
                // The last outlet that fits wins, as connecting them one by one did.
                if let outlet = child.value as? OutletStorage, let object = objects.last(where: outlet.accepts) {
                    _ = outlet.connect(object)
                    connected += objects.filter(outlet.accepts).count
                }
                if pending.isEmpty { break }
            }
            mirror = current.superclassMirror
        }
        return connected
    }
}
