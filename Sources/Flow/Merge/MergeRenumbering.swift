/// Interface Builder 3 archives number their records in one sequence (`objectID`s and
/// `connectionID`s, the highest in `maxID`), so two sides that each add an object give both the
/// same next number. Before a merge, theirs' new numbers that ours gave to another record are
/// moved past every number either side uses, everywhere theirs writes them: the record, the
/// object's properties (`flattenedProperties` keys `N.property`), and `maxID`.
enum MergeRenumbering {
    /// The edits that move theirs' clashing numbers, none when nothing clashes; `renamed` are
    /// the ids of theirs that are given ours' (``MergeRenamedObjects``) by edits of their own.
    static func edits(theirs: MergeSource, ours: MergeSource, base: MergeSource, renamed: [String: String]) -> [MergeSource.Edit] {
        let (baseRecords, baseHighest) = records(in: base)
        let (oursRecords, oursHighest) = records(in: ours)
        let (theirsRecords, theirsHighest) = records(in: theirs)
        var map: [Int: Int] = [:]
        var next = max(baseHighest, oursHighest, theirsHighest)
        // A record both sides added for one object or connection, under two numbers, is one
        // record: theirs takes ours' number.
        var oursAdded: [String: Int] = [:]
        for (number, record) in oursRecords.sorted(by: { $0.key > $1.key }) where baseRecords[number] == nil {
            oursAdded[identity(of: record, renamed: [:])] = number
        }
        var taken = Set<Int>()
        for (number, record) in theirsRecords.sorted(by: { $0.key < $1.key }) where baseRecords[number] == nil {
            let recordIdentity = identity(of: record, renamed: renamed)
            if let same = oursAdded[recordIdentity], same != number, theirsRecords[same] == nil || baseRecords[same] == nil, taken.insert(same).inserted {
                map[number] = same
                continue
            }
            guard let other = oursRecords[number], identity(of: other, renamed: [:]) != recordIdentity else { continue }
            next += 1
            map[number] = next
        }
        guard !map.isEmpty else { return [] }
        var edits: [MergeSource.Edit] = []
        theirs.root.visit { element in
            if let numberKey = element.key, element.name == "int", let range = element.text,
                let number = Int(theirs.text(range))
            {
                if numberKey == "maxID" {
                    edits.append((range, String(max(number, next))))
                } else if ["objectID", "connectionID"].contains(numberKey), let parent = element.parent,
                    MergeArchive.recordIdentity(of: parent) != nil, let moved = map[number]
                {
                    edits.append((range, String(moved)))
                }
                return
            }
            guard let dictionary = element.parent, isPropertyDictionary(dictionary) || isPropertyDictionary(dictionary.parent) else { return }
            // A property's key: an attribute (`key="12.IBPluginDependency"`) or, in the parallel
            // arrays of older archives, the text of an element of `dict.sortedKeys`.
            if let key = element.key, let moved = movedKey(key, map), let attribute = element.attributes.first(where: { $0.name == "key" }) {
                edits.append((attribute.whole, "key=\"" + escaped(moved) + "\""))
            } else if dictionary.key == "dict.sortedKeys", let range = element.text,
                let moved = movedKey(theirs.text(range), map)
            {
                edits.append((range, moved))
            }
        }
        return edits
    }

    /// Each record by its number, and the highest number the side gives or says it gave: from
    /// the archive's object container (`IBDocument.Objects`), its connection records, its
    /// object records and its `maxID`.
    private static func records(in source: MergeSource) -> (records: [Int: MergeElement], highest: Int) {
        var records: [Int: MergeElement] = [:]
        var highest = 0
        let container = source.root.children.first?.children.first { $0.key == "IBDocument.Objects" }
        var lists = container.map { Array($0.children) } ?? []
        for list in lists where list.key == "objectRecords" { lists += list.children }
        for element in lists {
            if MergeArchive.isMaxID(element), let text = element.textDigest, let number = Int(text) { highest = max(highest, number) }
            for record in element.children {
                guard let identity = MergeArchive.recordIdentity(of: record), let number = Int(identity.dropFirst("record:".count)) else { continue }
                records[number] = record
                highest = max(highest, number)
            }
        }
        return (records, highest)
    }

    /// What a record is about, to tell one object (or connection) both sides numbered alike
    /// from two: the object it records, or the connection's bytes, with ids `renamed`.
    private static func identity(of record: MergeElement, renamed: [String: String]) -> String {
        if let object = record.children.first(where: { $0.key == "object" }) {
            if let reference = object.attributes.first(where: { $0.name == "ref" }) {
                return "object " + (MergeRenamedObjects.renamed(reference, of: object, renamed) ?? reference.value)
            }
        }
        guard let connection = record.children.first(where: { $0.key == "connection" }) else { return "" }
        var parts: [String] = []
        connection.visit { element in
            let attributes = element.attributes.map { $0.name + "=" + (MergeRenamedObjects.renamed($0, of: element, renamed) ?? $0.value) }
            parts.append(element.name + attributes.joined(separator: ",") + (element.textDigest ?? ""))
        }
        return parts.joined(separator: ";")
    }

    /// Dictionaries whose keys start with an object's number.
    private static func isPropertyDictionary(_ element: MergeElement?) -> Bool {
        guard let key = element?.key else { return false }
        return key == "flattenedProperties" || key == "unlocalizedProperties" || key == "localizations"
    }

    /// `12.IBPluginDependency` with its number moved, or nil when it names no moved number.
    private static func movedKey(_ key: String, _ map: [Int: Int]) -> String? {
        guard let dot = key.firstIndex(of: "."), let number = Int(key[..<dot]), let moved = map[number] else { return nil }
        return String(moved) + key[dot...]
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
