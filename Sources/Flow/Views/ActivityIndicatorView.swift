/// An activity indicator (UIKit's `UIActivityIndicatorView`): a spinner that turns while it
/// animates.
///
/// As in UIKit, one that hides when stopped is hidden while stopped and shown again when it
/// starts: an indicator the storyboard hides is shown by code calling `startAnimating()`.
public final class ActivityIndicatorView: View {
    /// Whether the spinner turns.
    public private(set) var isAnimating: Bool
    /// Whether the indicator is hidden while it is stopped.
    public var hidesWhenStopped: Bool {
        didSet { if hidesWhenStopped, !isAnimating { isHidden = true } }
    }

    public init(id: String, spec: ViewSpec? = nil, isAnimating: Bool = false, hidesWhenStopped: Bool = true) {
        self.isAnimating = isAnimating
        self.hidesWhenStopped = hidesWhenStopped
        super.init(id: id, spec: spec)
        if hidesWhenStopped, !isAnimating { isHidden = true }
    }

    /// Starts the spinner, showing an indicator that hides when stopped.
    public func startAnimating() {
        isAnimating = true
        if hidesWhenStopped { isHidden = false }
    }

    /// Stops the spinner, hiding an indicator that hides when stopped.
    public func stopAnimating() {
        isAnimating = false
        if hidesWhenStopped { isHidden = true }
    }
}
