extension StoryboardDiff {
    /// The changes of a storyboard's translations between two versions of an app folder: per
    /// language, each key added, removed or changed with its texts (`property` the key, a
    /// key being `OBJECTID.property`), then a count of the keys that name no object now and
    /// did before (added, or their object gone). A key that named no object in both
    /// versions is not a change. `old` and `new` are each language's table, key to text;
    /// `oldObjectIDs` and `objectIDs` the ids each version of the storyboard has.
    public static func translationChanges(
        old: [String: [String: String]], new: [String: [String: String]], oldObjectIDs: Set<String>, objectIDs: Set<String>,
        storyboard: String
    ) -> [StoryboardChange] {
        var changes: [StoryboardChange] = []
        func objectID(_ key: String) -> String { String(key.split(separator: ".", maxSplits: 1).first ?? "") }
        for language in Set(old.keys).union(new.keys).sorted() {
            let before = old[language] ?? [:]
            let after = new[language] ?? [:]
            func change(_ change: StoryboardChange.Change, _ key: String) -> StoryboardChange {
                StoryboardChange(
                    kind: .translation, change: change, storyboard: storyboard, object: language, property: key, old: before[key],
                    new: after[key])
            }
            for key in Set(before.keys).union(after.keys).sorted() {
                switch (before[key], after[key]) {
                case (nil, _?): changes.append(change(.added, key))
                case (_?, nil): changes.append(change(.removed, key))
                case (let was?, let now?) where was != now: changes.append(change(.changed, key))
                default: break
                }
            }
            let stale = after.keys.filter { key in
                !objectIDs.contains(objectID(key)) && (before[key] == nil || oldObjectIDs.contains(objectID(key)))
            }.count
            if stale > 0 {
                changes.append(
                    StoryboardChange(
                        kind: .translation, change: .changed, storyboard: storyboard, object: language,
                        property: StoryboardChange.staleTranslationKeys, count: stale))
            }
        }
        return changes
    }
}

extension StoryboardChange {
    /// The `property` of a translation change that counts keys naming no object.
    public static let staleTranslationKeys = "keys naming no object"
}
