import Flow
import Foundation
import Testing
import TestSupport

final class RestorableEditor: ViewController {
    var colorName = ""
    override func encodeRestorableState(with coder: RestorationCoder) {
        coder.encode(colorName, forKey: "name")
    }
    override func decodeRestorableState(with coder: RestorationCoder) {
        colorName = coder.decodeString(forKey: "name") ?? ""
    }
}

@Suite struct RestorationTests {
    func scenes() -> [ControllerSpec] {
        [
            Scene.navigation("N", root: "P", restorationID: "nav"),
            Scene.view("P", title: "Colors", restorationID: "palette", buttons: [("new", "New"), ("edit", "Edit")], segues: [
                Segue.present("EN", from: .button(id: "new")), Segue.show("E", from: .button(id: "edit")),
            ]),
            Scene.navigation("EN", root: "E", restorationID: "editorNav"),
            Scene.view("E", title: "Color", customClass: "Editor", restorationID: "editor"),
        ]
    }

    func relaunch(_ data: Data, scenes: [ControllerSpec]? = nil) throws -> (FlowDriver, Application) {
        let registry = ClassRegistry()
        registry.register(RestorableEditor.self, as: "Editor")
        let (application, storyboard) = makeApplication(scenes ?? self.scenes(), initial: "N", registry: registry)
        try application.restoreState(from: data, storyboard: storyboard)
        return (FlowDriver(application: application), application)
    }

    func launched() throws -> FlowDriver {
        let registry = ClassRegistry()
        registry.register(RestorableEditor.self, as: "Editor")
        return try launch(scenes(), initial: "N", registry: registry)
    }

    /// The palette launched on the exhaustive step.
    func launchedStore(scenes: [ControllerSpec]? = nil) throws -> NavigationStore {
        let registry = ClassRegistry()
        registry.register(RestorableEditor.self, as: "Editor")
        return try NavigationStore(scenes ?? self.scenes(), initial: "N", registry: registry, state: "Navigation[ViewController \"Colors\"]", trace: [
            "root ViewController \"Colors\"",
            "NavigationController \"N\".viewDidLoad",
            "ViewController \"Colors\".viewDidLoad",
            "NavigationController \"N\".viewWillAppear",
            "ViewController \"Colors\".viewWillAppear",
            "NavigationController \"N\".viewDidAppear",
            "ViewController \"Colors\".viewDidAppear",
        ])
    }

    /// Relaunches from `data` on the exhaustive step: the relaunch's state and trace are its
    /// first step's.
    func relaunchStore(_ data: Data, state: String, trace: [String]) throws -> NavigationStore {
        let registry = ClassRegistry()
        registry.register(RestorableEditor.self, as: "Editor")
        let (application, storyboard) = makeApplication(scenes(), initial: "N", registry: registry)
        return try withExtendedLifetime(application) {
            try NavigationStore(restoring: data, into: storyboard, state: state, trace: trace)
        }
    }

    @Test func aPushedEditorComesBackWithItsStateAndBackStack() throws {
        let store = try launchedStore()
        try store.step(.tapButton("Edit"), state: "Navigation[ViewController \"Colors\" › Editor]", trace: [
            "ViewController \"Colors\".shouldPerformSegue() → true",
            "segue show ViewController \"Colors\" → Editor",
            "ViewController \"Colors\".prepare()",
            "Editor.viewDidLoad",
            "ViewController \"Colors\".viewWillDisappear",
            "Editor.viewWillAppear",
            "ViewController \"Colors\".viewDidDisappear",
            "Editor.viewDidAppear",
        ])
        (store.driver.top as? RestorableEditor)?.colorName = "Teal"
        let data = try #require(store.driver.application.encodeRestorationState())
        let restored = try relaunchStore(data, state: "Navigation[ViewController \"Colors\" › Editor]", trace: [
            "root Editor",
            "NavigationController \"N\".viewDidLoad",
            "Editor.viewDidLoad",
            "NavigationController \"N\".viewWillAppear",
            "Editor.viewWillAppear",
            "NavigationController \"N\".viewDidAppear",
            "Editor.viewDidAppear",
        ])
        #expect((restored.driver.top as? RestorableEditor)?.colorName == "Teal")
        try restored.step(.back, state: "Navigation[ViewController \"Colors\"]", trace: [
            "pop Editor → ViewController \"Colors\"",
            "ViewController \"Colors\".viewDidLoad",
            "Editor.viewWillDisappear",
            "ViewController \"Colors\".viewWillAppear",
            "Editor.viewDidDisappear",
            "ViewController \"Colors\".viewDidAppear",
            "Editor released",
        ])
    }

