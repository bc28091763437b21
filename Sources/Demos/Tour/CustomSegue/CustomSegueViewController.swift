import Flow

/// "Custom Segue": a Next button whose segue has its own class, `DissolveSegue`, and a
/// switch that turns the segue's effect off.
final class CustomSegueViewController: ViewController, TransitionEffectPreference {
    @Outlet var dissolveSwitch: Switch?

    var playsTransitionEffects: Bool { dissolveSwitch?.isOn ?? true }

    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.action("toggleDissolve:", CustomSegueViewController.toggleDissolve)
        return table
    }

    /// The switch is read when the segue runs; the action only says what changed.
    func toggleDissolve() {
        application?.trace.record(.note("dissolve \(playsTransitionEffects ? "on" : "off")"))
    }
}
