import Flow

/// The Colorboard demo: a colour picker with a palette, from the storyboards chapter.
public enum Colorboard {
    /// Registers the app's controller classes under their storyboard names.
    public static func register(in registry: ClassRegistry) {
        registry.register(PaletteViewController.self, as: "BNRPaletteViewController")
        registry.register(ColorViewController.self, as: "BNRColorViewController")
    }
}
