/// Marks a property the storyboard's outlets fill, by property name, when the view loads.
///
/// Swift on Linux has no key-value coding, so outlets are found by reflection: the runtime
/// looks for an `@Outlet` property whose name matches the connection's `property`.
@propertyWrapper
public struct Outlet<Value: AnyObject> {
    private let box = OutletBox()

    public init() {}

    public var wrappedValue: Value? {
        get { box.object as? Value }
        nonmutating set { box.object = newValue }
    }
}

/// The shared storage of an `@Outlet`, reached through reflection.
final class OutletBox {
    var object: AnyObject?
}

/// Something outlets can be connected into.
protocol OutletSlot {
    var outletBox: OutletBox { get }
    func accepts(_ object: AnyObject) -> Bool
}

extension Outlet: OutletSlot {
    var outletBox: OutletBox { box }
    func accepts(_ object: AnyObject) -> Bool { object is Value }
}

enum OutletConnector {
    /// Sets the `@Outlet` property named `property` on `target` to `object`.
    /// Returns false when the class has no such outlet or its type doesn't fit.
    @discardableResult
    static func connect(_ property: String, of target: AnyObject, to object: AnyObject) -> Bool {
        var mirror: Mirror? = Mirror(reflecting: target)
        while let current = mirror {
            for child in current.children where child.label == "_" + property {
                if let slot = child.value as? OutletSlot, slot.accepts(object) {
                    slot.outletBox.object = object
                    return true
                }
                return false
            }
            mirror = current.superclassMirror
        }
        return false
    }
}
