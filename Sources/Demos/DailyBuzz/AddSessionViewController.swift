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
    /// The half-typed temperature read back by state restoration, put in the field once the
    /// view has loaded.
    private var restoredTemperature: String?
    /// The inline message under the form when Done can't go through.
    private(set) var problem: String?

    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.action("cancel:", AddSessionViewController.cancel)
        table.action("done:", AddSessionViewController.done)
        return table
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        if let restoredTemperature { temperatureField?.text = restoredTemperature }
        if let selectedCoffee { coffeeLabel?.text = selectedCoffee.name }
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

    // MARK: State restoration

    /// A sheet left half-filled (the app quit, Ctrl-C, the terminal closed) comes back as it
    /// was: the temperature typed so far and the coffee chosen.
    override func encodeRestorableState(with coder: RestorationCoder) {
        coder.encode(temperatureField?.text ?? restoredTemperature ?? "", forKey: "temperature")
        if let selectedCoffee { coder.encode(Int(selectedCoffee.id), forKey: "coffeeID") }
    }

    override func decodeRestorableState(with coder: RestorationCoder) {
        restoredTemperature = coder.decodeString(forKey: "temperature")
        if let id = coder.decodeInt(forKey: "coffeeID") {
            do {
                selectedCoffee = try application?.store?.coffee(id: Int64(id))
            } catch {
                application?.warn(error.description)
            }
        }
        // The list set itself as the delegate when it presented the sheet; a restored sheet
        // finds it where the list presented it from.
        if delegate == nil {
            let presenter = navigationController?.presentingViewController
            let candidates = [presenter] + ((presenter as? NavigationController)?.viewControllers ?? [])
            delegate = candidates.lazy.compactMap { $0 as? AddSessionDelegate }.first
        }
    }
}
