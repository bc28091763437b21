extension StoryboardDiff {
    /// The changes of a storyboard's translations between two versions of an app folder:
    /// per language, the keys added, removed and changed, and the keys that now name no
    /// object of the storyboard (a key is `OBJECTID.property`), each counted. `old` and
    /// `new` are each language's table, key to text.
    public static func translationChanges(
        old: [String: [String: String]], new: [String: [String: String]], objectIDs: Set<String>, storyboard: String
    ) -> [StoryboardChange] {
        var changes: [StoryboardChange] = []
        for language in Set(old.keys).union(new.keys).sorted() {
            let before = old[language] ?? [:]
            let after = new[language] ?? [:]
            let added = after.keys.filter { before[$0] == nil }.count
            let removed = before.keys.filter { after[$0] == nil }.count
            let changed = after.keys.filter { before[$0] != nil && before[$0] != after[$0] }.count
            func objectID(_ key: String) -> String { String(key.split(separator: ".", maxSplits: 1).first ?? "") }
            let stale = after.keys.filter { !objectIDs.contains(objectID($0)) }.count
            for (change, count, property) in [
                (StoryboardChange.Change.added, added, "keys"), (.removed, removed, "keys"), (.changed, changed, "keys"),
                (.changed, stale, "keys naming no object"),
            ] where count > 0 {
                changes.append(
                    StoryboardChange(
                        kind: .translation, change: change, storyboard: storyboard, object: language, property: property,
                        count: count))
            }
        }
        return changes
    }
}
