import Testing
import TestSupport

@testable import Flow

/// Lints a storyboard written as XML; fails the test if it doesn't load.
private func lint(_ text: String, registry: ClassRegistry? = nil) throws -> [Diagnostic] {
    let document = try #require(loadStoryboard(text).document)
    return StoryboardLinter.lint(document, registry: registry)
}

private func navigation(_ id: String, root: String) -> String {
    scene(id, kind: "navigationController", """
        <connections><segue destination="\(root)" kind="relationship" relationship="rootViewController" id="\(id)-root"/></connections>
        """)
}

private func button(_ id: String, title: String, _ connections: String = "", key: String? = nil) -> String {
    let attributes = key.map {
        "<userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type=\"string\" keyPath=\"keyEquivalent\" value=\"\($0)\"/></userDefinedRuntimeAttributes>"
    } ?? ""
    return """
        <button id="\(id)"><state key="normal" title="\(title)"/>\(attributes)<connections>\(connections)</connections></button>
        """
}

private func view(_ id: String, _ subviews: String) -> String {
    "<view key=\"view\" id=\"\(id)\"><subviews>\(subviews)</subviews></view>"
}

@Suite struct UnreachableSceneLintTests {
    @Test func aSceneNothingLeadsToIsReported() throws {
        let text = storyboard(initial: "nav", """
            \(navigation("nav", root: "a"))
            \(scene("a"))
            \(scene("orphan", "<navigationItem key=\"navigationItem\" title=\"Lost\" id=\"orphan-item\"/>"))
            """)
        let findings = try lint(text)
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.severity == .warning)
        #expect(finding.location == position(of: "<viewController id=\"orphan\"", in: text))
        #expect(finding.message.contains("\"Lost\""))
        #expect(finding.message.contains("can't be reached"))
    }

    @Test func scenesCodeCanInstantiateAreLeftAlone() throws {
        let text = storyboard(initial: "a", """
            \(scene("a"))
            <scene sceneID="s-b"><objects><viewController storyboardIdentifier="Error" id="b" sceneMemberID="viewController"/></objects></scene>
            """)
        #expect(try lint(text) == [])
    }

    @Test func aFileWithNoInitialSceneIsALibrary() throws {
        let text = storyboard(initial: nil, "\(scene("a"))\(scene("b"))")
        #expect(try lint(text) == [])
    }

    @Test func embedsRelationshipsAndSeguesAllReach() throws {
        let text = storyboard(initial: "tabs", """
            \(scene("tabs", kind: "tabBarController", """
                <connections>
                    <segue destination="one" kind="relationship" relationship="viewControllers" id="t1"/>
                    <segue destination="ref" kind="relationship" relationship="viewControllers" id="t2"/>
                    <segue destination="over" kind="presentation" identifier="Over" id="t3"/>
                </connections>
                """))
            \(scene("one", view("v1", """
                <containerView id="box"><connections><segue destination="child" kind="embed" id="e1"/></connections></containerView>
                """)))
            \(scene("child"))
            \(scene("over"))
            <scene sceneID="s-ref"><objects><viewControllerPlaceholder storyboardName="Other" id="ref" sceneMemberID="viewController"/></objects></scene>
            """)
        #expect(try lint(text) == [])
    }
}

