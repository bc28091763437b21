import ArgumentParser
import Glibc

extension ParsableCommand {
    /// ArgumentParser's own `main`, except that usage errors exit with 2 (its default is 64),
    /// so scripts see 0 = fine, 1 = problems in a file, 2 = the command itself went wrong.
    public static func mainExitingTwoOnUsageErrors() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                StandardError.write(fullMessage(for: error) + "\n")
                Glibc.exit(ExitStatus.usage.rawValue)
            }
            exit(withError: error)
        }
    }
}
