import ArgumentParser
import CommandSupport
import Flow
import Glibc

/// `storyboard serve`: hands over to `storyboard-server`, the program beside this one that
/// holds the SSH server.
///
/// The server's code (swift-nio, swift-nio-ssh, swift-crypto, and the full Foundation they
/// bring) lives in a program of its own, so `storyboard run`, which every session and every
/// local user starts, carries none of it: linked in, it cost each start about 1.5 ms and
/// 2 MiB of resident memory it never used. The server runs sessions with this program, whose
/// path it is given.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a storyboard (or the launcher) over SSH: each client gets its own session.",
        discussion: "Runs storyboard-server, installed beside this program; `storyboard serve --help` lists its options.")

    @Argument(parsing: .captureForPassthrough, help: "The server's arguments (see `storyboard serve --help`).")
    var arguments: [String] = []

    func run() throws {
        let own = RunningProgram.path
        let server = RunningProgram.directory + "/storyboard-server"
        guard access(server, X_OK) == 0 else {
            StandardError.report("\(DiagnosticText.escaped(server)) is missing; it is built beside storyboard (see the README)")
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        let argv = [server, "--app-executable", own] + arguments
        var pointers = argv.map { strdup($0) } + [nil]
        execv(server, &pointers)
        StandardError.report("cannot start \(DiagnosticText.escaped(server)): \(String(cString: strerror(errno)))")
        throw ExitCode(ExitStatus.usage.rawValue)
    }
}