@Suite struct PushWithoutNavigationLintTests {
    @Test func aPushFromTheInitialSceneWillPresent() throws {
        let text = storyboard(initial: "a", """
            \(scene("a", view("v2", button("go", title: "Go", "<segue destination=\"b\" kind=\"show\" identifier=\"Next\" id=\"push\"/>"))))
            \(scene("b"))
            """)
        let findings = try lint(text)
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.location == position(of: "<segue destination=\"b\" kind=\"show\"", in: text))
        #expect(finding.message.contains("\"Next\""))
        #expect(finding.message.contains("as the initial scene"))
        #expect(finding.message.contains("present"))
    }

    @Test func aPushInsideANavigationControllerIsFine() throws {
        let text = storyboard(initial: "nav", """
            \(navigation("nav", root: "a"))
            \(scene("a", view("v3", button("go", title: "Go", "<segue destination=\"b\" kind=\"push\" id=\"push\"/>"))))
            \(scene("b", view("v4", """
                <containerView id="box"><connections><segue destination="c" kind="embed" id="e1"/></connections></containerView>
                """)))
            \(scene("c", view("v5", button("more", title: "More", "<segue destination=\"d\" kind=\"show\" id=\"push2\"/>"))))
            \(scene("d"))
            """)
        // The embedded child sits in the navigation controller too.
        #expect(try lint(text) == [])
    }

    @Test func onePathWithoutANavigationControllerIsEnough() throws {
        let text = storyboard(initial: "nav", """
            \(navigation("nav", root: "a"))
            \(scene("a", view("v6", """
                \(button("push", title: "Push", "<segue destination=\"c\" kind=\"show\" id=\"toC\"/>"))
                \(button("modal", title: "Modal", "<segue destination=\"c\" kind=\"modal\" id=\"presentC\"/>"))
                """)))
            \(scene("c", view("v7", button("next", title: "Next", "<segue destination=\"d\" kind=\"show\" identifier=\"Deeper\" id=\"toD\"/>"))))
            \(scene("d"))
            """)
        let findings = try lint(text)
        #expect(findings.count == 1)
        #expect(findings.first?.location == position(of: "<segue destination=\"d\"", in: text))
        #expect(findings.first?.message.contains("\"Deeper\"") == true)
        #expect(findings.first?.message.contains("when reached by") == true)
    }

    @Test func aDeepRouteIsNamedByItsEndsAndACount() throws {
        // nav → s0 → … → s9 (pushed), s10 presented, then shows with no stack: s10 → s11 → ….
        var scenes = navigation("nav", root: "s0")
        for index in 0..<40 {
            let kind = (index + 1) % 10 == 0 ? "modal" : "show"
            let segue = index < 39 ? "<segue destination=\"s\(index + 1)\" kind=\"\(kind)\" id=\"g\(index)\"/>" : ""
            scenes += scene("s\(index)", view("v-s\(index)", button("b\(index)", title: "Next", segue)))
        }
        let findings = try lint(storyboard(initial: "nav", scenes))
        // Every show from s10 on (s10 → s11 … s38 → s39, but not the modal ones) is a finding.
        #expect(findings.count == 27)
        let deepest = try #require(findings.last?.message)
        // The initial scene, how many are left out, and the last three: never the whole route.
        #expect(deepest.contains("when reached by navigationController \"nav\" → … 36 more → viewController \"s36\" → viewController \"s37\" → viewController \"s38\";"), "\(deepest)")
        #expect(findings.allSatisfy { $0.message.count < 400 })
        // Short routes are named whole.
        #expect(try lint(storyboard(initial: "nav", navigation("nav", root: "s0") + scene("s0", view("v", button("b", title: "Go", "<segue destination=\"x\" kind=\"modal\" id=\"m\"/>"))) + scene("x", view("vx", button("bx", title: "Go", "<segue destination=\"y\" kind=\"show\" id=\"sh\"/>"))) + scene("y"))).first?.message.contains("when reached by navigationController \"nav\" → viewController \"s0\" → viewController \"x\";") == true)
    }

    @Test func tabsWithAndWithoutStacks() throws {
        let text = storyboard(initial: "tabs", """
            \(scene("tabs", kind: "tabBarController", """
                <connections>
                    <segue destination="nav" kind="relationship" relationship="viewControllers" id="t1"/>
                    <segue destination="bare" kind="relationship" relationship="viewControllers" id="t2"/>
                </connections>
                """))
            \(navigation("nav", root: "stacked"))
            \(scene("stacked", view("v8", button("a", title: "A", "<segue destination=\"end\" kind=\"show\" id=\"fine\"/>"))))
            \(scene("bare", view("v9", button("b", title: "B", "<segue destination=\"end\" kind=\"show\" id=\"bad\"/>"))))
            \(scene("end"))
            """)
        let findings = try lint(text)
        #expect(findings.count == 1)
        #expect(findings.first?.location == position(of: "<segue destination=\"end\" kind=\"show\" id=\"bad\"", in: text))
    }

    @Test func customSeguesAreNotGuessed() throws {
        let text = storyboard(initial: "nav", """
            \(navigation("nav", root: "a"))
            \(scene("a", view("v10", button("go", title: "Go", "<segue destination=\"b\" kind=\"custom\" customClass=\"Fade\" id=\"fade\"/>"))))
            \(scene("b", view("v11", button("next", title: "Next", "<segue destination=\"c\" kind=\"show\" id=\"push\"/>"))))
            \(scene("c"))
            """)
        #expect(try lint(text) == [])
    }
}

