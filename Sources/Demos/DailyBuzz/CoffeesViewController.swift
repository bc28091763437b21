import Flow

/// What the coffee list tells Add Session.
protocol CoffeesDelegate: AnyObject {
    func coffeesViewController(_ controller: CoffeesViewController, didSelect coffee: Coffee)
}

/// "Coffees": the list to pick the session's coffee from.
final class CoffeesViewController: TableViewController {
    weak var delegate: CoffeesDelegate?
    /// The coffee already chosen, shown with a checkmark.
    var selectedCoffeeID: Int64?
    private(set) var coffees: [Coffee] = []

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        do {
            coffees = try application?.store?.coffees() ?? []
        } catch {
            application?.warn(error.description)
        }
        tableView?.reloadData()
        if let index = coffees.firstIndex(where: { $0.id == selectedCoffeeID }) {
            tableView?.selectedIndexPath = IndexPath(row: index, section: 0)
        }
    }

    override func numberOfSections(in tableView: TableView) -> Int { 1 }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { coffees.count }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "CoffeeCell", for: indexPath)
        guard coffees.indices.contains(indexPath.row) else { return cell }
        let coffee = coffees[indexPath.row]
        cell.textLabel?.text = coffee.name
        cell.accessoryType = coffee.id == selectedCoffeeID ? .checkmark : .none
        return cell
    }

    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        guard coffees.indices.contains(indexPath.row) else { return }
        delegate?.coffeesViewController(self, didSelect: coffees[indexPath.row])
    }
}
