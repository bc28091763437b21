import Flow

/// "Brew Details": coffee, temperature and date of one session, in a grouped static table.
final class BrewDetailsViewController: TableViewController {
    @Outlet var coffeeLabel: Label?
    @Outlet var temperatureLabel: Label?
    @Outlet var dateLabel: Label?

    /// The session to show, handed over in the list's `prepare(for:sender:)`.
    var session: BrewSessionRow?

    /// The talk's "steel": a lighter blue-grey for the values.
    static let steel = RGBColor(red: 0.44, green: 0.5, blue: 0.56)

    override func viewDidLoad() {
        super.viewDidLoad()
        for label in [coffeeLabel, temperatureLabel, dateLabel] { label?.textColor = Self.steel }
        guard let session else { return }
        coffeeLabel?.text = session.coffeeName
        temperatureLabel?.text = TemperatureInput.displayText(fahrenheit: session.temperatureF)
        dateLabel?.text = BrewDateFormat.string(from: session.brewedAt)
    }
}
