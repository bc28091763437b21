import Testing
import TestSupport

@testable import Flow

/// The storyboard's accessibility, in every form Xcode has written it, as the loader keeps it
/// on views, cells, bar button items and tab bar items; the words an image-only control
/// shows; and the lint about such a control with no label.
@Suite struct AccessibilityLoadingTests {
    /// A form holding one element of each shape, in the forms Xcode writes.
    static let text = storyboard(initial: "nav", """
        <scene sceneID="s-nav"><objects>
            <navigationController id="nav" sceneMemberID="viewController">
                <connections><segue destination="form" kind="relationship" relationship="rootViewController" id="root"/></connections>
            </navigationController>
        </objects></scene>
        <scene sceneID="s-form"><objects>
            <viewController title="Settings" id="form" sceneMemberID="viewController">
                <view key="view" id="root-view">
                    <subviews>
                        <button opaque="NO" id="add">
                            <rect key="frame" x="20" y="20" width="44" height="44"/>
                            <state key="normal" image="plus" catalog="system"/>
                            <accessibility key="accessibilityConfiguration" label="Add" hint="Adds a brew" identifier="addButton">
                                <accessibilityTraits key="traits" button="YES" image="YES" notEnabled="YES"/>
                                <bool key="isElement" value="NO"/>
                            </accessibility>
                        </button>
                        <button opaque="NO" id="info">
                            <rect key="frame" x="80" y="20" width="44" height="44"/>
                            <buttonConfiguration key="configuration" style="plain" image="info.circle"/>
                            <accessibility key="accessibilityConfiguration">
                                <string key="label">About this app</string>
                                <accessibilityTraits key="traits" link="YES"/>
                                <bool key="isElement" value="YES"/>
                            </accessibility>
                        </button>
                        <switch opaque="NO" id="sound">
                            <rect key="frame" x="20" y="80" width="51" height="31"/>
                            <string key="accessibilityLabel">Sound effects</string>
                            <string key="accessibilityHint">Plays a sound when a brew is done</string>
                        </switch>
                        <slider opaque="NO" value="0.5" id="strength">
                            <rect key="frame" x="20" y="120" width="200" height="31"/>
                            <userDefinedRuntimeAttributes>
                                <userDefinedRuntimeAttribute type="string" keyPath="accessibilityLabel" value="Strength"/>
                                <userDefinedRuntimeAttribute type="string" keyPath="accessibilityHint" value="How strong the brew is"/>
                                <userDefinedRuntimeAttribute type="boolean" keyPath="isAccessibilityElement" value="YES"/>
                            </userDefinedRuntimeAttributes>
                        </slider>
                        <imageView id="logo" image="steam">
                            <rect key="frame" x="20" y="160" width="40" height="40"/>
                        </imageView>
                        <button opaque="NO" id="filter">
                            <rect key="frame" x="20" y="200" width="44" height="44"/>
                            <state key="normal" image="line.3.horizontal.decrease"/>
                        </button>
                    </subviews>
                </view>
                <navigationItem key="navigationItem" title="Settings" id="item">
                    <barButtonItem key="rightBarButtonItem" image="gear" id="gear">
                        <accessibility key="accessibilityConfiguration" label="Preferences" hint="Opens the preferences"/>
                    </barButtonItem>
                    <barButtonItem key="leftBarButtonItem" image="square.and.arrow.up" id="share"/>
                </navigationItem>
                <tabBarItem key="tabBarItem" image="house" id="tab">
                    <accessibility key="accessibilityConfiguration" label="Home"/>
                </tabBarItem>
            </viewController>
        </objects></scene>
        """)

    static func form() throws -> ControllerSpec {
        let document = try #require(loadStoryboard(text).document)
        return try #require(document.controller(id: "form"))
    }

