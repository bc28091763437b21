import Flow

extension Shell {
    /// Typing into the frame's active text field; true when the key was taken as editing.
    func handleTextInput(_ key: Key, frame: Frame) -> Bool {
        guard let field = frame.activeTextField else { return false }
        var characters = Array(field.text)
        var cursor = min(max(state.view(field).cursor ?? characters.count, 0), characters.count)
        func moveCursor(to position: Int) -> Bool {
            updateState { $0.updateView(field) { $0.cursor = position } }
            return true
        }
        switch key {
        case .char(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .paste(let text):
            // One line: line breaks become spaces, other controls are dropped.
            let cleaned = text.map { $0.isNewline ? " " : $0 }.filter { !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) }
            characters.insert(contentsOf: cleaned, at: cursor)
            cursor += cleaned.count
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .ctrl("d"):
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .left:
            return moveCursor(to: max(0, cursor - 1))
        case .right:
            return moveCursor(to: min(characters.count, cursor + 1))
        case .home, .ctrl("a"):
            return moveCursor(to: 0)
        case .end, .ctrl("e"):
            return moveCursor(to: characters.count)
        case .ctrl("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        default:
            return false
        }
        updateState { $0.updateView(field) { $0.cursor = cursor } }
        field.setText(String(characters))
        return true
    }
}