    @Test func aPresentedEditorComesBackPresented() throws {
        let store = try launchedStore()
        try store.step(.tapButton("New"), state: "Navigation[ViewController \"Colors\"] ⇒ fullScreen Navigation[Editor]", trace: [
            "ViewController \"Colors\".shouldPerformSegue() → true",
            "segue present ViewController \"Colors\" → NavigationController \"EN\"",
            "ViewController \"Colors\".prepare()",
            "NavigationController \"EN\".viewDidLoad",
            "Editor.viewDidLoad",
            "NavigationController \"N\".viewWillDisappear",
            "ViewController \"Colors\".viewWillDisappear",
            "NavigationController \"EN\".viewWillAppear",
            "Editor.viewWillAppear",
            "NavigationController \"EN\".viewDidAppear",
            "Editor.viewDidAppear",
            "NavigationController \"N\".viewDidDisappear",
            "ViewController \"Colors\".viewDidDisappear",
        ])
        (store.driver.top as? RestorableEditor)?.colorName = "Blue"
        let data = try #require(store.driver.application.encodeRestorationState())
        let restored = try relaunchStore(data, state: "Navigation[ViewController \"Colors\"] ⇒ fullScreen Navigation[Editor]", trace: [
            "root ViewController \"Colors\"",
            "NavigationController \"EN\".viewDidLoad",
            "Editor.viewDidLoad",
            "NavigationController \"EN\".viewWillAppear",
            "Editor.viewWillAppear",
            "NavigationController \"EN\".viewDidAppear",
            "Editor.viewDidAppear",
        ])
        #expect((restored.driver.top as? RestorableEditor)?.colorName == "Blue")
        try restored.step(.dismiss, state: "Navigation[ViewController \"Colors\"]", trace: [
            "dismiss Editor → ViewController \"Colors\"",
            "NavigationController \"N\".viewDidLoad",
            "ViewController \"Colors\".viewDidLoad",
            "NavigationController \"EN\".viewWillDisappear",
            "Editor.viewWillDisappear",
            "NavigationController \"N\".viewWillAppear",
            "ViewController \"Colors\".viewWillAppear",
            "NavigationController \"N\".viewDidAppear",
            "ViewController \"Colors\".viewDidAppear",
            "NavigationController \"EN\".viewDidDisappear",
            "Editor.viewDidDisappear",
            "NavigationController \"EN\" released",
            "Editor released",
        ])
    }

    @Test func corruptForeignOrStaleStateIsRefused() throws {
        let driver = try launched()
        try driver.tapButton("Edit")
        let data = try #require(driver.application.encodeRestorationState())
        #expect(throws: RestorationError.unreadable("not valid JSON")) { try relaunch(Data("{not json".utf8)) }
        let rootless = #"{"format":"storyboard-restoration","version":1,"storyboard":"Test"}"#
        #expect(throws: RestorationError.unreadable("no root field")) { try relaunch(Data(rootless.utf8)) }
        #expect(throws: RestorationError.unreadable("a field has the wrong type")) { try relaunch(Data(#"{"format":1}"#.utf8)) }
        var other = scenes()
        other[3].restorationIdentifier = "renamed"
        #expect(throws: RestorationError.stale("scene E is no longer editor")) { try relaunch(data, scenes: other) }
        let foreign = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"Test\"", with: "\"Other\"")
        #expect(throws: RestorationError.foreign(storyboard: "Other", expected: "Test")) { try relaunch(Data(foreign.utf8)) }
        let future = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"version\":2", with: "\"version\":9")
        #expect(throws: RestorationError.wrongVersion(found: 9, expected: 2)) { try relaunch(Data(future.utf8)) }
    }

    @Test func controllersWithoutAnIdentifierEndTheSavedPath() throws {
        var scenes = scenes()
        scenes[3].restorationIdentifier = nil
        let store = try launchedStore(scenes: scenes)
        try store.step(.tapButton("Edit"), state: "Navigation[ViewController \"Colors\" › Editor]", trace: [
            "ViewController \"Colors\".shouldPerformSegue() → true",
            "segue show ViewController \"Colors\" → Editor",
            "ViewController \"Colors\".prepare()",
            "Editor.viewDidLoad",
            "ViewController \"Colors\".viewWillDisappear",
            "Editor.viewWillAppear",
            "ViewController \"Colors\".viewDidDisappear",
            "Editor.viewDidAppear",
        ])
        let data = try #require(store.driver.application.encodeRestorationState())
        let (restored, _) = try relaunch(data, scenes: scenes)
        _ = try NavigationStore(driver: restored, state: "Navigation[ViewController \"Colors\"]", trace: [
            "root ViewController \"Colors\"",
            "NavigationController \"N\".viewDidLoad",
            "ViewController \"Colors\".viewDidLoad",
            "NavigationController \"N\".viewWillAppear",
            "ViewController \"Colors\".viewWillAppear",
            "NavigationController \"N\".viewDidAppear",
            "ViewController \"Colors\".viewDidAppear",
        ])
    }
}