    @Test func theModernConfigurationGivesLabelHintIdentifierTraitsAndIsElement() throws {
        let add = try #require(try Self.form().view?.find(id: "add"))
        #expect(add.accessibility.label == "Add")
        #expect(add.accessibility.hint == "Adds a brew")
        #expect(add.accessibility.identifier == "addButton")
        #expect(add.accessibility.traits == [.button, .image, .notEnabled])
        #expect(add.accessibility.isElement == false)
        #expect(add.imageName == "plus")
    }

    @Test func olderFormsGiveTheSame() throws {
        let form = try Self.form()
        let info = try #require(form.view?.find(id: "info"))
        #expect(info.accessibility.label == "About this app")
        #expect(info.accessibility.traits == [.link])
        #expect(info.accessibility.isElement == true)
        #expect(info.imageName == "info.circle")
        let sound = try #require(form.view?.find(id: "sound"))
        #expect(sound.accessibility.label == "Sound effects")
        #expect(sound.accessibility.hint == "Plays a sound when a brew is done")
        #expect(sound.accessibility.isElement == nil)
        let strength = try #require(form.view?.find(id: "strength"))
        #expect(strength.accessibility == Accessibility(label: "Strength", hint: "How strong the brew is", isElement: true))
        let logo = try #require(form.view?.find(id: "logo"))
        #expect(logo.accessibility.isEmpty)
    }

    @Test func barButtonAndTabBarItemsCarryTheirImagesAndAccessibility() throws {
        let form = try Self.form()
        let gear = try #require(form.navigationItem?.rightItems.first)
        #expect(gear.imageName == "gear")
        #expect(gear.isImageOnly)
        #expect(gear.accessibility.label == "Preferences")
        #expect(gear.displayTitle == "Preferences", "the label beats the image's name")
        let share = try #require(form.navigationItem?.leftItems.first)
        #expect(share.displayTitle == "square.and.arrow.up", "with no label, the image's name")
        #expect(form.tabBarItem?.imageName == "house")
        #expect(form.tabBarItem?.accessibility.label == "Home")
    }

    @Test func runTimeViewsKeepItAndImageOnlyControlsShowTheirLabel() throws {
        let (application, storyboard) = try loadedApplication()
        defer { withExtendedLifetime(application) {} }
        let driver = try FlowDriver.launch(storyboard)
        let add = try #require(driver.top.view.viewWithID("add") as? Button)
        #expect(add.title == "")
        #expect(add.displayTitle == "Add")
        #expect(add.accessibility.identifier == "addButton")
        let filter = try #require(driver.top.view.viewWithID("filter") as? Button)
        #expect(filter.displayTitle == "line.3.horizontal.decrease")
        let logo = try #require(driver.top.view.viewWithID("logo") as? ImageView)
        #expect(logo.displayName == "steam")
        logo.accessibility.label = "Steam rising"
        #expect(logo.displayName == "Steam rising", "code may label it, as UIKit's may")
        let gear = try #require(driver.top.navigationItem.rightBarButtonItem)
        #expect(gear.displayTitle == "Preferences")
        #expect(gear.accessibility.hint == "Opens the preferences")
        #expect(driver.top.tabBarItem.accessibility.label == "Home")
        try driver.tapButton("Add")
    }

    private func loadedApplication() throws -> (Application, Storyboard) {
        let document = try #require(loadStoryboard(Self.text).document)
        let application = Application()
        return (application, application.storyboard(document: document))
    }

