/// This machine's terminfo database.
public enum Terminfo {
    /// Whether it has an entry named `name`.
    public static func has(_ name: String) -> Bool {
        (try? Tmux.run(["infocmp", name]).status) == 0
    }
}