@Suite struct UnwindDestinationLintTests {
    private func accountRegistry() -> ClassRegistry {
        let registry = ClassRegistry()
        registry.register(AccountPresenter.self, as: "AccountPresenter")
        registry.register(FirstStep.self, as: "FirstStep")
        registry.register(ConfirmStep.self, as: "ConfirmStep")
        return registry
    }

    /// The seed's account flow, with an extra unwind nobody declares.
    private func accountDocument(extra: [SegueSpec] = []) -> StoryboardDocument {
        StoryboardDocument(fileName: "Account.storyboard", initialControllerID: "Root", controllers: [
            Scene.navigation("Root", root: "P"),
            Scene.view("P", customClass: "AccountPresenter", buttons: [("create", "Create")],
                       segues: [Segue.present("Steps", from: .button(id: "create"), style: .formSheet)]),
            Scene.navigation("Steps", root: "S1"),
            Scene.view("S1", customClass: "FirstStep", buttons: [("next", "Next")], segues: [Segue.show("C", from: .button(id: "next"))]),
            Scene.view("C", customClass: "ConfirmStep", barItems: [.item("done", .done), .item("reset", title: "Reset"), .item("x", title: "X")],
                       segues: [Segue.unwind("done:", from: .barButtonItem(id: "done"), identifier: "Done", exit: "C.exit"),
                                Segue.unwind("reset:", from: .barButtonItem(id: "reset"), identifier: "Reset", exit: "C.exit")] + extra),
        ])
    }

    @Test func actionsSomeoneOnTheWayBackDeclaresPass() {
        #expect(StoryboardLinter.lint(accountDocument(), registry: accountRegistry()) == [])
    }

    @Test func anActionNobodyOnTheWayBackDeclaresIsReported() throws {
        let stray = Segue.unwind("nowhere:", from: .barButtonItem(id: "x"), identifier: "Stray", exit: "C.exit")
        let findings = StoryboardLinter.lint(accountDocument(extra: [stray]), registry: accountRegistry())
        #expect(findings.count == 1)
        let message = try #require(findings.first?.message)
        #expect(message.contains("nowhere:"))
        #expect(message.contains("\"Stray\""))
        #expect(message.contains("AccountPresenter, ConfirmStep, FirstStep") == false)
        #expect(message.contains("AccountPresenter, FirstStep"))
    }

    @Test func noRegistryOrNoKnownClassMeansNoOpinion() {
        let stray = Segue.unwind("nowhere:", from: .barButtonItem(id: "x"), exit: "C.exit")
        #expect(StoryboardLinter.lint(accountDocument(extra: [stray]), registry: nil) == [])
        #expect(StoryboardLinter.lint(accountDocument(extra: [stray]), registry: ClassRegistry()) == [])
    }

    @Test func theSourceItselfDoesNotCount() {
        let registry = ClassRegistry()
        registry.register(ListController.self, as: "List")
        let document = StoryboardDocument(fileName: "Self.storyboard", initialControllerID: "N", controllers: [
            Scene.navigation("N", root: "A"),
            Scene.view("A", buttons: [("go", "Go")], segues: [Segue.show("L", from: .button(id: "go"))]),
            Scene.view("L", customClass: "List", buttons: [("back", "Back")],
                       segues: [Segue.unwind("unwindToList:", from: .button(id: "back"), exit: "L.exit")]),
        ])
        #expect(StoryboardLinter.lint(document, registry: registry).count == 1)
    }

    @Test func siblingTabsAndEmbeddedChildrenCount() {
        let registry = ClassRegistry()
        registry.register(ListController.self, as: "List")
        registry.register(PickyContainer.self, as: "Picky")
        let document = StoryboardDocument(fileName: "Tabs.storyboard", initialControllerID: "T", controllers: [
            Scene.tabs("T", ["N1", "N2"]),
            Scene.navigation("N1", root: "L"),
            Scene.view("L", customClass: "List"),
            Scene.navigation("N2", root: "X"),
            Scene.view("X", customClass: "Picky", buttons: [("back", "Back")], containers: ["box"],
                       segues: [Segue.unwind("unwindToList:", from: .button(id: "back"), exit: "X.exit")]),
        ])
        // L is on no path to X, but the tab bar holding both searches it.
        #expect(StoryboardLinter.lint(document, registry: registry) == [])
    }
}

@Suite struct KeyClashLintTests {
    private func navigationItem(_ items: String) -> String {
        "<navigationItem key=\"navigationItem\" title=\"Items\" id=\"item\">\(items)</navigationItem>"
    }

