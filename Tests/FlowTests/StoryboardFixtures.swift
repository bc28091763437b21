/// Storyboards written for the loader tests, in the shapes Xcode writes.
enum StoryboardFixtures {
    /// A format 3.0 file as Xcode 13+ writes it: new segue spellings, content views with ids,
    /// button configurations, runtime attributes, a standalone navigation bar.
    static let modern = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="nav-1">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <dependencies>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
            </dependencies>
            <scenes>
                <!--Navigation Controller-->
                <scene sceneID="scene-nav">
                    <objects>
                        <navigationController id="nav-1" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="nav-bar-1"/>
                            <connections>
                                <segue destination="list-1" kind="relationship" relationship="rootViewController" id="seg-root"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr-1" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <!--List-->
                <scene sceneID="scene-list">
                    <objects>
                        <tableViewController title="List" id="list-1" customClass="ListViewController" customModule="App" sceneMemberID="viewController">
                            <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" style="insetGrouped" rowHeight="-1" id="table-1">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                <prototypes>
                                    <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" accessoryType="disclosureIndicator" indentationWidth="10" reuseIdentifier="ItemCell" textLabel="cell-1-text" detailTextLabel="cell-1-detail" style="IBUITableViewCellStyleSubtitle" id="cell-1">
                                        <rect key="frame" x="0.0" y="50" width="414" height="55"/>
                                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="cell-1" id="cell-1-content">
                                            <rect key="frame" x="0.0" y="0.0" width="383" height="55"/>
                                            <subviews>
                                                <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" insetsLayoutMarginsFromSafeArea="NO" text="Title" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="cell-1-text">
                                                    <rect key="frame" x="20" y="10" width="33" height="20"/>
                                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                    <nil key="textColor"/>
                                                </label>
                                                <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" text="Subtitle" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="cell-1-detail">
                                                    <rect key="frame" x="20" y="31" width="44" height="15"/>
                                                    <fontDescription key="fontDescription" type="system" pointSize="12"/>
                                                </label>
                                            </subviews>
                                        </tableViewCellContentView>
                                        <userDefinedRuntimeAttributes>
                                            <userDefinedRuntimeAttribute type="string" keyPath="keyEquivalent" value="o"/>
                                        </userDefinedRuntimeAttributes>
                                        <connections>
                                            <segue destination="detail-1" kind="show" identifier="ShowDetail" id="seg-show"/>
                                            <segue destination="detail-1" kind="show" identifier="ShowInfo" trigger="accessoryAction" id="seg-accessory"/>
                                        </connections>
                                    </tableViewCell>
                                    <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" selectionStyle="none" reuseIdentifier="ToggleCell" id="cell-2">
                                        <rect key="frame" x="0.0" y="105" width="414" height="44"/>
                                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="cell-2" id="cell-2-content">
                                            <subviews>
                                                <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" translatesAutoresizingMaskIntoConstraints="NO" id="cell-2-switch">
                                                    <rect key="frame" x="345" y="6" width="51" height="31"/>
                                                </switch>
                                                <label opaque="NO" text="Enabled" id="cell-2-label">
                                                    <rect key="frame" x="20" y="12" width="60" height="20"/>
                                                </label>
                                            </subviews>
                                        </tableViewCellContentView>
                                        <connections>
                                            <outlet property="toggle" destination="cell-2-switch" id="out-cell-2"/>
                                        </connections>
                                    </tableViewCell>
                                </prototypes>
                                <sections/>
                                <connections>
                                    <outlet property="dataSource" destination="list-1" id="out-ds"/>
                                    <outlet property="delegate" destination="list-1" id="out-dl"/>
                                </connections>
                            </tableView>
                            <navigationItem key="navigationItem" title="Items" id="list-item">
                                <leftBarButtonItems>
                                    <barButtonItem systemItem="edit" id="bb-edit">
                                        <connections>
                                            <action selector="toggleEditing:" destination="list-1" id="act-edit"/>
                                        </connections>
                                    </barButtonItem>
                                    <barButtonItem title="Sort" style="plain" id="bb-sort"/>
                                </leftBarButtonItems>
                                <barButtonItem key="rightBarButtonItem" systemItem="add" id="bb-add">
                                    <userDefinedRuntimeAttributes>
                                        <userDefinedRuntimeAttribute type="string" keyPath="keyEquivalent" value="n"/>
                                    </userDefinedRuntimeAttributes>
                                    <connections>
                                        <segue destination="edit-nav" kind="presentation" identifier="AddItem" modalPresentationStyle="formSheet" id="seg-add"/>
                                    </connections>
                                </barButtonItem>
                                <barButtonItem key="backBarButtonItem" title="All" id="bb-back"/>
                            </navigationItem>
                        </tableViewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr-2" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <!--Detail-->
                <scene sceneID="scene-detail">
                    <objects>
                        <viewController storyboardIdentifier="Detail" id="detail-1" customClass="DetailViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="detail-view">
                                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="call-button">
                                        <rect key="frame" x="20" y="400" width="80" height="35"/>
                                        <state key="normal" title="Button"/>
                                        <buttonConfiguration key="configuration" style="filled" title="Call"/>
                                        <userDefinedRuntimeAttributes>
                                            <userDefinedRuntimeAttribute type="string" keyPath="keyEquivalent" value="c"/>
                                            <userDefinedRuntimeAttribute type="number" keyPath="retries">
                                                <integer key="value" value="3"/>
                                            </userDefinedRuntimeAttribute>
                                            <userDefinedRuntimeAttribute type="boolean" keyPath="isLoud" value="YES"/>
                                        </userDefinedRuntimeAttributes>
                                        <connections>
                                            <action selector="call:" destination="detail-1" eventType="touchUpInside" id="act-call"/>
                                            <segue destination="detail-1" kind="presentation" identifier="Again" id="seg-again"/>
                                        </connections>
                                    </button>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" textAlignment="center" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="long-label">
                                        <rect key="frame" x="20" y="100" width="374" height="60"/>
                                        <string key="text">A long &amp; winding text</string>
                                        <fontDescription key="fontDescription" type="system" weight="bold" pointSize="17"/>
                                    </label>
                                    <textField opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="center" borderStyle="roundedRect" placeholder="Password" textAlignment="natural" minimumFontSize="17" translatesAutoresizingMaskIntoConstraints="NO" id="password">
                                        <rect key="frame" x="20" y="180" width="374" height="34"/>
                                        <textInputTraits key="textInputTraits" secureTextEntry="YES"/>
                                    </textField>
                                    <stackView opaque="NO" contentMode="scaleToFill" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="controls">
                                        <rect key="frame" x="20" y="240" width="374" height="40"/>
                                        <subviews>
                                            <slider opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" minValue="-30" maxValue="30" id="slider">
                                                <rect key="frame" x="0.0" y="5" width="200" height="31"/>
                                            </slider>
                                            <stepper opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" maximumValue="100" id="stepper">
                                                <rect key="frame" x="210" y="0.0" width="94" height="32"/>
                                            </stepper>
                                            <switch opaque="NO" contentMode="scaleToFill" on="YES" id="switch-on">
                                                <rect key="frame" x="320" y="2" width="51" height="31"/>
                                            </switch>
                                        </subviews>
                                    </stackView>
                                    <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="1" translatesAutoresizingMaskIntoConstraints="NO" id="segments">
                                        <rect key="frame" x="20" y="300" width="200" height="32"/>
                                        <segments>
                                            <segment title="Day"/>
                                            <segment title="Week"/>
                                            <segment title="Month"/>
                                        </segments>
                                        <connections>
                                            <action selector="rangeChanged:" destination="detail-1" eventType="valueChanged" id="act-range"/>
                                        </connections>
                                    </segmentedControl>
                                    <datePicker contentMode="scaleToFill" datePickerMode="date" id="date"><rect key="frame" x="20" y="340" width="200" height="40"/></datePicker>
                                    <progressView opaque="NO" contentMode="scaleToFill" progress="0.25" id="progress"><rect key="frame" x="20" y="390" width="200" height="4"/></progressView>
                                    <imageView clipsSubviews="YES" contentMode="scaleAspectFit" image="star" id="image"><rect key="frame" x="300" y="390" width="40" height="40"/></imageView>
                                    <textView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" id="notes">
                                        <rect key="frame" x="20" y="450" width="374" height="100"/>
                                        <string key="text">Notes go here.</string>
                                    </textView>
                                    <containerView opaque="NO" contentMode="scaleToFill" id="container">
                                        <rect key="frame" x="20" y="600" width="374" height="200"/>
                                        <connections>
                                            <segue destination="child-1" kind="embed" id="seg-embed"/>
                                        </connections>
                                    </containerView>
                                </subviews>
                                <color key="backgroundColor" red="1" green="0.5" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                            </view>
                            <navigationItem key="navigationItem" id="detail-item">
                                <nil key="title"/>
                                <barButtonItem key="rightBarButtonItem" id="bb-info">
                                    <button key="customView" opaque="NO" contentMode="scaleToFill" buttonType="infoLight" id="info-button">
                                        <rect key="frame" x="0.0" y="0.0" width="25" height="25"/>
                                        <userDefinedRuntimeAttributes>
                                            <userDefinedRuntimeAttribute type="string" keyPath="keyEquivalent" value="i"/>
                                        </userDefinedRuntimeAttributes>
                                        <connections>
                                            <segue destination="edit-nav" kind="presentation" identifier="ShowAbout" id="seg-about"/>
                                        </connections>
                                    </button>
                                </barButtonItem>
                            </navigationItem>
                            <connections>
                                <outlet property="password" destination="password" id="out-password"/>
                                <outletCollection property="controls" destination="slider" id="out-c1"/>
                                <segue destination="edit-nav" kind="presentation" identifier="Manual" modalPresentationStyle="fullScreen" id="seg-manual"/>
                            </connections>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr-3" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <!--Child-->
                <scene sceneID="scene-child">
                    <objects>
                        <viewController id="child-1" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="child-view">
                                <color key="backgroundColor" white="0.5" alpha="1" colorSpace="calibratedWhite"/>
                            </view>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr-4" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <!--Edit-->
                <scene sceneID="scene-edit-nav">
                    <objects>
                        <navigationController id="edit-nav" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="nav-bar-2"/>
                            <connections>
                                <segue destination="edit-1" kind="relationship" relationship="rootViewController" id="seg-edit-root"/>
                            </connections>
                        </navigationController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr-5" sceneMemberID="firstResponder"/>
                    </objects>
                </scene>
                <scene sceneID="scene-edit">
                    <objects>
                        <viewController title="Edit" id="edit-1" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="edit-view">
                                <subviews>
                                    <navigationBar contentMode="scaleToFill" id="edit-bar">
                                        <rect key="frame" x="0.0" y="0.0" width="414" height="44"/>
                                        <items>
                                            <navigationItem title="Settings" id="edit-bar-item">
                                                <barButtonItem key="leftBarButtonItem" systemItem="cancel" id="bb-cancel">
                                                    <connections>
                                                        <segue destination="exit-edit" kind="unwind" unwindAction="cancel:" id="seg-cancel"/>
                                                    </connections>
                                                </barButtonItem>
                                                <barButtonItem key="rightBarButtonItem" systemItem="save" id="bb-save">
                                                    <connections>
                                                        <segue destination="exit-edit" kind="unwind" identifier="Save" unwindAction="save:" id="seg-save"/>
                                                    </connections>
                                                </barButtonItem>
                                            </navigationItem>
                                        </items>
                                    </navigationBar>
                                </subviews>
                            </view>
                            <tabBarItem key="tabBarItem" title="Edit" systemItem="more" id="edit-tab"/>
                        </viewController>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="fr-6" sceneMemberID="firstResponder"/>
                        <exit id="exit-edit" userLabel="Exit" sceneMemberID="exit"/>
                    </objects>
                </scene>
            </scenes>
            <resources>
                <image name="star" width="16" height="16"/>
                <systemColor name="systemBackgroundColor">
                    <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                </systemColor>
            </resources>
            <inferredMetricsTieBreakers>
                <segue reference="seg-show"/>
            </inferredMetricsTieBreakers>
        </document>
        """

    /// A format 1.1 file as Xcode 4.2 wrote it: numeric ids, the first responder before the
    /// controller, old segue spellings, `<view key="contentView">` without id, `<classes>`.
    static let legacy = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="1.1" toolsVersion="2182" systemVersion="11D50" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" initialViewController="3">
            <dependencies>
                <development defaultVersion="4200" identifier="xcode"/>
                <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="1181"/>
            </dependencies>
            <scenes>
                <scene sceneID="11">
                    <objects>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="10" sceneMemberID="firstResponder"/>
                        <navigationController id="3" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" id="4">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                                <autoresizingMask key="autoresizingMask"/>
                            </navigationBar>
                            <nil name="viewControllers"/>
                            <connections>
                                <segue destination="12" kind="relationship" relationship="rootViewController" id="19"/>
                            </connections>
                        </navigationController>
                    </objects>
                    <point key="canvasLocation" x="-1" y="64"/>
                </scene>
                <scene sceneID="18">
                    <objects>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="17" sceneMemberID="firstResponder"/>
                        <tableViewController title="Master" id="12" customClass="MasterViewController" sceneMemberID="viewController">
                            <tableView key="view" opaque="NO" clipsSubviews="YES" clearsContextBeforeDrawing="NO" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="static" style="grouped" rowHeight="44" sectionHeaderHeight="22" sectionFooterHeight="22" id="13">
                                <rect key="frame" x="0.0" y="64" width="320" height="416"/>
                                <color key="backgroundColor" white="1" alpha="1" colorSpace="calibratedWhite"/>
                                <sections>
                                    <tableViewSection headerTitle="Colours" footerTitle="Pick one" id="20">
                                        <cells>
                                            <tableViewCell contentMode="scaleToFill" selectionStyle="blue" accessoryType="disclosureIndicator" textLabel="22" style="IBUITableViewCellStyleDefault" id="21">
                                                <rect key="frame" x="0.0" y="46" width="320" height="44"/>
                                                <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center">
                                                    <rect key="frame" x="0.0" y="0.0" width="300" height="43"/>
                                                    <subviews>
                                                        <label opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="left" text="Red" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="22">
                                                            <rect key="frame" x="10" y="0.0" width="280" height="43"/>
                                                            <fontDescription key="fontDescription" type="boldSystem" pointSize="20"/>
                                                        </label>
                                                    </subviews>
                                                    <color key="backgroundColor" white="0.0" alpha="0.0" colorSpace="calibratedWhite"/>
                                                </view>
                                                <connections>
                                                    <segue destination="30" kind="push" identifier="ShowColor" id="31"/>
                                                </connections>
                                            </tableViewCell>
                                            <tableViewCell contentMode="scaleToFill" selectionStyle="blue" textLabel="24" detailTextLabel="25" style="IBUITableViewCellStyleValue1" id="23">
                                                <rect key="frame" x="0.0" y="90" width="320" height="44"/>
                                                <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center">
                                                    <subviews>
                                                        <label opaque="NO" text="Blue" id="24"/>
                                                        <label opaque="NO" text="Cold" textAlignment="right" id="25"/>
                                                    </subviews>
                                                </view>
                                                <connections>
                                                    <segue destination="40" kind="modal" identifier="EditColor" id="32"/>
                                                </connections>
                                            </tableViewCell>
                                        </cells>
                                    </tableViewSection>
                                </sections>
                            </tableView>
                            <navigationItem key="navigationItem" title="Colours" id="14"/>
                        </tableViewController>
                    </objects>
                    <point key="canvasLocation" x="459" y="64"/>
                </scene>
                <scene sceneID="33">
                    <objects>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="34" sceneMemberID="firstResponder"/>
                        <viewController id="30" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="35">
                                <rect key="frame" x="0.0" y="64" width="320" height="416"/>
                                <subviews>
                                    <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="roundedRect" lineBreakMode="middleTruncation" id="36">
                                        <rect key="frame" x="20" y="20" width="280" height="37"/>
                                        <fontDescription key="fontDescription" type="boldSystem" pointSize="15"/>
                                        <state key="normal" title="Begin">
                                            <color key="titleColor" red="0.19607843459999999" green="0.30980393290000002" blue="0.52156865600000002" alpha="1" colorSpace="calibratedRGB"/>
                                        </state>
                                        <state key="highlighted" title="Pressed"/>
                                    </button>
                                </subviews>
                            </view>
                            <navigationItem key="navigationItem" id="37">
                                <nil key="title"/>
                            </navigationItem>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="41">
                    <objects>
                        <placeholder placeholderIdentifier="IBFirstResponder" id="42" sceneMemberID="firstResponder"/>
                        <viewController title="Edit" id="40" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="43"/>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
            <classes>
                <class className="MasterViewController" superclassName="UITableViewController">
                    <source key="sourceIdentifier" type="project" relativePath="./Classes/MasterViewController.h"/>
                </class>
            </classes>
            <simulatedMetricsContainer key="defaultSimulatedMetrics">
                <simulatedStatusBarMetrics key="statusBar"/>
                <simulatedOrientationMetrics key="orientation"/>
                <simulatedScreenMetrics key="destination"/>
            </simulatedMetricsContainer>
        </document>
        """

