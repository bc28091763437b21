/// Interface Builder 3 gives shared objects (a font, an image, a plug-in's name that many
/// properties point at) new ids when it saves, so one object can have three ids in a merge,
/// and an id one side no longer has is not always an object it deleted. Before an archive
/// merges, each side's objects with a new id are matched to the base's objects that side no
/// longer has by what they hold (everything but ids); where exactly one matches, base and
/// theirs are rewritten to ours' ids (ours' own where ours renamed it, else the base's).
enum MergeRenamedObjects {
    /// Base and theirs with the ids of the objects a side renamed made ours'; the sources
    /// themselves when no side renamed any.
    static func aligned(base: MergeSource, ours: MergeSource, theirs: MergeSource) throws(MergeInputError) -> (base: MergeSource, theirs: MergeSource) {
        let oursToBase = renamed(in: ours, from: base)
        let theirsToBase = renamed(in: theirs, from: base)
        guard !oursToBase.isEmpty || !theirsToBase.isEmpty else { return (base, theirs) }
        let baseToOurs = Dictionary(oursToBase.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
        var theirsToOurs: [String: String] = [:]
        for (theirsID, baseID) in theirsToBase { theirsToOurs[theirsID] = baseToOurs[baseID] ?? baseID }
        // An id theirs kept that ours renamed is ours' name too.
        for (baseID, oursID) in baseToOurs where theirs.byID[baseID] != nil { theirsToOurs[baseID] = oursID }
        return (try rewritten(base, baseToOurs), try rewritten(theirs, theirsToOurs))
    }

    /// The side's ids that name a base object under a new id: side id to base id.
    private static func renamed(in side: MergeSource, from base: MergeSource) -> [String: String] {
        var gone: [Int: String?] = [:]
        for (id, element) in base.byID where side.byID[id] == nil {
            let digest = content(of: element)
            gone[digest] = gone[digest] == nil ? .some(id) : .some(nil)
        }
        guard !gone.isEmpty else { return [:] }
        var added: [Int: String?] = [:]
        for (id, element) in side.byID where base.byID[id] == nil {
            let digest = content(of: element)
            guard gone[digest] != nil else { continue }
            added[digest] = added[digest] == nil ? .some(id) : .some(nil)
        }
        var result: [String: String] = [:]
        for (digest, id) in added {
            if let id, let baseID = gone[digest] ?? nil { result[id] = baseID }
        }
        return result
    }

    /// A digest of an element and all it holds, leaving out ids.
    private static func content(of element: MergeElement) -> Int {
        var hasher = Hasher()
        element.visit { node in
            hasher.combine(node.name)
            for attribute in node.attributes where attribute.name != "id" {
                hasher.combine(attribute.name)
                hasher.combine(attribute.value)
            }
            hasher.combine(node.textDigest)
            hasher.combine(node.children.count)
        }
        return hasher.finalize()
    }

    /// A source with its ids, and every reference to them, renamed.
    private static func rewritten(_ source: MergeSource, _ names: [String: String]) throws(MergeInputError) -> MergeSource {
        guard !names.isEmpty else { return source }
        var edits: [(range: Range<Int>, text: String)] = []
        source.root.visit { element in
            for attribute in element.attributes where attribute.name == "id" || MergeRules.isReference(attribute.name, of: element) {
                if let name = names[attribute.value] {
                    edits.append((attribute.whole, attribute.name + "=\"" + MergeRenumbering.escaped(name) + "\""))
                }
            }
        }
        return try source.edited(edits)
    }
}
