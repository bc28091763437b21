import Foundation

/// Writes large storyboards shaped like Xcode's output, for load and memory benchmarks.
///
/// Scenes come in groups of five: a navigation controller; its root, a table view controller
/// with static cells; a detail scene with a container view; a scene shown by popover and by
/// a custom segue; and the scene embedded in the detail. Between them are segues of every
/// kind: relationship, show, presentation (form sheet), popover, custom, embed and unwind,
/// plus a show and a presentation to the next group, so the graph is connected.
enum StoryboardGenerator {
    static let scenesPerGroup = 5

    /// The XML of a storyboard with `scenes` scenes (rounded up to a multiple of five).
    static func xml(scenes: Int) -> String {
        let groups = max(1, (scenes + scenesPerGroup - 1) / scenesPerGroup)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="g0-nav">
                <device id="retina6_12" orientation="portrait" appearance="light"/>
                <dependencies>
                    <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
                    <capability name="System colors in document resources" minToolsVersion="11.0"/>
                    <capability name="documents saved in the Xcode 8 format" minToolsVersion="8.0"/>
                </dependencies>
                <scenes>

            """
        out.reserveCapacity(groups * 12_000)
        for group in 0..<groups {
            appendGroup(group, of: groups, to: &out)
        }
        out += """
                </scenes>
                <resources>
                    <systemColor name="systemBackgroundColor">
                        <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                    </systemColor>
                </resources>
            </document>

            """
        return out
    }

    private static func appendGroup(_ g: Int, of groups: Int, to out: inout String) {
        let next = (g + 1) % groups
        let x = (g % 40) * 1000
        let y = (g / 40) * 900
        // The navigation controller.
        out += """
                    <!--Navigation Controller \(g)-->
                    <scene sceneID="g\(g)-s1">
                        <objects>
                            <navigationController id="g\(g)-nav" sceneMemberID="viewController">
                                <navigationBar key="navigationBar" contentMode="scaleToFill" insetsLayoutMarginsFromSafeArea="NO" id="g\(g)-bar">
                                    <rect key="frame" x="0.0" y="59" width="393" height="44"/>
                                    <autoresizingMask key="autoresizingMask"/>
                                </navigationBar>
                                <connections>
                                    <segue destination="g\(g)-list" kind="relationship" relationship="rootViewController" id="g\(g)-rel"/>
                                </connections>
                            </navigationController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="g\(g)-fr1" userLabel="First Responder" sceneMemberID="firstResponder"/>
                        </objects>
                        <point key="canvasLocation" x="\(x)" y="\(y)"/>
                    </scene>

            """
        // The table view controller with static cells, one segue per cell.
        let cells: [(label: String, segue: String)] = [
            ("Details", #"destination="g\#(g)-detail" kind="show" identifier="ShowDetail""#),
            ("Next list", #"destination="g\#(next)-list" kind="show" identifier="ShowNext""#),
            ("Present", #"destination="g\#(next)-nav" kind="presentation" identifier="PresentNext" modalPresentationStyle="formSheet""#),
            ("Popover", #"destination="g\#(g)-pop" kind="popoverPresentation" identifier="ShowPopover" popoverAnchorView="g\#(g)-c3""#),
            ("Custom", #"destination="g\#(g)-pop" kind="custom" identifier="ShowCustom" customClass="FadeSegue" customModule="Bench" customModuleProvider="target""#),
        ]
        out += """
                    <!--List \(g)-->
                    <scene sceneID="g\(g)-s2">
                        <objects>
                            <tableViewController title="List \(g)" storyboardIdentifier="List\(g)" id="g\(g)-list" sceneMemberID="viewController">
                                <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="static" style="insetGrouped" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="18" sectionFooterHeight="18" id="g\(g)-table">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                    <sections>
                                        <tableViewSection headerTitle="Group \(g)" id="g\(g)-sec">
                                            <cells>

            """
        for (index, cell) in cells.enumerated() {
            let id = "g\(g)-c\(index)"
            out += """
                                                    <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" accessoryType="disclosureIndicator" indentationWidth="10" textLabel="\(id)-l" style="IBUITableViewCellStyleDefault" id="\(id)">
                                                        <rect key="frame" x="20" y="\(18 + index * 44)" width="353" height="44"/>
                                                        <autoresizingMask key="autoresizingMask"/>
                                                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="\(id)" id="\(id)-cv">
                                                            <rect key="frame" x="0.0" y="0.0" width="323" height="44"/>
                                                            <autoresizingMask key="autoresizingMask"/>
                                                            <subviews>
                                                                <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="\(cell.label) \(g)" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="\(id)-l">
                                                                    <rect key="frame" x="20" y="0.0" width="295" height="44"/>
                                                                    <autoresizingMask key="autoresizingMask"/>
                                                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                                    <nil key="textColor"/>
                                                                    <nil key="highlightedColor"/>
                                                                </label>
                                                            </subviews>
                                                        </tableViewCellContentView>
                                                        <connections>
                                                            <segue \(cell.segue) id="\(id)-sg"/>
                                                        </connections>
                                                    </tableViewCell>

                """
        }
        out += """
                                            </cells>
                                        </tableViewSection>
                                    </sections>
                                    <connections>
                                        <outlet property="dataSource" destination="g\(g)-list" id="g\(g)-ds"/>
                                        <outlet property="delegate" destination="g\(g)-list" id="g\(g)-dl"/>
                                    </connections>
                                </tableView>
                                <navigationItem key="navigationItem" title="List \(g)" id="g\(g)-ni">
                                    <barButtonItem key="rightBarButtonItem" systemItem="add" id="g\(g)-add">
                                        <connections>
                                            <segue destination="g\(g)-detail" kind="presentation" identifier="Add" id="g\(g)-add-sg"/>
                                        </connections>
                                    </barButtonItem>
                                </navigationItem>
                            </tableViewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="g\(g)-fr2" userLabel="First Responder" sceneMemberID="firstResponder"/>
                        </objects>
                        <point key="canvasLocation" x="\(x + 200)" y="\(y)"/>
                    </scene>

            """
        // The detail: a label, a container view (embed) and a button that unwinds.
        out += """
                    <!--Detail \(g)-->
                    <scene sceneID="g\(g)-s3">
                        <objects>
                            <viewController title="Detail \(g)" storyboardIdentifier="Detail\(g)" id="g\(g)-detail" customClass="DetailViewController" customModule="Bench" customModuleProvider="target" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="g\(g)-dv">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Detail of group \(g)" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="g\(g)-dl1">
                                            <rect key="frame" x="20" y="120" width="353" height="21"/>
                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                            <nil key="textColor"/>
                                            <nil key="highlightedColor"/>
                                        </label>
                                        <containerView opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="g\(g)-cont">
                                            <rect key="frame" x="20" y="160" width="353" height="300"/>
                                            <connections>
                                                <segue destination="g\(g)-emb" kind="embed" identifier="Embed" id="g\(g)-emb-sg"/>
                                            </connections>
                                        </containerView>
                                        <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="g\(g)-done">
                                            <rect key="frame" x="20" y="480" width="353" height="35"/>
                                            <state key="normal" title="Done"/>
                                            <connections>
                                                <segue destination="g\(g)-exit3" kind="unwind" identifier="Done" unwindAction="unwindToList:" id="g\(g)-uw3"/>
                                            </connections>
                                        </button>
                                    </subviews>
                                    <viewLayoutGuide key="safeArea" id="g\(g)-safe"/>
                                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                    <constraints>
                                        <constraint firstItem="g\(g)-dl1" firstAttribute="leading" secondItem="g\(g)-safe" secondAttribute="leading" constant="20" id="g\(g)-k1"/>
                                        <constraint firstItem="g\(g)-cont" firstAttribute="top" secondItem="g\(g)-dl1" secondAttribute="bottom" constant="19" id="g\(g)-k2"/>
                                        <constraint firstItem="g\(g)-done" firstAttribute="top" secondItem="g\(g)-cont" secondAttribute="bottom" constant="20" id="g\(g)-k3"/>
                                    </constraints>
                                </view>
                                <connections>
                                    <outlet property="titleLabel" destination="g\(g)-dl1" id="g\(g)-out1"/>
                                </connections>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="g\(g)-fr3" userLabel="First Responder" sceneMemberID="firstResponder"/>
                            <exit id="g\(g)-exit3" userLabel="Exit" sceneMemberID="exit"/>
                        </objects>
                        <point key="canvasLocation" x="\(x + 400)" y="\(y)"/>
                    </scene>

            """
        // The popover / custom segue destination: a label and a button that unwinds.
        out += """
                    <!--Popover \(g)-->
                    <scene sceneID="g\(g)-s4">
                        <objects>
                            <viewController title="Popover \(g)" id="g\(g)-pop" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="g\(g)-pv">
                                    <rect key="frame" x="0.0" y="0.0" width="320" height="240"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Popover \(g)" textAlignment="center" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="g\(g)-pl">
                                            <rect key="frame" x="20" y="40" width="280" height="21"/>
                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                            <nil key="textColor"/>
                                            <nil key="highlightedColor"/>
                                        </label>
                                        <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="g\(g)-close">
                                            <rect key="frame" x="20" y="100" width="280" height="35"/>
                                            <state key="normal" title="Close"/>
                                            <connections>
                                                <segue destination="g\(g)-exit4" kind="unwind" identifier="Close" unwindAction="unwindToList:" id="g\(g)-uw4"/>
                                            </connections>
                                        </button>
                                    </subviews>
                                    <viewLayoutGuide key="safeArea" id="g\(g)-psafe"/>
                                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                </view>
                                <value key="contentSizeForViewInPopover" type="size" width="320" height="240"/>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="g\(g)-fr4" userLabel="First Responder" sceneMemberID="firstResponder"/>
                            <exit id="g\(g)-exit4" userLabel="Exit" sceneMemberID="exit"/>
                        </objects>
                        <point key="canvasLocation" x="\(x + 600)" y="\(y)"/>
                    </scene>

            """
        // The embedded scene.
        out += """
                    <!--Embedded \(g)-->
                    <scene sceneID="g\(g)-s5">
                        <objects>
                            <viewController id="g\(g)-emb" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="g\(g)-ev">
                                    <rect key="frame" x="0.0" y="0.0" width="353" height="300"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Embedded \(g)" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" translatesAutoresizingMaskIntoConstraints="NO" id="g\(g)-el">
                                            <rect key="frame" x="16" y="16" width="321" height="21"/>
                                            <fontDescription key="fontDescription" type="system" pointSize="15"/>
                                            <color key="textColor" systemColor="secondaryLabelColor"/>
                                            <nil key="highlightedColor"/>
                                        </label>
                                    </subviews>
                                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                </view>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="g\(g)-fr5" userLabel="First Responder" sceneMemberID="firstResponder"/>
                        </objects>
                        <point key="canvasLocation" x="\(x + 800)" y="\(y)"/>
                    </scene>

            """
    }
}

extension StoryboardGenerator {
    /// The XML of a navigation chain of `scenes` plain scenes, each showing the next with a
    /// button; every tenth segue presents modally instead. From the first modal on, every
    /// show segue has no navigation controller above it, so `check` warns at each: the shape
    /// on which diagnostics that print whole paths grow with the square of the file.
    static func chainXML(scenes: Int) -> String {
        let count = max(2, scenes)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="nav">
                <scenes>
                    <scene sceneID="nav-scene">
                        <objects>
                            <navigationController id="nav" sceneMemberID="viewController">
                                <navigationBar key="navigationBar" contentMode="scaleToFill" id="nav-bar"/>
                                <connections>
                                    <segue destination="c0" kind="relationship" relationship="rootViewController" id="nav-root"/>
                                </connections>
                            </navigationController>
                        </objects>
                    </scene>

            """
        out.reserveCapacity(count * 1_200)
        for index in 0..<count {
            let next = index + 1
            var connections = ""
            if next < count {
                let kind = next % 10 == 0 ? #"kind="presentation" modalPresentationStyle="fullScreen""# : #"kind="show""#
                connections = "                            <connections><segue destination=\"c\(next)\" \(kind) identifier=\"Next\(next)\" id=\"c\(index)-next\"/></connections>\n"
            }
            out += "        <scene sceneID=\"c\(index)-scene\">\n            <objects>\n"
            out += "                <viewController title=\"Step \(index)\" id=\"c\(index)\" sceneMemberID=\"viewController\">\n"
            out += "                    <view key=\"view\" contentMode=\"scaleToFill\" id=\"c\(index)-view\">\n"
            out += "                        <rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"393\" height=\"852\"/>\n"
            out += "                        <subviews>\n"
            out += "                            <button opaque=\"NO\" contentMode=\"scaleToFill\" buttonType=\"system\" id=\"c\(index)-button\">\n"
            out += "                                <rect key=\"frame\" x=\"20\" y=\"120\" width=\"353\" height=\"44\"/>\n"
            out += "                                <state key=\"normal\" title=\"Next\"/>\n"
            out += connections
            out += "                            </button>\n                        </subviews>\n                    </view>\n"
            out += "                    <navigationItem key=\"navigationItem\" title=\"Step \(index)\" id=\"c\(index)-item\"/>\n"
            out += "                </viewController>\n            </objects>\n        </scene>\n"
        }
        out += """
                </scenes>
            </document>

            """
        return out
    }
}
