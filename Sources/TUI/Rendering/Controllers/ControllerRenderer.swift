import Flow

/// How a kind of container controller shows in a terminal: what it draws around its
/// children (a bar, a row of tabs, columns) and which of them it draws where, what a click on
/// its parts does (a tab, a column, the back button) and the keys it adds to the screens in
/// it (a page view's ← and →).
///
/// Containers conform in files of their own (`NavigationController+Presentation.swift`);
/// any other controller draws as a screen of content (`ContentScreen`).
protocol ContainerPresentation: ViewController, HitTarget, ScreenBindingSource {
    /// Draws the container and the children it shows into `rect`.
    func drawContainer(in rect: Rect, into frame: inout Frame, context: DrawContext)
    /// Tells the key context of `top`, a screen inside it, the columns it shows side by side
    /// that Tab and Esc move between (a split view's); by default, none.
    func addColumns(to keys: inout KeyContext, top: ViewController)
    /// Where it places `top`, a screen inside it, in the words a screen reader says as the
    /// scene appears (a tab bar's `tab 1 of 2`); by default, nothing.
    func spokenPosition(of top: ViewController) -> String?
}

extension ContainerPresentation {
    func click(_ part: HitPart, input: inout InputContext) {}
    func addColumns(to keys: inout KeyContext, top: ViewController) {}
    func spokenPosition(of top: ViewController) -> String? { nil }
}

/// A container whose children show side by side as columns the keys move between.
protocol ColumnContainer: AnyObject {
    /// Gives the keys to the column `offset` columns from the focused one; false when there
    /// is none there.
    @discardableResult func focusColumn(offset: Int) -> Bool
}

extension ViewController {
    /// How this controller draws as a container, when it is one. A container is found by its
    /// conformance, so a new one needs nothing here; Flow's own are found by class first,
    /// and only containers are looked up at all (a protocol lookup costs more than drawing
    /// a row, and most controllers are not containers).
    var containerPresentation: ContainerPresentation? {
        switch self {
        case let navigation as NavigationController: navigation
        case let tabs as TabBarController: tabs
        case let split as SplitViewController: split
        case let pages as PageViewController: pages
        default: isContainer ? self as? ContainerPresentation : nil
        }
    }

    /// How this controller draws and takes keys when it is presented whole over everything
    /// (an alert). Flow's own is found by class first; any other presented controller by its
    /// conformance, and only presented ones are looked up at all.
    var modalPresentation: ModalPresentation? {
        switch self {
        case let alert as AlertController: alert
        default: presentingViewController == nil ? nil : self as? ModalPresentation
        }
    }
}

/// Draws any controller into any rectangle: a container through its presentation, any
/// other controller as a screen of content.
enum ControllerRenderer {
    /// Draws `controller` into `rect` of `frame`. `context.isTop` says whether it is the
    /// screen on top, whose focus shows and whose controls take clicks.
    static func draw(_ controller: ViewController, in rect: Rect, into frame: inout Frame, context: DrawContext) {
        guard rect.width > 0, rect.height > 0 else { return }
        let context = context.with(controller: controller)
        if let container = controller.containerPresentation {
            container.drawContainer(in: rect, into: &frame, context: context)
        } else {
            ContentScreen.draw(controller, in: rect, into: &frame, context: context)
        }
    }
}

/// A controller that shows its own content: a bar when it has a title or bar buttons (a
/// scene presented without a navigation controller still shows them) and places none of its
/// own, then its view.
enum ContentScreen {
    static func draw(_ controller: ViewController, in rect: Rect, into frame: inout Frame, context: DrawContext) {
        drawContent(controller, in: drawBar(of: controller, in: rect, into: &frame, context: context), into: &frame, context: context)
    }

    /// Draws the controller's own bar when it has a title or bar buttons, unless its view
    /// starts with a navigation bar of its own (which shows instead); returns the room left
    /// for its content.
    static func drawBar(of controller: ViewController, in rect: Rect, into frame: inout Frame, context: DrawContext) -> Rect {
        let hasBar = (!(controller.displayTitle ?? "").isEmpty || !controller.navigationItem.allItems.isEmpty)
            && !(controller.isViewLoaded && controller.view.subviews.first.map { type(of: $0) == NavigationBarView.self } == true)
        return hasBar ? NavigationBarDrawing.draw(for: controller, navigation: nil, in: rect, into: &frame, context: context) : rect
    }

    /// Draws a controller's view: a table, a grid, or a form of controls, over its
    /// background colour when it has one, above its toolbar when it shows one.
    static func drawContent(_ controller: ViewController, in rect: Rect, into frame: inout Frame, context: DrawContext) {
        guard rect.width > 0, rect.height > 0 else { return }
        if context.isTop { frame.noteDrawnOnTop(controller) }
        guard controller.isViewLoaded else { return }
        let rect = ToolbarDrawing.draw(for: controller, in: rect, into: &frame, context: context)
        let view = controller.view
        var context = context
        if let background = view.backgroundColor, background.alpha > 0 {
            context.base = Style(foreground: Theme.readableText(on: background), background: Theme.color(background))
            frame.buffer.fill(rect, style: context.base)
        }
        if view.isFormBlock {
            view.presentation?.draw(in: rect, into: &frame, context: context)
        } else if view.subviews.isEmpty, type(of: view) == View.self, let owner = codeOwner(of: controller) {
            // A scene the storyboard leaves empty, whose class builds its view in code that is
            // not here: say so, rather than show a blank screen.
            CodeFilledNote.draw("This scene's content comes from its code (\(owner)).", in: rect, into: &frame, base: context.base)
        } else {
            FormRenderer.draw(view, in: rect, into: &frame, context: context)
        }
    }

    /// The class whose code would fill `controller`'s view, when the storyboard names one
    /// and it is not here to run.
    private static func codeOwner(of controller: ViewController) -> String? {
        guard !controller.runsRegisteredCode, let name = controller.spec?.customClass, !name.isEmpty else { return nil }
        return name
    }
}
