/// Interface Builder 3 gives shared objects (a font, an image, a plug-in's name that many
/// properties point at) new ids when it saves, so one object can have three ids in a merge,
/// and an id one side no longer has is not always an object it deleted. Before an archive
/// merges, the objects of theirs and of the base under an id ours does not have are matched to
/// ours' objects under an id they do not have, by what they hold (everything but ids); where
/// exactly one matches, base and theirs are rewritten to ours' ids.
enum MergeRenamedObjects {
    /// The ids of base and theirs to give ours' ids: those of the objects a side renamed.
    static func names(base: MergeSource, ours: MergeSource, theirs: MergeSource) -> (base: [String: String], theirs: [String: String]) {
        // Theirs' objects matched to ours' directly: whichever side renamed it, or both, and
        // one object both added under ids of their own.
        let theirsToOurs = renamed(in: theirs, from: ours)
        let baseToOurs = Dictionary(renamed(in: ours, from: base).map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        return (baseToOurs, theirsToOurs)
    }

    /// The side's ids that name one of `other`'s objects under another id: side id to other
    /// id. An object holding renamed objects' references is matched once those are (a shared
    /// image naming a shared class name), so the matching runs again while it finds more.
    private static func renamed(in side: MergeSource, from other: MergeSource) -> [String: String] {
        let gone = other.byID.filter { side.byID[$0.key] == nil }
        let new = side.byID.filter { other.byID[$0.key] == nil }
        guard !gone.isEmpty && !new.isEmpty else { return [:] }
        var goneByContent: [Int: String?] = [:]
        for (id, element) in gone {
            let digest = content(of: element, names: [:])
            goneByContent[digest] = goneByContent[digest] == nil ? .some(id) : .some(nil)
        }
        var result: [String: String] = [:]
        var taken = Set<String>()
        for _ in 0..<4 {
            var added: [Int: String?] = [:]
            for (id, element) in new where result[id] == nil {
                let digest = content(of: element, names: result)
                guard goneByContent[digest] != nil else { continue }
                added[digest] = added[digest] == nil ? .some(id) : .some(nil)
            }
            var found = false
            for (digest, id) in added {
                guard let id, let otherID = goneByContent[digest] ?? nil, taken.insert(otherID).inserted else { continue }
                result[id] = otherID
                found = true
            }
            if !found { break }
        }
        return result
    }

    /// A digest of an element and all it holds, leaving out ids and naming what it points at
    /// by `names` where they have one.
    private static func content(of element: MergeElement, names: [String: String]) -> Int {
        var hasher = Hasher()
        element.visit { node in
            hasher.combine(node.name)
            for attribute in node.attributes where attribute.name != "id" {
                hasher.combine(attribute.name)
                hasher.combine(MergeRules.isReference(attribute.name, of: node) ? names[attribute.value] ?? attribute.value : attribute.value)
            }
            hasher.combine(node.textDigest)
            hasher.combine(node.children.count)
        }
        return hasher.finalize()
    }

    /// The edits that rename ids in a source, and every reference to them.
    static func edits(_ source: MergeSource, _ names: [String: String]) -> [MergeSource.Edit] {
        guard !names.isEmpty else { return [] }
        var edits: [MergeSource.Edit] = []
        source.root.visit { element in
            for attribute in element.attributes {
                if let name = renamed(attribute, of: element, names) {
                    edits.append((attribute.whole, attribute.name + "=\"" + MergeRenumbering.escaped(name) + "\""))
                }
            }
        }
        return edits
    }

    /// The new value of an attribute an edit renames: an id, or a reference to one.
    static func renamed(_ attribute: MergeAttribute, of element: MergeElement, _ names: [String: String]) -> String? {
        guard !names.isEmpty, attribute.name == "id" || MergeRules.isReference(attribute.name, of: element) else { return nil }
        return names[attribute.value]
    }
}