    /// Containers: a tab bar over a navigation controller and a storyboard reference, and a
    /// split view; also a collection view controller.
    static let containers = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="13122.17" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" initialViewController="tabs">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <tabBarController id="tabs" sceneMemberID="viewController">
                            <tabBar key="tabBar" contentMode="scaleToFill" id="tab-bar"/>
                            <connections>
                                <segue destination="players-ref" kind="relationship" relationship="viewControllers" id="t1"/>
                                <segue destination="split" kind="relationship" relationship="viewControllers" id="t2"/>
                                <segue destination="grid" kind="relationship" relationship="viewControllers" id="t3"/>
                            </connections>
                        </tabBarController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewControllerPlaceholder storyboardName="Players" referencedIdentifier="PlayersList" id="players-ref" sceneMemberID="viewController">
                            <tabBarItem key="tabBarItem" title="Players" id="players-tab"/>
                        </viewControllerPlaceholder>
                    </objects>
                </scene>
                <scene sceneID="s3">
                    <objects>
                        <splitViewController id="split" sceneMemberID="viewController">
                            <connections>
                                <segue destination="master" kind="relationship" relationship="masterViewController" id="m1"/>
                                <segue destination="detail" kind="relationship" relationship="detailViewController" id="d1"/>
                            </connections>
                        </splitViewController>
                    </objects>
                </scene>
                <scene sceneID="s4">
                    <objects>
                        <tableViewController id="master" sceneMemberID="viewController">
                            <tableView key="view" dataMode="prototypes" id="master-table">
                                <prototypes>
                                    <tableViewCell reuseIdentifier="Row" id="master-cell">
                                        <connections>
                                            <segue destination="detail" kind="showDetail" id="sd1"/>
                                        </connections>
                                    </tableViewCell>
                                </prototypes>
                            </tableView>
                        </tableViewController>
                    </objects>
                </scene>
                <scene sceneID="s5">
                    <objects>
                        <viewController id="detail" sceneMemberID="viewController">
                            <view key="view" id="detail-view">
                                <subviews>
                                    <sceneKitView clipsSubviews="YES" multipleTouchEnabled="YES" id="map"/>
                                </subviews>
                            </view>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s6">
                    <objects>
                        <collectionViewController id="grid" sceneMemberID="viewController">
                            <collectionView key="view" clipsSubviews="YES" dataMode="prototypes" id="grid-view">
                                <collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="10" id="grid-layout"/>
                                <cells>
                                    <collectionViewCell opaque="NO" reuseIdentifier="Tile" id="tile">
                                        <view key="contentView" opaque="NO" clipsSubviews="YES" id="tile-content">
                                            <subviews>
                                                <label opaque="NO" text="Tile" id="tile-label"/>
                                            </subviews>
                                        </view>
                                        <connections>
                                            <segue destination="detail" kind="popoverPresentation" popoverAnchorView="tile" id="pop1">
                                                <popoverArrowDirection key="popoverArrowDirection" up="YES"/>
                                            </segue>
                                        </connections>
                                    </collectionViewCell>
                                </cells>
                            </collectionView>
                        </collectionViewController>
                    </objects>
                </scene>
            </scenes>
        </document>
        """
}
