/// The exit statuses the tool's commands share: 0 fine, 1 problems in a file, 2 the
/// command itself went wrong.
public enum ExitStatus: Int32, Sendable {
    /// A storyboard has errors.
    case problems = 1
    /// Bad arguments, or a file that cannot be read.
    case usage = 2
}

/// A command that could not do its work: a status and one line for standard error.
public struct CommandFailure: Error {
    public var status: ExitStatus
    public var message: String

    public init(status: ExitStatus, message: String) {
        self.status = status
        self.message = message
    }
}
