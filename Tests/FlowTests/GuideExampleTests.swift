import Flow
import Foundation
import Testing
import TestSupport

// guide:begin
/// The Hello scene: greets whoever types a name, and says goodbye by name.
final class HelloViewController: ViewController {
    @Outlet var nameField: TextField?
    @Outlet var greetingLabel: Label?
    private(set) var visits = 1

    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.action("greet:", HelloViewController.greet)
        table.unwind("startOver:", HelloViewController.startOver)
        return table
    }

    var name: String {
        let typed = nameField?.text ?? ""
        return typed.isEmpty ? "stranger" : typed
    }

    func greet() {
        greetingLabel?.text = "Hello, \(name)!"
    }

    override func prepare(for segue: StoryboardSegue, sender: AnyObject?) {
        if segue.identifier == "Leave" {
            segue.destination.navigationItem.title = "Goodbye, \(name)"
        }
    }

    func startOver(_ segue: StoryboardSegue) {
        visits += 1
        nameField?.text = ""
        greetingLabel?.text = "Welcome back."
    }
}
// guide:end

/// The guide's example, run headless: the storyboard in docs/examples and the class above.
@Suite struct GuideExampleTests {
    /// The repository's root, found from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func helloRunsAsTheGuideSays() throws {
        let registry = ClassRegistry()
        registry.register(HelloViewController.self, as: "HelloViewController")
        let application = Application(registry: registry)
        let url = Self.root.appendingPathComponent("docs/examples/Hello.storyboard")
        let storyboard = try application.storyboard(contentsOf: url)
        #expect(storyboard.warnings.isEmpty)
        #expect(StoryboardLinter.lint(storyboard.document, registry: registry).isEmpty)

        let store = try NavigationStore(launching: storyboard, state: "Navigation[HelloViewController]", trace: [
            "root HelloViewController",
            "NavigationController \"Hello\".viewDidLoad",
            "HelloViewController.viewDidLoad",
            "NavigationController \"Hello\".viewWillAppear",
            "HelloViewController.viewWillAppear",
            "NavigationController \"Hello\".viewDidAppear",
            "HelloViewController.viewDidAppear",
        ])
        let driver = store.driver
        let hello = try #require(driver.top as? HelloViewController)
        try store.step(.type("Ada", into: "Your name"), state: "Navigation[HelloViewController]", trace: [])
        try store.step(.tapButton("Greet"), state: "Navigation[HelloViewController]", trace: [
            "HelloViewController ← greet:",
        ])
        #expect(hello.greetingLabel?.text == "Hello, Ada!")

        try store.step(.tapBarButton("Leave"), state: "Navigation[HelloViewController › ViewController \"Goodbye\"]", trace: [
            "HelloViewController.shouldPerformSegue(Leave) → true",
            "segue show \"Leave\" HelloViewController → ViewController \"Goodbye\"",
            "HelloViewController.prepare(Leave)",
            "ViewController \"Goodbye\".viewDidLoad",
            "HelloViewController.viewWillDisappear",
            "ViewController \"Goodbye\".viewWillAppear",
            "HelloViewController.viewDidDisappear",
            "ViewController \"Goodbye\".viewDidAppear",
        ])
        #expect(driver.stack == ["Hello", "Goodbye, Ada"])
        #expect(driver.barButtons.isEmpty)

        try store.step(.tapButton("Start Over"), state: "Navigation[HelloViewController]", trace: [
            "ViewController \"Goodbye\".shouldPerformSegue(StartOver) → true",
            "segue unwind \"StartOver\" ViewController \"Goodbye\" → HelloViewController",
            "ViewController \"Goodbye\".prepare(StartOver)",
            "HelloViewController.startOver:",
            "ViewController \"Goodbye\".viewWillDisappear",
            "HelloViewController.viewWillAppear",
            "ViewController \"Goodbye\".viewDidDisappear",
            "HelloViewController.viewDidAppear",
            "ViewController \"Goodbye\" released",
        ])
        #expect(driver.top === hello)
        #expect(hello.visits == 2)
        #expect(hello.nameField?.text == "")
        #expect(hello.greetingLabel?.text == "Welcome back.")
        #expect(driver.application.trace.lines.contains("HelloViewController.startOver:"))
    }

    @Test func theGuideShowsThisVeryCode() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let begin = try #require(source.range(of: "// guide:begin\n"))
        let end = try #require(source.range(of: "// guide:end"))
        let code = String(source[begin.upperBound..<end.lowerBound])
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/guide.md"), encoding: .utf8)
        #expect(guide.contains(code))
    }
}
