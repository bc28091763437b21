import Glibc

/// Runs `git` with arguments (found on `PATH`), for `setup-git`: its exit status and what it
/// printed on standard output.
enum GitProgram {
    struct Outcome {
        var status: Int32
        var output: String
    }

    static func run(_ arguments: [String], in directory: String? = nil) -> Outcome {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { return Outcome(status: -1, output: "") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        // git's own complaints ("not a git repository") are the caller's to word.
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        var all = ["git"]
        if let directory { all += ["-C", directory] }
        all += arguments
        var argv: [UnsafeMutablePointer<CChar>?] = all.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, "git", &actions, nil, &argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            return Outcome(status: -1, output: "")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7F) == 0
        return Outcome(status: exited ? (status >> 8) & 0xFF : -1, output: String(decoding: bytes, as: UTF8.self))
    }
}
