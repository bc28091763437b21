/// Storyboards the live-reload tests rewrite while something runs them.
public enum LiveFixtures {
    /// A pantry: a list with a button to an item (a label and a note field) and an add
    /// button presenting a sheet (a navigation controller with a name field); `barButtons`
    /// (id and title) go in the list's bar after the add button.
    public static func pantry(
        shelf: String = "Shelf 2", listTitle: String = "Pantry", withItem: Bool = true, addTitle: String = "New Item",
        barButtons: [(id: String, title: String)] = []
    ) -> String {
        let add = """
            <barButtonItem \(barButtons.isEmpty ? #"key="rightBarButtonItem" "# : "")systemItem="add" id="add">
                <connections><segue destination="S" kind="presentation" identifier="Add" id="g-S"/></connections>
            </barButtonItem>
            """
        let more = barButtons.map { #"<barButtonItem title="\#($0.title)" id="\#($0.id)"/>"# }.joined()
        let bar = barButtons.isEmpty ? add : "<rightBarButtonItems>" + add + more + "</rightBarButtonItems>"
        let item = withItem ? """
                    <scene sceneID="s-I"><objects>
                        <viewController title="Item" id="I" sceneMemberID="viewController">
                            <view key="view" id="I-v"><subviews>
                                <label text="\(shelf)" id="shelf"/>
                                <textField placeholder="Note" id="note"/>
                            </subviews></view>
                            <navigationItem key="navigationItem" title="Item" id="I-n"/>
                        </viewController>
                    </objects></scene>
            """ : ""
        let open = withItem ? """
                                <button id="open"><state key="normal" title="Open item"/>
                                    <connections><segue destination="I" kind="show" identifier="ShowItem" id="g-I"/></connections>
                                </button>
            """ : ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="N">
                <scenes>
                    <scene sceneID="s-N"><objects>
                        <navigationController id="N" sceneMemberID="viewController">
                            <connections><segue destination="P" kind="relationship" relationship="rootViewController" id="r-P"/></connections>
                        </navigationController>
                    </objects></scene>
                    <scene sceneID="s-P"><objects>
                        <viewController title="\(listTitle)" id="P" sceneMemberID="viewController">
                            <view key="view" id="P-v"><subviews>
                                <label text="Everything on the shelves" id="intro"/>
            \(open)
                            </subviews></view>
                            <navigationItem key="navigationItem" title="\(listTitle)" id="P-n">\(bar)</navigationItem>
                        </viewController>
                    </objects></scene>
            \(item)
                    <scene sceneID="s-S"><objects>
                        <navigationController id="S" sceneMemberID="viewController">
                            <connections><segue destination="A" kind="relationship" relationship="rootViewController" id="r-A"/></connections>
                        </navigationController>
                    </objects></scene>
                    <scene sceneID="s-A"><objects>
                        <viewController title="\(addTitle)" id="A" sceneMemberID="viewController">
                            <view key="view" id="A-v"><subviews>
                                <textField placeholder="Name" id="name"/>
                            </subviews></view>
                            <navigationItem key="navigationItem" title="\(addTitle)" id="A-n"/>
                        </viewController>
                    </objects></scene>
                </scenes>
            </document>
            """
    }

    /// Two tabs: a table of `rows` static rows ("Row 1"…) and a scene with a label.
    public static func tabs(label: String = "Second tab", rows: Int = 40) -> String {
        let cells = (1...rows).map { number in
            "<tableViewCell style=\"IBUITableViewCellStyleDefault\" textLabel=\"l\(number)\" id=\"c\(number)\"><tableViewCellContentView key=\"contentView\" id=\"v\(number)\"><subviews><label text=\"Row \(number)\" id=\"l\(number)\"/></subviews></tableViewCellContentView></tableViewCell>"
        }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="T">
                <scenes>
                    <scene sceneID="s-T"><objects>
                        <tabBarController id="T" sceneMemberID="viewController">
                            <connections>
                                <segue destination="L" kind="relationship" relationship="viewControllers" id="r-L"/>
                                <segue destination="B" kind="relationship" relationship="viewControllers" id="r-B"/>
                            </connections>
                        </tabBarController>
                    </objects></scene>
                    <scene sceneID="s-L"><objects>
                        <tableViewController title="Rows" id="L" sceneMemberID="viewController">
                            <tableView key="view" dataMode="static" style="plain" id="L-t"><sections><tableViewSection id="L-s"><cells>\(cells)</cells></tableViewSection></sections></tableView>
                            <tabBarItem key="tabBarItem" title="Rows" id="L-i"/>
                        </tableViewController>
                    </objects></scene>
                    <scene sceneID="s-B"><objects>
                        <viewController title="Other" id="B" sceneMemberID="viewController">
                            <view key="view" id="B-v"><subviews><label text="\(label)" id="B-l"/></subviews></view>
                            <tabBarItem key="tabBarItem" title="Other" id="B-i"/>
                        </viewController>
                    </objects></scene>
                </scenes>
            </document>
            """
    }
}
