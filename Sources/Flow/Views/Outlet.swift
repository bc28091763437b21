#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    init() {
        OutletsMade.note(self)
    }

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

/// The outlets made on this thread while a cell is made (`collecting`), in the order the
/// cell's stored properties are set up, so that the cells of a class after the first are
/// connected without reflection (see `OutletLayouts`).
enum OutletsMade {
    /// The outlets made so far by the innermost `collecting` on this thread.
    private final class Collector {
        var made: [OutletStorage] = []
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// `body`'s result and the outlets made while it ran on this thread.
    static func collecting<Result>(_ body: () -> Result) -> (Result, [OutletStorage]) {
        let collector = Collector()
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(collector).toOpaque())
        let result = withExtendedLifetime(collector) { body() }
        pthread_setspecific(key, outer)
        return (result, collector.made)
    }

    static func note(_ outlet: OutletStorage) {
        guard let collector = pthread_getspecific(key) else { return }
        Unmanaged<Collector>.fromOpaque(collector).takeUnretainedValue().made.append(outlet)
    }
}

/// Where each outlet of a class is among the outlets an instance makes (its stored `@Outlet`
/// properties, in the order they are set up), learnt by reflection from the first cell of the
/// class a table makes: reflection reads each property's type from its mangled name, and
/// connecting a cell's outlets that way cost more than making the cell. A cell that made a
/// different number of outlets than the first (its initializer made objects with outlets of
/// their own) is connected by reflection again.
final class OutletLayouts {
    private struct Layout {
        /// How many outlets an instance makes.
        var count: Int
        /// Each outlet property's index among them, by property storage name (`_label`).
        var indices: [String: Int]
    }

    private var layouts: [ObjectIdentifier: Layout] = [:]

    /// Connects `outlets` of `target`, which made `made` while it was initialized; returns
    /// how many were set, as `OutletConnector.connect(_:of:)` does.
    @discardableResult
    func connect(_ outlets: [(property: String, object: AnyObject)], of target: AnyObject, made: [OutletStorage]) -> Int {
        guard !outlets.isEmpty else { return 0 }
        let type = ObjectIdentifier(Swift.type(of: target))
        guard let layout = layouts[type], layout.count == made.count else {
            let connected = OutletConnector.connect(outlets, of: target)
            if layouts[type] == nil, let layout = Self.learn(target, made: made) { layouts[type] = layout }
            return connected
        }
        var connected = 0
        for outlet in outlets {
            guard let index = layout.indices["_" + outlet.property] else { continue }
            if made[index].connect(outlet.object) { connected += 1 }
        }
        return connected
    }

    /// The layout of `target`'s class, when every outlet it made is one of its properties.
    private static func learn(_ target: AnyObject, made: [OutletStorage]) -> Layout? {
        guard !made.isEmpty else { return Layout(count: 0, indices: [:]) }
        var indices: [String: Int] = [:]
        var mirror: Mirror? = Mirror(reflecting: target)
        while let current = mirror {
            for child in current.children {
                // A property wrapper's storage is `_` and the property's name: only those are
                // looked at (a cast of anything else to a class searches for bridging).
                guard let label = child.label, label.hasPrefix("_"), indices[label] == nil,
                    let outlet = child.value as? OutletStorage,
                    let index = made.firstIndex(where: { $0 === outlet })
                else { continue }
                indices[label] = index
            }
            mirror = current.superclassMirror
        }
        guard indices.count == made.count else { return nil }
        return Layout(count: made.count, indices: indices)
    }
}
