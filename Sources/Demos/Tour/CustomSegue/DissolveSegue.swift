import Flow

/// A controller that decides whether segues leaving it play their effect.
protocol TransitionEffectPreference: AnyObject {
    var playsTransitionEffects: Bool { get }
}

/// A custom segue class: asks the shell for a dissolve, then pushes as a show segue would.
///
/// The effect is skipped when the source says so (``TransitionEffectPreference``); the
/// transition itself always happens.
final class DissolveSegue: StoryboardSegue {
    override func perform() {
        let wantsEffect = (source as? TransitionEffectPreference)?.playsTransitionEffects ?? true
        if wantsEffect {
            source.application?.playTransitionEffect(.dissolve)
        }
        // The standard part: push onto the source's navigation controller (or present when
        // there is none), whatever kind the storyboard gave the segue.
        source.show(destination, sender: self)
    }
}
