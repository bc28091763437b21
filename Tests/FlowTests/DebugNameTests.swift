import Testing
import TestSupport

@testable import Flow

final class NamedController: ViewController {}

/// How traces and warnings name controllers: the class, with the title where the class alone
/// does not say which controller it is.
@Suite struct DebugNameTests {
    @Test func aCustomClassOneSceneUsesIsNamedAlone() throws {
        let registry = ClassRegistry()
        registry.register(NamedController.self, as: "Named")
        let driver = try launch([Scene.view("A", title: "Start", customClass: "Named")], initial: "A", registry: registry)
        #expect(driver.top.debugName == "Named")
    }

    @Test func aClassSeveralScenesShareAddsTheTitle() throws {
        let registry = ClassRegistry()
        registry.register(NamedController.self, as: "Named")
        let (application, storyboard) = makeApplication([
            Scene.view("A", title: "First", customClass: "Named"),
            Scene.view("B", title: "Second", customClass: "Named"),
            Scene.view("C", title: "Third", customClass: "Other"),
        ], initial: "A", registry: registry)
        let names = try ["A", "B", "C"].map { try storyboard.instantiateViewController(withIdentifier: $0).debugName }
        #expect(names == ["Named \"First\"", "Named \"Second\"", "Other"])
        withExtendedLifetime(application) {}
    }

    @Test func aGenericClassAddsTheTitleElseTheIdentifierElseTheRootsTitleElseTheId() throws {
        let application = Application()
        let storyboard = application.storyboard(document: StoryboardDocument(
            fileName: "Names.storyboard", initialControllerID: "N",
            controllers: [
                Scene.navigation("N", root: "A"),
                Scene.view("A", title: "Welcome"),
                ControllerSpec(id: "B", kind: .tableViewController, storyboardIdentifier: "Settings"),
                ControllerSpec(id: "x-1", kind: .viewController),
            ]))
        let navigation = try #require(storyboard.instantiateInitialViewController())
        #expect(navigation.debugName == "NavigationController \"N\"")
        #expect((navigation as? NavigationController)?.topViewController?.debugName == "ViewController \"Welcome\"")
        #expect(try storyboard.instantiateViewController(withIdentifier: "Settings").debugName == "TableViewController \"Settings\"")
        #expect(storyboard.instantiateController(id: "x-1")?.debugName == "ViewController \"x-1\"")
    }

    @Test func aContainerWithNoTitleOrIdentifierIsNamedAfterItsRoot() throws {
        let application = Application()
        let storyboard = application.storyboard(document: StoryboardDocument(
            fileName: "Names.storyboard", initialControllerID: "nav-1",
            controllers: [
                ControllerSpec(
                    id: "nav-1", kind: .navigationController,
                    segues: [SegueSpec(id: "r", kind: .relationship, destinationID: "A", relationship: .rootViewController)]),
                Scene.view("A", title: "Daily Buzz"),
            ]))
        #expect(storyboard.instantiateInitialViewController()?.debugName == "NavigationController \"Daily Buzz\"")
    }

    @Test func controllersMadeInCodeHaveTheirClassAndGenericOnesTheirTitle() {
        #expect(NamedController().debugName == "NamedController")
        let plain = ViewController()
        #expect(plain.debugName == "ViewController")
        plain.title = "Dungeon Plunder"
        #expect(plain.debugName == "ViewController \"Dungeon Plunder\"")
        let navigation = NavigationController(rootViewController: NamedController())
        #expect(navigation.debugName == "NavigationController")
        let titled = ViewController()
        titled.title = "Game"
        #expect(NavigationController(rootViewController: titled).debugName == "NavigationController \"Game\"")
    }
}
