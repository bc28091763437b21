import Flow
import Testing
import TestSupport

/// Each row of the appearance-order table, as a test.
@Suite struct LifecycleOrderTests {
    @Test func pushCallsInUIKitOrder() throws {
        let driver = try launch([
            Scene.navigation("N", root: "A"),
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
            Scene.view("B"),
        ], initial: "N")
        driver.application.trace.clear()
        try driver.tapButton("Go")
        #expect(driver.application.trace.sceneCalls(["A", "B"]) == [
            "A.prepare", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "A.viewDidDisappear", "B.viewDidAppear",
        ])
        #expect(driver.stack == ["A", "B"])
    }

    @Test func popCallsInUIKitOrderAndReleases() throws {
        let driver = try launch([
            Scene.navigation("N", root: "A"),
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
            Scene.view("B"),
        ], initial: "N")
        try driver.tapButton("Go")
        driver.application.trace.clear()
        try driver.tapBack()
        #expect(driver.application.trace.sceneCalls(["A", "B"]) == [
            "B.viewWillDisappear", "A.viewWillAppear", "B.viewDidDisappear", "A.viewDidAppear", "B released",
        ])
        #expect(driver.stack == ["A"])
    }

    @Test func popToRootIsOneTransitionAndHiddenControllersGetNoCalls() throws {
        let driver = try launch([
            Scene.navigation("N", root: "A"),
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("B", from: .button(id: "go"))]),
            Scene.view("B", buttons: [("go", "Go")], segues: [Segue.show("C", from: .button(id: "go"))]),
            Scene.view("C"),
        ], initial: "N")
        try driver.tapButton("Go")
        try driver.tapButton("Go")
        #expect(driver.stack == ["A", "B", "C"])
        driver.application.trace.clear()
        driver.top.navigationController?.popToRootViewController()
        #expect(driver.application.trace.sceneCalls(["A", "B", "C"]) == [
            "C.viewWillDisappear", "A.viewWillAppear", "C.viewDidDisappear", "A.viewDidAppear", "B released", "C released",
        ])
    }

    @Test func setViewControllersTransitionsBetweenOldAndNewTop() throws {
        let (application, storyboard) = makeApplication([
            Scene.navigation("N", root: "A"), Scene.view("A"), Scene.view("B"), Scene.view("C"),
        ], initial: "N")
        let driver = try FlowDriver.launch(storyboard)
        let b = try storyboard.instantiateViewController(withIdentifier: "B")
        let c = try storyboard.instantiateViewController(withIdentifier: "C")
        application.trace.clear()
        driver.top.navigationController?.setViewControllers([b, c])
        #expect(application.trace.sceneCalls(["A", "B", "C"]) == [
            "C.viewDidLoad", "A.viewWillDisappear", "C.viewWillAppear", "A.viewDidDisappear", "C.viewDidAppear", "A released",
        ])
        #expect(driver.stack == ["B", "C"])
    }

    @Test func presentFullScreenCallsInUIKitOrder() throws {
        let driver = try launch([
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.present("B", from: .button(id: "go"))]),
            Scene.view("B"),
        ], initial: "A")
        driver.application.trace.clear()
        try driver.tapButton("Go")
        #expect(driver.application.trace.sceneCalls(["A", "B"]) == [
            "A.prepare", "B.viewDidLoad", "A.viewWillDisappear", "B.viewWillAppear", "B.viewDidAppear", "A.viewDidDisappear",
        ])
        #expect(driver.top.presentingViewController?.debugName == "ViewController \"A\"")
    }

    @Test func dismissFullScreenCallsInUIKitOrder() throws {
        let driver = try launch([
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.present("B", from: .button(id: "go"))]),
            Scene.view("B"),
        ], initial: "A")
        try driver.tapButton("Go")
        driver.application.trace.clear()
        driver.top.dismiss()
        #expect(driver.application.trace.sceneCalls(["A", "B"]) == [
            "B.viewWillDisappear", "A.viewWillAppear", "A.viewDidAppear", "B.viewDidDisappear", "B released",
        ])
        #expect(driver.top.debugName == "ViewController \"A\"")
    }

    @Test(arguments: [PresentationStyle.pageSheet, .formSheet, .overFullScreen, .popover])
    func sheetsLeaveThePresenterAlone(style: PresentationStyle) throws {
        let driver = try launch([
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.present("B", from: .button(id: "go"), style: style)]),
            Scene.view("B"),
        ], initial: "A")
        driver.application.trace.clear()
        try driver.tapButton("Go")
        #expect(driver.application.trace.sceneCalls(["A", "B"]) == [
            "A.prepare", "B.viewDidLoad", "B.viewWillAppear", "B.viewDidAppear",
        ])
        driver.application.trace.clear()
        driver.top.dismiss()
        #expect(driver.application.trace.sceneCalls(["A", "B"]) == [
            "B.viewWillDisappear", "B.viewDidDisappear", "B released",
        ])
    }

    @Test func dismissingSeveralPresentationsShowsOnlyTheTopLeaving() throws {
        let driver = try launch([
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.present("B", from: .button(id: "go"))]),
            Scene.view("B", buttons: [("go", "Go")], segues: [Segue.present("C", from: .button(id: "go"))]),
            Scene.view("C"),
        ], initial: "A")
        try driver.tapButton("Go")
        try driver.tapButton("Go")
        #expect(driver.presentationDepth == 2)
        let a = driver.application.rootViewController
        driver.application.trace.clear()
        a?.dismiss()
        #expect(driver.application.trace.sceneCalls(["A", "B", "C"]) == [
            "C.viewWillDisappear", "A.viewWillAppear", "A.viewDidAppear", "C.viewDidDisappear", "B released", "C released",
        ])
        #expect(driver.presentationDepth == 0)
    }

    @Test func embedRunsPrepareAndLoadsTheChildBeforeTheContainersViewDidLoad() throws {
        let driver = try launch([
            Scene.view("Host", containers: ["box"], segues: [Segue.embed("Child", container: "box", identifier: "embedChild")]),
            Scene.view("Child"),
        ], initial: "Host")
        #expect(driver.application.trace.sceneCalls(["Host", "Child"]).prefix(3) == [
            "Host.prepare", "Child.viewDidLoad", "Host.viewDidLoad",
        ])
        #expect(driver.top.children.first?.debugName == "ViewController \"Child\"")
        let container = driver.top.view.first(ContainerView.self)
        #expect(container?.embeddedViewController?.debugName == "ViewController \"Child\"")
        // The embedded child appears with its container.
        #expect(driver.application.trace.sceneCalls(["Child"]).contains("Child.viewDidAppear"))
    }
}
