import Glibc

/// A keyed session's line to the shared store (`--store`): a socket pair, one end the
/// program's descriptor 3 (named by `STORYBOARD_STORE_FD`, which the app's `RemoteStore`
/// reads), the other handed to the store once the program runs. The server knows whose
/// session it started, so the store answers as that key and the program cannot name another.
struct StoreLink {
    /// The environment variable that tells the program its store's descriptor.
    static let environmentVariable = "STORYBOARD_STORE_FD"

    let sessionEnd: Int32
    let serverEnd: Int32
    let owner: String
    let serve: @Sendable (Int32, String) -> Void

    /// A link for a keyed session when the server has a shared store; nil otherwise (keyless
    /// sessions keep a throwaway SQLite file in their scratch folder, as without `--store`).
    static func make(
        for identity: ClientIdentity?, serving serve: (@Sendable (Int32, String) -> Void)?
    ) throws(SessionError) -> StoreLink? {
        guard let serve, case .key(let fingerprint)? = identity else { return nil }
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw .system("cannot make the session's store connection", errno)
        }
        return StoreLink(sessionEnd: pair[0], serverEnd: pair[1], owner: fingerprint.directoryName, serve: serve)
    }

    /// The program has its copy: the server closes its copy of the session's end and starts answering.
    func hand() {
        close(sessionEnd)
        serve(serverEnd, owner)
    }

    /// The program did not start: both ends are closed.
    func abandon() {
        close(sessionEnd)
        close(serverEnd)
    }
}
