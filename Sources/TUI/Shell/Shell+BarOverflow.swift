import Flow

extension Shell {
    /// The bar buttons no letter was left for, as an action sheet over the screen: choosing
    /// one presses it, Cancel (or Esc) leaves. Every bar button is then reachable from the
    /// keyboard however many a screen has, with the keys, the mouse and a screen reader that
    /// every alert has.
    func presentOverflow(_ items: [BarButtonItem], over top: ViewController) {
        guard let sheet = Self.overflowSheet(items) else { return }
        top.present(sheet)
    }

    /// The action sheet listing `items`, nil when there are none. A live reload makes it
    /// again over the rebuilt screen from the items of the same ids it has, with their titles
    /// as the file now says (an item the file lost leaves the list).
    static func overflowSheet(_ items: [BarButtonItem]) -> AlertController? {
        guard !items.isEmpty else { return nil }
        let sheet = AlertController(title: "More", message: nil)
        for item in items {
            sheet.addAction(.init(title: item.keyName) { [weak item] in item?.tap() })
        }
        sheet.addAction(.init(title: "Cancel", style: .cancel))
        let ids = items.map(\.id)
        sheet.remakeAfterReload = { screen in
            let shown = KeyContext(application: screen.application, top: screen, focusables: [], typing: false).barItems
            return overflowSheet(ids.compactMap { id in shown.first { $0.item.id == id }?.item })
        }
        return sheet
    }
}
