import Flow

/// The segue tour: small working flows from the 2012 "Adopting Storyboards" talk, one per row
/// of its start screen (events, account sign-up, the dungeon game, states, a custom segue).
public enum Tour {
    /// Registers the tour's controller, cell and segue classes under their storyboard names.
    public static func register(in registry: ClassRegistry) {
        registry.register(TourViewController.self, as: "TourViewController")
        // Events
        registry.register(EventsViewController.self, as: "EventsViewController")
        registry.register(EventMapViewController.self, as: "EventMapViewController")
        registry.register(EventDetailsViewController.self, as: "EventDetailsViewController")
        // Account
        registry.register(AccountViewController.self, as: "AccountViewController")
        registry.register(NameStepViewController.self, as: "NameStepViewController")
        registry.register(EmailStepViewController.self, as: "EmailStepViewController")
        registry.register(ConfirmStepViewController.self, as: "ConfirmStepViewController")
        // Dungeon
        registry.register(DungeonTabBarController.self, as: "DungeonTabBarController")
        registry.register(DungeonMapViewController.self, as: "DungeonMapViewController")
        registry.register(ServerErrorViewController.self, as: "ServerErrorViewController")
        registry.register(InventoryViewController.self, as: "InventoryViewController")
        registry.register(ItemDetailViewController.self, as: "ItemDetailViewController")
        registry.register(cell: InventoryItemCell.self, as: "InventoryItemCell")
        // States
        registry.register(StatesViewController.self, as: "StatesViewController")
        registry.register(StateDetailViewController.self, as: "StateDetailViewController")
        registry.register(RegionMapViewController.self, as: "RegionMapViewController")
        // Custom segue
        registry.register(CustomSegueViewController.self, as: "CustomSegueViewController")
        registry.register(segue: DissolveSegue.self, as: "DissolveSegue")
    }
}
