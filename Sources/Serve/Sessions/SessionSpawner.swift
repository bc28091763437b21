import CServe
import Glibc

/// Starts `storyboard run …` on a session's terminal, without `fork` (the server has
/// threads; after `fork` only async-signal-safe calls are allowed, which Swift cannot
/// promise): `posix_spawn` with a new session, the terminal as descriptors 0, 1 and 2, every
/// other descriptor closed, a clean signal state and only the environment given.
enum SessionSpawner {
    /// The descriptor a session's store connection has in the program (`STORYBOARD_STORE_FD`).
    static let storeDescriptor: Int32 = 3

    /// What the program's descriptors 0, 1 and 2 are.
    enum StandardDescriptors {
        /// The session's terminal, all three.
        case terminal(path: String)
        /// Output to this descriptor (a pipe's end), nothing to read, errors to nowhere: a
        /// program run for what it prints (a session's first screen for the page).
        case output(Int32)
    }

    /// Spawns `executable` with `arguments` (argv[1…]) on the session's terminal; returns its
    /// process id. `store`, when given, becomes the program's descriptor 3.
    static func spawn(
        executable: String, arguments: [String], environment: [String: String], terminalPath: String,
        workingDirectory: String, store: Int32? = nil
    ) throws(SessionError) -> pid_t {
        try spawn(
            executable: executable, arguments: arguments, environment: environment, descriptors: .terminal(path: terminalPath),
            workingDirectory: workingDirectory, store: store)
    }

    /// Spawns `executable` with `arguments` and `descriptors` as its standard ones.
    static func spawn(
        executable: String, arguments: [String], environment: [String: String], descriptors: StandardDescriptors,
        workingDirectory: String, store: Int32? = nil
    ) throws(SessionError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        switch descriptors {
        case .terminal(let terminalPath):
            // After setsid (which glibc runs before the file actions) the first terminal opened
            // without O_NOCTTY becomes the controlling terminal: hang-ups, SIGWINCH and Ctrl-Z
            // then reach the program as they do at a local terminal.
            posix_spawn_file_actions_addopen(&actions, 0, terminalPath, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        case .output(let descriptor):
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, descriptor, 1)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        if let store {
            // dup2 onto another number clears close-on-exec; the original is closed below.
            posix_spawn_file_actions_adddup2(&actions, store, storeDescriptor)
        }
        _ = sbs_spawn_add_close_from(&actions, store == nil ? 3 : storeDescriptor + 1)
        _ = sbs_spawn_add_chdir(&actions, workingDirectory)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        // The server ignores SIGPIPE and blocks nothing, but a thread's mask is inherited:
        // start the program as a login shell would.
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(
            &attributes, Int16(Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)) | sbs_spawn_setsid_flag())

        let argumentList = [executable] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = argumentList.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var envp: [UnsafeMutablePointer<CChar>?] = environment.sorted { $0.key < $1.key }
            .map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
        guard result == 0 else { throw .system("cannot start \(executable)", result) }
        return pid
    }
}
