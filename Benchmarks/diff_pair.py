#!/usr/bin/env python3
"""Writes a pair of storyboard versions for `storyboard diff`'s benchmark.

Usage: diff_pair.py SCENES OLD NEW

Each scene is a view controller with a title, a view holding three labels, a text field and
a button whose show segue leads to the next scene, and four constraints: about 2.5 KB of
XML a scene, as Xcode writes it. The new version is the old one re-saved by a newer Xcode
(tool version) with one scene in fifty edited: a label's text changed, the button's segue
retargeted, a constraint's constant changed and a label added.
"""
import sys


def scene(number, count, edited):
    i = f"{number:05d}"
    target = (number + (2 if edited else 1)) % count
    label_text = f"Changed {number}" if edited else f"Detail {number}"
    constant = "16" if edited else "8"
    extra = f'<label text="New {number}" id="N{i}-lb-x"/>\n' if edited else ""
    return f"""        <scene sceneID="S{i}-sc-0">
            <objects>
                <viewController title="Screen {number}" id="V{i}-vc-0" customClass="ScreenViewController" sceneMemberID="viewController">
                    <view key="view" contentMode="scaleToFill" id="V{i}-vw-0">
                        <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                        <subviews>
                            <label text="Title {number}" id="L{i}-lb-1"><rect key="frame" x="20" y="100" width="350" height="21"/></label>
                            <label text="{label_text}" id="L{i}-lb-2"><rect key="frame" x="20" y="130" width="350" height="21"/></label>
                            <label text="Footer {number}" id="L{i}-lb-3"><rect key="frame" x="20" y="160" width="350" height="21"/></label>
                            <textField placeholder="Name" borderStyle="roundedRect" id="T{i}-tf-0"><rect key="frame" x="20" y="200" width="350" height="34"/></textField>
                            {extra}<button buttonType="system" id="B{i}-bt-0"><rect key="frame" x="20" y="250" width="350" height="35"/>
                                <state key="normal" title="Next"/>
                                <connections><segue destination="V{target:05d}-vc-0" kind="show" identifier="Next" id="G{i}-sg-0"/></connections>
                            </button>
                        </subviews>
                        <constraints>
                            <constraint firstItem="L{i}-lb-1" firstAttribute="leading" secondItem="V{i}-vw-0" secondAttribute="leading" constant="20" id="C{i}-cn-1"/>
                            <constraint firstItem="L{i}-lb-2" firstAttribute="top" secondItem="L{i}-lb-1" secondAttribute="bottom" constant="{constant}" id="C{i}-cn-2"/>
                            <constraint firstItem="T{i}-tf-0" firstAttribute="top" secondItem="L{i}-lb-3" secondAttribute="bottom" constant="8" id="C{i}-cn-3"/>
                            <constraint firstItem="B{i}-bt-0" firstAttribute="top" secondItem="T{i}-tf-0" secondAttribute="bottom" constant="8" id="C{i}-cn-4"/>
                        </constraints>
                    </view>
                    <connections><outlet property="nameField" destination="T{i}-tf-0" id="O{i}-ou-0"/></connections>
                </viewController>
                <placeholder placeholderIdentifier="IBFirstResponder" id="F{i}-fr-0" sceneMemberID="firstResponder"/>
            </objects>
            <point key="canvasLocation" x="{number * 400}" y="0.0"/>
        </scene>
"""


def document(count, tools, edit):
    head = f"""<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="{tools}" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES" initialViewController="V00000-vc-0">
    <dependencies>
        <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="{tools}"/>
    </dependencies>
    <scenes>
"""
    body = "".join(scene(n, count, edit and n % 50 == 7) for n in range(count))
    return head + body + "    </scenes>\n</document>\n"


def main():
    count, old, new = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    with open(old, "w") as f:
        f.write(document(count, "22505", False))
    with open(new, "w") as f:
        f.write(document(count, "23504", True))


if __name__ == "__main__":
    main()
