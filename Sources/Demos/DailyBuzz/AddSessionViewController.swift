import Flow

/// What Add Session tells the list: the user cancelled, or finished with valid values.
protocol AddSessionDelegate: AnyObject {
    func addSessionDidCancel(_ controller: AddSessionViewController)
    func addSession(_ controller: AddSessionViewController, didFinishWith coffee: Coffee, temperatureF: Int)
}

/// "Add Session": a temperature field and a Coffee cell, with Cancel and Done.
final class AddSessionViewController: TableViewController, CoffeesDelegate {
    @Outlet var temperatureField: TextField?
    @Outlet var coffeeLabel: Label?

    weak var delegate: AddSessionDelegate?
    private(set) var selectedCoffee: Coffee?
    /// The inline message under the form when Done can't go through.
    private(set) var problem: String?

    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.action("cancel:", AddSessionViewController.cancel)
        table.action("done:", AddSessionViewController.done)
        return table
    }

    func cancel() {
        delegate?.addSessionDidCancel(self)
    }

    /// Done goes through only with a coffee chosen and a valid temperature; otherwise the
    /// form says what is missing.
    func done() {
        let temperature: Int
        switch TemperatureInput.parse(temperatureField?.text ?? "") {
        case .success(let value):
            temperature = value
        case .failure(let failure):
            showProblem(failure.message)
            return
        }
        guard let coffee = selectedCoffee else {
            showProblem("Choose a coffee first.")
            return
        }
        problem = nil
        delegate?.addSession(self, didFinishWith: coffee, temperatureF: temperature)
    }

    func showProblem(_ message: String) {
        problem = message
        tableView?.reloadData()
    }

    override func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? {
        section == numberOfSections(in: tableView) - 1 ? problem : super.tableView(tableView, titleForFooterInSection: section)
    }

    override func prepare(for segue: StoryboardSegue, sender: AnyObject?) {
        if segue.identifier == "ShowCoffees", let coffees = segue.destination as? CoffeesViewController {
            coffees.delegate = self
            coffees.selectedCoffeeID = selectedCoffee?.id
        }
    }

    // MARK: CoffeesDelegate

    func coffeesViewController(_ controller: CoffeesViewController, didSelect coffee: Coffee) {
        selectedCoffee = coffee
        coffeeLabel?.text = coffee.name
        if problem == "Choose a coffee first." { problem = nil }
        navigationController?.popViewController()
    }
}
