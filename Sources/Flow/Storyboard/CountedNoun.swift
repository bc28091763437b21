/// A number with its noun in English: "1 screen", "2 screens", "1 relaunch", "3 relaunches".
///
/// Every count the program writes for people goes through here, so that none reads "1 times".
public enum CountedNoun {
    /// `count` and `noun`, the noun plural unless the count is one; `plural` when the noun
    /// does not take a plain -s or -es.
    public static func phrase(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? pluralForm(of: noun))"
    }

    /// The regular plural: -es after s, x, z, ch and sh, else -s.
    public static func pluralForm(of noun: String) -> String {
        for ending in ["s", "x", "z", "ch", "sh"] where noun.hasSuffix(ending) { return noun + "es" }
        return noun + "s"
    }
}
