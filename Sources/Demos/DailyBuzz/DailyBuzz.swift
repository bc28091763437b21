import Flow

/// The Daily Buzz demo: a coffee brewing log, from the 2011 storyboarding talk.
public enum DailyBuzz {
    /// Registers the app's controller and cell classes under their storyboard names.
    public static func register(in registry: ClassRegistry) {
        registry.register(BrewSessionsViewController.self, as: "BrewSessionsViewController")
        registry.register(BrewDetailsViewController.self, as: "BrewDetailsViewController")
        registry.register(AddSessionViewController.self, as: "AddSessionViewController")
        registry.register(CoffeesViewController.self, as: "CoffeesViewController")
        registry.register(cell: BrewSessionCell.self, as: "BrewSessionCell")
    }
}
