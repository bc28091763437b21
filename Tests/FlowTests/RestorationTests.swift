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

    @Test func aPushedEditorComesBackWithItsStateAndBackStack() throws {
        let driver = try launched()
        try driver.tapButton("Edit")
        (driver.top as? RestorableEditor)?.colorName = "Teal"
        let data = try #require(driver.application.encodeRestorationState())
        let (restored, _) = try relaunch(data)
        #expect(restored.stack == ["Colors", "Color"])
        #expect((restored.top as? RestorableEditor)?.colorName == "Teal")
        try restored.tapBack()
        #expect(restored.stack == ["Colors"])
    }

    @Test func aPresentedEditorComesBackPresented() throws {
        let driver = try launched()
        try driver.tapButton("New")
        (driver.top as? RestorableEditor)?.colorName = "Blue"
        let data = try #require(driver.application.encodeRestorationState())
        let (restored, _) = try relaunch(data)
        #expect(restored.presentationDepth == 1)
        #expect((restored.top as? RestorableEditor)?.colorName == "Blue")
        restored.top.dismiss()
        #expect(restored.presentationDepth == 0)
        #expect(restored.stack == ["Colors"])
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
        let future = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"version\":1", with: "\"version\":9")
        #expect(throws: RestorationError.wrongVersion(found: 9, expected: 1)) { try relaunch(Data(future.utf8)) }
    }

    @Test func controllersWithoutAnIdentifierEndTheSavedPath() throws {
        var scenes = scenes()
        scenes[3].restorationIdentifier = nil
        let driver = try launch(scenes, initial: "N")
        try driver.tapButton("Edit")
        let data = try #require(driver.application.encodeRestorationState())
        let (restored, _) = try relaunch(data, scenes: scenes)
        #expect(restored.stack == ["Colors"])
    }
}
