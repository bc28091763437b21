@testable import Flow

/// Small storyboards for the merge's rules, written as Xcode writes them: one document with a
/// list of scenes, each a view controller with its view, subviews, constraints and connections.
enum MergeFixtures {
    /// A storyboard of the given scenes, saved by the given Xcode.
    static func storyboard(_ scenes: String, toolsVersion: String = "21701", initial: String = "Ctl-A1-001", extraDependencies: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="\(toolsVersion)" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="\(initial)">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="\(toolsVersion)"/>
                <capability name="Safe area layout guides" minToolsVersion="9.0"/>\(extraDependencies)
            </dependencies>
            <scenes>
        \(scenes)
            </scenes>
        </document>

        """
    }

    /// One scene: a controller `Ctl-<n>` with a view holding `subviews`, its `constraints`, and
    /// the controller's `connections`.
    static func scene(
        _ n: String, title: String, subviews: String, constraints: String = "", connections: String = "", controllerAttributes: String = "",
        canvas: String = "x=\"0\" y=\"0\""
    ) -> String {
        var text = """
                    <!--\(title)-->
                    <scene sceneID="Scn-\(n)">
                        <objects>
                            <viewController id="Ctl-\(n)" customClass="\(title)Controller" customModule="App" sceneMemberID="viewController"\(controllerAttributes)>
                                <view key="view" contentMode="scaleToFill" id="Vew-\(n)">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
            \(subviews)
                                    </subviews>
                                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>

            """
        if !constraints.isEmpty {
            text += """
                                        <constraints>
                \(constraints)
                                        </constraints>

                """
        }
        text += """
                                </view>

            """
        if !connections.isEmpty {
            text += """
                                    <connections>
                \(connections)
                                    </connections>

                """
        }
        text += """
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="Frs-\(n)" userLabel="First Responder" sceneMemberID="firstResponder"/>
                        </objects>
                        <point key="canvasLocation" \(canvas)/>
                    </scene>
            """
        return text
    }

    /// A label in a scene's view, one line, at the subviews' depth.
    static func label(_ id: String, text: String, frame: String = "x=\"20\" y=\"100\" width=\"200\" height=\"21\"", attributes: String = "") -> String {
        """
                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="\(text)" textAlignment="natural" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)"\(attributes)>
                                            <rect key="frame" \(frame)/>
                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                            <nil key="textColor"/>
                                        </label>
        """
    }

    /// A button with a segue to another controller.
    static func button(_ id: String, title: String, segue: String? = nil) -> String {
        var text = """
                                        <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                                            <rect key="frame" x="20" y="200" width="100" height="30"/>
                                            <state key="normal" title="\(title)"/>

            """
        if let segue {
            text += """
                                                <connections>
                    \(segue)
                                                </connections>

                """
        }
        text += "                                </button>"
        return text
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Merges three texts.
    static func merge(base: String, ours: String, theirs: String, choices: [String: MergeConflict.Choice] = [:]) throws -> (text: String, conflicts: [MergeConflict]) {
        let result = try StoryboardMerge.merge(
            base: bytes(base), ours: bytes(ours), theirs: bytes(theirs), names: ("base.storyboard", "ours.storyboard", "theirs.storyboard"),
            choices: choices)
        return (String(decoding: result.bytes, as: UTF8.self), result.conflicts)
    }
}

extension String {
    /// The text with every `target` replaced, for writing one side of a triple from another.
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
