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
/// in document order. Each object's id is looked up once in the other file; pairs are then
/// kept and followed by index, and content is hashed only for the objects ids left unpaired:
/// linear in the files.
struct DiffMatcher {
    /// For each object of the old file, by index, the index of the new object its id was
    /// paired with; -1 when it was removed. Only the first object of an id (see
    /// ``DiffSnapshot/Object/first``) is ever paired, as an id names one object.
    private var newIndex: [Int32]
    /// For each object of the new file, the index of the old object paired with it; -1 when
    /// it was added.
    private var oldIndex: [Int32]
    private let old: DiffSnapshot
    private let new: DiffSnapshot

    init(old: DiffSnapshot, new: DiffSnapshot) {
        self.old = old
        self.new = new
        newIndex = [Int32](repeating: -1, count: old.objects.count)
        oldIndex = [Int32](repeating: -1, count: new.objects.count)
        // The one look-up by id per object: after this, pairs are followed by index.
        // (Objects are read where they lie, by index: a loop over them would copy each.)
        for number in old.objects.indices where newIndex[old.objects[number].first] < 0 {
            if let other = new.index[old.objects[number].id], Self.sameKind(old.objects[number].role, new.objects[other].role) {
                pair(old.objects[number].first, other)
            }
        }
        pairByContent(roles: [.controller])
        pairByContent(roles: [.view, .placeholder])
        pairByContent(roles: [.segue, .connection, .constraint])
    }

    /// The new id of old `id`, or nil when it was removed.
    func new(for id: String?) -> String? {
        guard let id, let found = old.index[id], let paired = newObject(for: found) else { return nil }
        return new.objects[paired].id
    }

    /// The old id of new `id`, or nil when it was added.
    func old(for id: String?) -> String? {
        guard let id, let found = new.index[id], let paired = oldObject(for: found) else { return nil }
        return old.objects[paired].id
    }

    /// The index of the new object the old object at `index` was paired with (by its id).
    func newObject(for index: Int) -> Int? {
        let paired = newIndex[old.objects[index].first]
        return paired < 0 ? nil : Int(paired)
    }

    /// The index of the old object the new object at `index` was paired with (by its id).
    func oldObject(for index: Int) -> Int? {
        let paired = oldIndex[new.objects[index].first]
        return paired < 0 ? nil : Int(paired)
    }

    /// The new id of the old object at `index` if it was paired, else its own id: what a
    /// reference to it is in the new file's terms.
    func newID(ofOld index: Int) -> String {
        newObject(for: index).map { new.objects[$0].id } ?? old.objects[index].id
    }

    private mutating func pair(_ oldObject: Int, _ newObject: Int) {
        newIndex[oldObject] = Int32(newObject)
        oldIndex[newObject] = Int32(oldObject)
    }

    /// Objects of one id are one object when they play the same part (a controller stays a
    /// controller, a segue a segue); an element's class may change.
    private static func sameKind(_ old: DiffSnapshot.Role, _ new: DiffSnapshot.Role) -> Bool {
        old == new || (old == .view && new == .controller) || (old == .controller && new == .view)
    }

    /// Pairs the unpaired objects of `roles` whose content is equal, in document order.
    private mutating func pairByContent(roles: [DiffSnapshot.Role]) {
        var waiting: [String: [Int]] = [:]
        for number in new.objects.indices where roles.contains(new.objects[number].role) && oldIndex[new.objects[number].first] < 0 {
            waiting[signature(new.objects[number], translate: { $0 }), default: []].append(new.objects[number].first)
        }
        guard !waiting.isEmpty else { return }
        var taken: [String: Int] = [:]
        for number in old.objects.indices where roles.contains(old.objects[number].role) && newIndex[old.objects[number].first] < 0 {
            let key = signature(old.objects[number], translate: { self.new(for: $0) ?? "\u{0}old:" + $0 })
            guard let candidates = waiting[key] else { continue }
            let next = taken[key, default: 0]
            guard next < candidates.count else { continue }
            taken[key] = next + 1
            pair(old.objects[number].first, candidates[next])
        }
    }

    /// What must be equal for two objects with different ids to be one: everything the diff
    /// reports about them, with the ids they name translated into the new file's.
    private func signature(_ object: DiffSnapshot.Object, translate: (String) -> String) -> String {
        var parts: [String] = [object.role.rawValue, object.element, object.key ?? ""]
        if object.role == .controller {
            // A scene keeps its identity: where it sits in the file is no part of it.
            parts.append(object.properties["customClass"] ?? "")
            parts.append(object.properties["storyboardIdentifier"] ?? "")
            parts.append(object.properties["storyboardName"] ?? "")
            parts.append(object.texts["title"] ?? "")
        } else {
            parts.append(object.parent.map(translate) ?? "")
            parts.append(object.texts.map { $0.key + "=" + $0.value }.joined(separator: "\u{1}"))
            parts.append(object.properties.map { $0.key + "=" + $0.value }.joined(separator: "\u{1}"))
            parts.append(object.references.map { $0.key + "=" + translate($0.value) }.joined(separator: "\u{1}"))
        }
        return parts.joined(separator: "\u{2}")
    }
}
