/// How `storyboard-server` tells a session's program that what the visitor saves goes with
/// the session (`serve --open`, a session without a key), so the program says so on its
/// first screen: nobody should type a log they expect to find again.
public enum DiscardedSessionData {
    /// Set (to `1`) in the environment of a session whose data folder is removed at its end.
    public static let environmentVariable = "STORYBOARD_SESSION_DATA_DISCARDED"

    /// What the first screen's status line says.
    public static let notice = "nothing you save here is kept after this session"
}
