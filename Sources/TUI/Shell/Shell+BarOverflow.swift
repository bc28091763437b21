import Flow

extension Shell {
    /// The bar buttons no letter was left for, as an action sheet over the screen: choosing
    /// one presses it, Cancel (or Esc) leaves. Every bar button is then reachable from the
    /// keyboard however many a screen has, with the keys, the mouse and a screen reader that
    /// every alert has.
    func presentOverflow(_ items: [BarButtonItem], over top: ViewController) {
        guard !items.isEmpty else { return }
        let sheet = AlertController(title: "More", message: nil)
        for item in items {
            sheet.addAction(.init(title: item.keyName) { [weak item] in item?.tap() })
        }
        sheet.addAction(.init(title: "Cancel", style: .cancel))
        top.present(sheet)
    }
}
