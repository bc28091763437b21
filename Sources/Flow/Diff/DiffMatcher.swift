/// Pairs the objects of two versions of a storyboard: which object of the new file each
/// object of the old one became.
///
/// Ids first: Xcode keeps an object's id for its life, so an id in both files is one object
/// (which is why a cell inserted before another is an added cell, not a renamed one). What is
/// left is then paired by content, for the objects Xcode gave new ids without changing them
/// (a copy and paste, a constraint deleted and made again the same): scenes by their
/// controller's element, class, identifier and title; views by superview, element, role,
/// texts and properties; segues, connections and constraints last, by what they join, since
/// those are only known once the objects they name are paired. Equal candidates are paired
/// in document order. Every step is a dictionary look-up per object: linear in the files.
struct DiffMatcher {
    /// The new id of each paired old object.
    private(set) var newID: [String: String] = [:]
    /// The old id of each paired new object.
    private(set) var oldID: [String: String] = [:]

    init(old: DiffSnapshot, new: DiffSnapshot) {
        // Most objects pair by id: room for all of them at once, not grown by rehashing.
        newID.reserveCapacity(old.objects.count)
        oldID.reserveCapacity(new.objects.count)
        for object in old.objects where newID[object.id] == nil {
            if let other = new.object(object.id), Self.sameKind(object, other) { pair(object.id, object.id) }
        }
        pairByContent(old: old, new: new, roles: [.controller])
        pairByContent(old: old, new: new, roles: [.view, .placeholder])
        pairByContent(old: old, new: new, roles: [.segue, .connection, .constraint])
    }

    /// The new id of old `id`, or nil when it was removed.
    func new(for id: String?) -> String? { id.flatMap { newID[$0] } }

    /// The old id of new `id`, or nil when it was added.
    func old(for id: String?) -> String? { id.flatMap { oldID[$0] } }

    private mutating func pair(_ old: String, _ new: String) {
        newID[old] = new
        oldID[new] = old
    }

    /// Objects of one id are one object when they play the same part (a controller stays a
    /// controller, a segue a segue); an element's class may change.
    private static func sameKind(_ old: DiffSnapshot.Object, _ new: DiffSnapshot.Object) -> Bool {
        old.role == new.role || (old.role == .view && new.role == .controller) || (old.role == .controller && new.role == .view)
    }

    /// Pairs the unpaired objects of `roles` whose content is equal, in document order.
    private mutating func pairByContent(old: DiffSnapshot, new: DiffSnapshot, roles: [DiffSnapshot.Role]) {
        var waiting: [String: [String]] = [:]
        for object in new.objects where roles.contains(object.role) && oldID[object.id] == nil {
            waiting[signature(object, in: new, translate: { $0 }), default: []].append(object.id)
        }
        guard !waiting.isEmpty else { return }
        var taken: [String: Int] = [:]
        for object in old.objects where roles.contains(object.role) && newID[object.id] == nil {
            let key = signature(object, in: old, translate: { self.newID[$0] ?? "\u{0}old:" + $0 })
            guard let candidates = waiting[key] else { continue }
            let next = taken[key, default: 0]
            guard next < candidates.count else { continue }
            taken[key] = next + 1
            pair(object.id, candidates[next])
        }
    }

    /// What must be equal for two objects with different ids to be one: everything the diff
    /// reports about them, with the ids they name translated into the new file's.
    private func signature(_ object: DiffSnapshot.Object, in snapshot: DiffSnapshot, translate: (String) -> String) -> String {
        var parts: [String] = [object.role.rawValue, object.element, object.key ?? ""]
        if object.role == .controller {
            // A scene keeps its identity: where it sits in the file is no part of it.
            parts.append(object.properties["customClass"] ?? "")
            parts.append(object.properties["storyboardIdentifier"] ?? "")
            parts.append(object.properties["storyboardName"] ?? "")
            parts.append(object.texts["title"] ?? "")
        } else {
            parts.append(object.parent.map(translate) ?? "")
            parts.append(object.texts.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }.joined(separator: "\u{1}"))
            parts.append(object.properties.sorted { $0.key < $1.key }.map { $0.key + "=" + $0.value }.joined(separator: "\u{1}"))
            parts.append(object.references.sorted { $0.key < $1.key }.map { $0.key + "=" + translate($0.value) }.joined(separator: "\u{1}"))
        }
        return parts.joined(separator: "\u{2}")
    }
}
