/// A key a controller handles itself (UIKit's `UIKeyCommand`): shown in the footer and the
/// help screen, and run when pressed while the controller is on top.
public struct KeyCommand {
    /// The key: a single character (`"d"`), or a name: `Delete`, `Backspace`, `Enter`,
    /// `Left`, `Right`, `Up`, `Down`, `F1`…`F12`, `C-x` for Ctrl-x.
    public var input: String
    /// What the key does, as the footer shows it ("Delete", "Lower life").
    public var title: String
    /// Whether a focused text field takes precedence (letters typed into a field are text).
    public var yieldsToTextInput: Bool
    public var action: () -> Void

    public init(input: String, title: String, yieldsToTextInput: Bool = true, action: @escaping () -> Void) {
        self.input = input
        self.title = title
        self.yieldsToTextInput = yieldsToTextInput
        self.action = action
    }
}
