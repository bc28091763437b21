/// A search bar (UIKit's `UISearchBar`): a field whose text filters the rows of a table, the
/// one it heads (a table's `tableHeaderView`) or else its screen's first.
///
/// Real apps filter in code, through the bar's delegate; a storyboard run without that code
/// still narrows the list as the user types, by the rows' text.
public final class SearchBar: View {
    /// The field typing goes into (UIKit's `searchTextField`).
    public let searchTextField: TextField

    public init(id: String, spec: ViewSpec? = nil, text: String = "", placeholder: String? = nil) {
        searchTextField = TextField(id: id + ".field", text: text, placeholder: placeholder)
        super.init(id: id, spec: spec)
        searchTextField.onTextChange = { [weak self] in self?.textDidChange() }
    }

    /// The text searched for.
    public var text: String {
        get { searchTextField.text }
        set { searchTextField.setText(newValue) }
    }

    /// What the empty field says ("Search").
    public var placeholder: String? {
        get { searchTextField.placeholder }
        set { searchTextField.placeholder = newValue }
    }

    /// The field's text changed: the table shows the rows that match it.
    func textDidChange() {
        filteredTable?.filterText = text
    }

    override func setOwner(_ controller: ViewController?) {
        super.setOwner(controller)
        searchTextField.setOwner(controller)
    }
}