    @Test func twoAddButtonsClashOnPlus() throws {
        let text = storyboard(initial: "a", scene("a", navigationItem("""
            <leftBarButtonItems>
                <barButtonItem systemItem="add" id="add1"/>
                <barButtonItem systemItem="add" id="add2"/>
            </leftBarButtonItems>
            """)))
        let findings = try lint(text)
        #expect(findings.count == 1)
        #expect(findings.first?.location == position(of: "<barButtonItem systemItem=\"add\" id=\"add2\"", in: text))
        #expect(findings.first?.message.contains("\"+\"") == true)
    }

    @Test func doneAndSaveClashOnControlS() throws {
        let text = storyboard(initial: "a", scene("a", navigationItem("""
            <barButtonItem key="leftBarButtonItem" systemItem="save" id="save"/>
            <barButtonItem key="rightBarButtonItem" systemItem="done" id="done"/>
            """)))
        let findings = try lint(text)
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("Ctrl-S") == true)
    }

    @Test func aKeyEquivalentOverridesTheDefault() throws {
        let text = storyboard(initial: "a", scene("a", navigationItem("""
            <leftBarButtonItems>
                <barButtonItem systemItem="add" id="add1"/>
                <barButtonItem systemItem="add" id="add2">
                    <userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type="string" keyPath="keyEquivalent" value="n"/></userDefinedRuntimeAttributes>
                </barButtonItem>
            </leftBarButtonItems>
            """)))
        #expect(try lint(text) == [])
    }

    @Test func buttonsAndBarButtonsShareOneKeySpace() throws {
        let text = storyboard(initial: "a", scene("a", """
            \(view("v19", button("save", title: "Save now", key: "c-S")))
            \(navigationItem("<barButtonItem key=\"rightBarButtonItem\" systemItem=\"done\" id=\"done\"/>"))
            """))
        let findings = try lint(text)
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("\"Save now\"") == true)
        #expect(findings.first?.message.contains("Ctrl-S") == true)
    }

    @Test func toolbarItemsShareTheBarsKeySpace() throws {
        let text = storyboard(initial: "a", scene("a", """
            <view key="view" id="v22"><subviews>
                <toolbar id="bar"><items><barButtonItem systemItem="add" id="add-sub"/></items></toolbar>
            </subviews></view>
            <toolbarItems>
                <barButtonItem systemItem="add" id="add-tool"/>
                <barButtonItem systemItem="flexibleSpace" id="space"/>
                <barButtonItem systemItem="done" id="done-tool"/>
            </toolbarItems>
            \(navigationItem("<barButtonItem key=\"rightBarButtonItem\" systemItem=\"save\" id=\"save\"/>"))
            """))
        let messages = try lint(text).map(\.message)
        // The controller's toolbar item and the toolbar subview's both want +; done and save
        // want Ctrl-S.
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.contains { $0.contains("\"+\"") })
        #expect(messages.contains { $0.contains("Ctrl-S") })
    }

    @Test func theSameKeyInTwoScenesIsFine() throws {
        let text = storyboard(initial: "nav", """
            \(navigation("nav", root: "a"))
            \(scene("a", """
                \(view("v20", button("go", title: "Go", "<segue destination=\"b\" kind=\"show\" id=\"push\"/>", key: "g")))
                \(navigationItem("<barButtonItem key=\"rightBarButtonItem\" systemItem=\"add\" id=\"add-a\"/>"))
                """))
            \(scene("b", """
                \(view("v21", button("go2", title: "Go", key: "g")))
                <navigationItem key="navigationItem" title="B" id="item-b"><barButtonItem key="rightBarButtonItem" systemItem="add" id="add-b"/></navigationItem>
                """))
            """)
        #expect(try lint(text) == [])
    }

    @Test func keySpellingsAreNormalized() {
        #expect(StoryboardLinter.normalizedKey("C-s") == "C-s")
        #expect(StoryboardLinter.normalizedKey("c-S") == "C-s")
        #expect(StoryboardLinter.normalizedKey(" C-x ") == "C-x")
        #expect(StoryboardLinter.normalizedKey("ENTER") == "enter")
        #expect(StoryboardLinter.normalizedKey("N") == "N")
        #expect(StoryboardLinter.normalizedKey("n") == "n")
        #expect(StoryboardLinter.normalizedKey("-") == "-")
    }
}
