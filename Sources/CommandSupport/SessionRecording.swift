/// How `storyboard-server` tells a session's program that the session is recorded, so the
/// program says so on its first screen: people must know when they are recorded.
public enum SessionRecording {
    /// Set (to `1`) in the environment of a recorded session's program, beside `--record`.
    public static let environmentVariable = "STORYBOARD_SESSION_RECORDED"

    /// The status line of a recorded session's first screen.
    public static let notice = "this session is recorded"
}
