/// An action a kind of view or container defines for the keys it adds to its screen (a tab
/// bar's digits, a page view's arrows, a search bar's `/` and Esc), carried by
/// `ShellCommand.owned`. The shell hands it to whatever added the binding, and only the kind
/// that defined the action's type reads it back, so the shell's commands name no kind.
public struct OwnedAction: Hashable, Sendable {
    private let value: any Hashable & Sendable

    init(_ value: some Hashable & Sendable) { self.value = value }

    /// The action, if it is one of `type`, the kind's own.
    func `as`<Action>(_ type: Action.Type) -> Action? { value as? Action }

    public static func == (lhs: OwnedAction, rhs: OwnedAction) -> Bool { AnyHashable(lhs.value) == AnyHashable(rhs.value) }

    public func hash(into hasher: inout Hasher) { AnyHashable(value).hash(into: &hasher) }
}

extension ShellCommand {
    /// The command carrying `action`, a kind's own (see `OwnedAction`).
    static func owned(_ action: some Hashable & Sendable) -> ShellCommand { .owned(OwnedAction(action)) }

    /// The kind's own action this command carries, if it is one of `type`.
    func owned<Action>(_ type: Action.Type) -> Action? {
        guard case .owned(let action) = self else { return nil }
        return action.as(type)
    }
}
