import Foundation

/// Writes an app's folder shaped like a real project's, for the first-frame benchmark of a
/// folder against a single file: an `Info.plist` naming `Main`; `Base.lproj/Main.storyboard`,
/// a list with a row per feature, each pushing a storyboard reference; a storyboard per
/// feature in `Features/FeatureNN/Base.lproj` (generated scenes, like ``StoryboardGenerator``'s);
/// German translations beside each; and, in `Lone/`, the same `Main.storyboard` alone.
enum AppGenerator {
    static func write(storyboards: Int, to folder: URL) throws {
        let features = max(1, storyboards - 1)
        let app = folder.appendingPathComponent("App", isDirectory: true)
        try write(plist, to: app.appendingPathComponent("Info.plist"))
        let main = mainStoryboard(features: features)
        try write(main, to: app.appendingPathComponent("Base.lproj/Main.storyboard"))
        try write(main, to: folder.appendingPathComponent("Lone/Main.storyboard"))
        var strings = "\"Bn-nav-item.title\" = \"Hafen\";\n"
        for feature in 1...features {
            strings += "\"Bn-label-\(feature).text\" = \"Funktion \(label(feature))\";\n"
            let name = "Feature" + label(feature)
            let base = app.appendingPathComponent("Features/\(name)", isDirectory: true)
            try write(StoryboardGenerator.xml(scenes: 20), to: base.appendingPathComponent("Base.lproj/\(name).storyboard"))
            try write("\"g0-list-item.title\" = \"Liste\";\n", to: base.appendingPathComponent("de.lproj/\(name).strings"))
        }
        try write(strings, to: app.appendingPathComponent("de.lproj/Main.strings"))
    }

    private static func label(_ feature: Int) -> String {
        feature < 10 ? "0\(feature)" : "\(feature)"
    }

    private static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleDisplayName</key>
        \t<string>Harbor</string>
        \t<key>UIMainStoryboardFile</key>
        \t<string>Main</string>
        </dict>
        </plist>

        """

    private static func mainStoryboard(features: Int) -> String {
        var cells = ""
        var references = ""
        for feature in 1...features {
            let name = "Feature" + label(feature)
            cells += """
                                            <tableViewCell contentMode="scaleToFill" accessoryType="disclosureIndicator" textLabel="Bn-label-\(feature)" style="IBUITableViewCellStyleDefault" id="Bn-cell-\(feature)">
                                                <tableViewCellContentView key="contentView" opaque="NO" contentMode="center" tableViewCell="Bn-cell-\(feature)" id="Bn-content-\(feature)">
                                                    <subviews>
                                                        <label opaque="NO" contentMode="left" text="Feature \(label(feature))" textAlignment="natural" id="Bn-label-\(feature)"/>
                                                    </subviews>
                                                </tableViewCellContentView>
                                                <connections>
                                                    <segue destination="Bn-ref-\(feature)" kind="show" id="Bn-show-\(feature)"/>
                                                </connections>
                                            </tableViewCell>

                """
            references += """
                        <scene sceneID="Bn-scene-ref-\(feature)">
                            <objects>
                                <viewControllerPlaceholder storyboardName="\(name)" id="Bn-ref-\(feature)" sceneMemberID="viewController"/>
                            </objects>
                        </scene>

                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="Bn-nav">
                <scenes>
                    <scene sceneID="Bn-scene-nav">
                        <objects>
                            <navigationController id="Bn-nav" sceneMemberID="viewController">
                                <navigationBar key="navigationBar" contentMode="scaleToFill" id="Bn-bar"/>
                                <connections>
                                    <segue destination="Bn-list" kind="relationship" relationship="rootViewController" id="Bn-root"/>
                                </connections>
                            </navigationController>
                        </objects>
                    </scene>
                    <scene sceneID="Bn-scene-list">
                        <objects>
                            <tableViewController id="Bn-list" sceneMemberID="viewController">
                                <tableView key="view" contentMode="scaleToFill" dataMode="static" style="plain" id="Bn-table">
                                    <sections>
                                        <tableViewSection id="Bn-section">
                                            <cells>
            \(cells)                                </cells>
                                        </tableViewSection>
                                    </sections>
                                </tableView>
                                <navigationItem key="navigationItem" title="Harbor" id="Bn-nav-item"/>
                            </tableViewController>
                        </objects>
                    </scene>
            \(references)        </scenes>
            </document>

            """
    }
}