    @Test func cellsKeepTheirOwn() throws {
        let text = storyboard(initial: "list", scene("list", kind: "tableViewController", """
            <tableView key="view" dataMode="static" id="table">
                <sections><tableViewSection id="section"><cells>
                    <tableViewCell textLabel="l1" style="IBUITableViewCellStyleDefault" id="c1">
                        <tableViewCellContentView key="contentView" id="cv1"><subviews><label text="Kenya AA" id="l1"/></subviews></tableViewCellContentView>
                        <accessibility key="accessibilityConfiguration" label="Kenya AA, brewed at 203 degrees" hint="Shows the brew">
                            <accessibilityTraits key="traits" selected="YES"/>
                        </accessibility>
                    </tableViewCell>
                </cells></tableViewSection></sections>
            </tableView>
            """))
        let document = try #require(loadStoryboard(text).document)
        let cell = try #require(document.controller(id: "list")?.tableView?.sections.first?.cells.first)
        #expect(cell.accessibility.label == "Kenya AA, brewed at 203 degrees")
        #expect(cell.accessibility.traits == [.selected])
        let application = Application()
        let driver = try FlowDriver.launch(application.storyboard(document: document))
        let made = try #require(driver.first(TableView.self)?.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(made.accessibility.hint == "Shows the brew")
    }

    @Test func translationsReplaceLabelsAndHints() throws {
        let document = try #require(loadStoryboard(Self.text).document)
        let texts = document.translatableTexts
        #expect(texts.contains { $0.keys == ["add.accessibilityLabel"] && $0.text == "Add" })
        #expect(texts.contains { $0.keys == ["gear.accessibilityHint"] && $0.text == "Opens the preferences" })
        let german = document.translated(by: ["add.accessibilityLabel": "Hinzufügen", "gear.accessibilityLabel": "Einstellungen"])
        #expect(german.controller(id: "form")?.view?.find(id: "add")?.accessibility.label == "Hinzufügen")
        #expect(german.controller(id: "form")?.navigationItem?.rightItems.first?.displayTitle == "Einstellungen")
    }
}

@Suite struct AccessibilityLintTests {
    @Test func anImageOnlyControlWithoutALabelIsReportedWhereItIs() throws {
        let text = AccessibilityLoadingTests.text
        let document = try #require(loadStoryboard(text).document)
        let findings = StoryboardLinter.lint(document, registry: nil).filter { $0.message.contains("accessibility label") }
        #expect(findings.count == 2, "\(findings.map(\.message))")
        let filter = try #require(findings.first { $0.message.contains("\"filter\"") })
        #expect(filter.severity == .warning)
        #expect(filter.location == position(of: "<button opaque=\"NO\" id=\"filter\"", in: text))
        #expect(filter.message.contains("the button \"filter\" in scene \"Settings\" (id \"form\") shows only the image \"line.3.horizontal.decrease\""), "\(filter.message)")
        let share = try #require(findings.first { $0.message.contains("\"share\"") })
        #expect(share.message.hasPrefix("the bar button item \"share\""), "\(share.message)")
        #expect(share.location == position(of: "<barButtonItem key=\"leftBarButtonItem\"", in: text))
        // Labelled ones, titled ones and ones taken out of accessibility are not reported.
        for quiet in ["\"add\"", "\"info\"", "\"gear\"", "\"tab\""] {
            #expect(!findings.contains { $0.message.contains(quiet) }, "\(quiet)")
        }
    }

    @Test func aTabOrAButtonInACellIsReportedToo() throws {
        let text = storyboard(initial: "list", scene("list", kind: "tableViewController", """
            <tableView key="view" dataMode="static" id="table">
                <sections><tableViewSection id="section"><cells>
                    <tableViewCell id="c1">
                        <tableViewCellContentView key="contentView" id="cv1"><subviews>
                            <button id="star"><state key="normal" image="star"/></button>
                        </subviews></tableViewCellContentView>
                    </tableViewCell>
                </cells></tableViewSection></sections>
            </tableView>
            <tabBarItem key="tabBarItem" image="list.bullet" id="tab"/>
            """))
        let document = try #require(loadStoryboard(text).document)
        let messages = StoryboardLinter.lint(document, registry: nil).map(\.message)
        #expect(messages.contains { $0.hasPrefix("the button \"star\"") && $0.contains("\"star\"") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("the tab bar item \"tab\"") && $0.contains("\"list.bullet\"") }, "\(messages)")
    }
}
