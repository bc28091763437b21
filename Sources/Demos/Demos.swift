import Flow

/// The demo apps bundled with the shell.
public enum Demos {
    /// A registry holding every demo's classes.
    public static func registry() -> ClassRegistry {
        let registry = ClassRegistry()
        DailyBuzz.register(in: registry)
        Colorboard.register(in: registry)
        Tour.register(in: registry)
        registry.register(LauncherViewController.self, as: "LauncherViewController")
        return registry
    }
}
