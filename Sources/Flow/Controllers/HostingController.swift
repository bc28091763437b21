/// A scene whose content is a SwiftUI view (UIKit's `UIHostingController`).
///
/// A storyboard holds no SwiftUI: the hosted view is made by the app's code, which a terminal
/// does not have. The scene stands in for it with what the storyboard does say: which class
/// hosts the view (and the view it names, by the usual `…HostingController` naming), and a
/// button for each segue the scene owns, which the SwiftUI view's code would perform, so
/// the flow never ends at a hosting controller.
open class HostingController: ViewController {
    /// The action every segue button sends; the button's id names the segue.
    static let segueAction = "performHostedSegue:"
    private static let segueButtonPrefix = "hosted-segue."

    public required init() { super.init() }

    /// The SwiftUI view the class name says it hosts (`BeaconViewHostingController` hosts
    /// `BeaconView`), nil when the name does not say.
    public var hostedViewName: String? {
        guard let className = spec?.customClass else { return nil }
        for suffix in ["HostingController", "HostingViewController", "HostingVC", "HostVC", "Host"]
        where className.hasSuffix(suffix) && className.count > suffix.count {
            return String(className.dropLast(suffix.count))
        }
        return nil
    }

    /// The segues the hosted view's code could perform: the scene's own segues (not its
    /// embeds and relationships), in file order.
    public var hostedSegues: [SegueSpec] {
        spec?.segues.filter { $0.owner == .controller && $0.kind != .embed && $0.kind != .relationship } ?? []
    }

    open override func loadView() {
        let root = StackView(id: "hosting", axis: .vertical)
        let headline = hostedViewName.map { "SwiftUI: \($0)" } ?? "A SwiftUI view"
        root.addSubview(Label(id: "hosting.headline", text: headline, isBold: true))
        root.addSubview(Label(id: "hosting.host", text: "Hosted by \(spec?.customClass ?? "a UIHostingController")."))
        root.addSubview(Label(id: "hosting.code", text: "Its code makes the view: a storyboard holds no SwiftUI."))
        let segues = hostedSegues
        if !segues.isEmpty {
            root.addSubview(Label(id: "hosting.segues", text: "The view's code can perform these segues:"))
        }
        for segue in segues {
            let button = Button(id: Self.segueButtonPrefix + segue.id, title: buttonTitle(for: segue))
            button.addAction(Self.segueAction, for: .touchUpInside)
            root.addSubview(button)
        }
        view = root
    }

    /// A segue button's title: its identifier, else where it goes.
    private func buttonTitle(for segue: SegueSpec) -> String {
        if let identifier = segue.identifier, !identifier.isEmpty { return identifier }
        if segue.kind == .unwind { return "Unwind \(segue.unwindAction ?? "")" }
        return storyboard?.document.controller(id: segue.destinationID).map { $0.title ?? $0.storyboardIdentifier ?? $0.id } ?? segue.destinationID
    }

    open override class var actionTable: ActionTable {
        var table = super.actionTable
        table.action(segueAction, HostingController.performHostedSegue)
        return table
    }

    /// Performs the segue a button stands for, as the hosted view's code would.
    func performHostedSegue(_ sender: AnyObject?) {
        guard let button = sender as? View, button.id.hasPrefix(Self.segueButtonPrefix) else { return }
        triggerSegue(id: String(button.id.dropFirst(Self.segueButtonPrefix.count)), sender: button)
    }
}
