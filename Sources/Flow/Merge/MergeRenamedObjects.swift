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
        var goneContents = Contents(of: other, names: [:])
        var goneByContent: [Int: String?] = [:]
        for (id, element) in gone {
            let digest = goneContents.digest(of: element)
            goneByContent[digest] = goneByContent[digest] == nil ? .some(id) : .some(nil)
        }
        var result: [String: String] = [:]
        var taken = Set<String>()
        for _ in 0..<4 {
            var added: [Int: String?] = [:]
            var contents = Contents(of: side, names: result)
            for (id, element) in new where result[id] == nil {
                let digest = contents.digest(of: element)
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

    /// Digests of a file's elements and all they hold, leaving out ids and naming what they
    /// point at by `names` where they have one. Objects nest (a window holds views that hold
    /// cells, each with an id), so each element's digest is worked out once and kept, and a
    /// holder's is made of its children's.
    private struct Contents {
        let names: [String: String]
        /// By place; nil until worked out.
        private var digests: ContiguousArray<Int?>

        init(of source: MergeSource, names: [String: String]) {
            self.names = names
            digests = ContiguousArray(repeating: nil, count: source.tree.nodes.count)
        }

        mutating func digest(of element: MergeElement) -> Int {
            if let known = digests[element.place] { return known }
            var hasher = Hasher()
            hasher.combine(element.name)
            for attribute in element.attributes where attribute.name != "id" {
                hasher.combine(attribute.name)
                hasher.combine(MergeRules.isReference(attribute.name, of: element) ? names[attribute.value] ?? attribute.value : attribute.value)
            }
            hasher.combine(element.textDigest)
            hasher.combine(element.children.count)
            for child in element.children { hasher.combine(digest(of: child)) }
            let digest = hasher.finalize()
            digests[element.place] = digest
            return digest
        }
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
