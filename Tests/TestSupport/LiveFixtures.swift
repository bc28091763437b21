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

    /// A split view of mail: the primary column a list of folders with a search field, the
    /// secondary a message (its text `message`) in a stack, with a button pushing its
    /// headers (`headers`).
    public static func mail(folders: String = "Mailboxes", message: String = "Lunch at noon?", headers: String = "From: Ada") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="S">
            <scenes>
                <scene sceneID="s-S"><objects>
                    <splitViewController id="S" sceneMemberID="viewController">
                        <connections>
                            <segue destination="LN" kind="relationship" relationship="masterViewController" id="r-LN"/>
                            <segue destination="DN" kind="relationship" relationship="detailViewController" id="r-DN"/>
                        </connections>
                    </splitViewController>
                </objects></scene>
                <scene sceneID="s-LN"><objects>
                    <navigationController id="LN" sceneMemberID="viewController">
                        <connections><segue destination="L" kind="relationship" relationship="rootViewController" id="r-L"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s-L"><objects>
                    <viewController title="\(folders)" id="L" sceneMemberID="viewController">
                        <view key="view" id="L-v"><subviews>
                            <textField placeholder="Search" id="search"/>
                            <label text="Inbox" id="inbox"/>
                        </subviews></view>
                        <navigationItem key="navigationItem" title="\(folders)" id="L-n"/>
                    </viewController>
                </objects></scene>
                <scene sceneID="s-DN"><objects>
                    <navigationController id="DN" sceneMemberID="viewController">
                        <connections><segue destination="D" kind="relationship" relationship="rootViewController" id="r-D"/></connections>
                    </navigationController>
                </objects></scene>
                <scene sceneID="s-D"><objects>
                    <viewController title="Message" id="D" sceneMemberID="viewController">
                        <view key="view" id="D-v"><subviews>
                            <label text="\(message)" id="body"/>
                            <button id="more"><state key="normal" title="Headers"/>
                                <connections><segue destination="H" kind="show" identifier="ShowHeaders" id="g-H"/></connections>
                            </button>
                        </subviews></view>
                        <navigationItem key="navigationItem" title="Message" id="D-n"/>
                    </viewController>
                </objects></scene>
                <scene sceneID="s-H"><objects>
                    <viewController title="Headers" id="H" sceneMemberID="viewController">
                        <view key="view" id="H-v"><subviews>
                            <label text="\(headers)" id="from"/>
                        </subviews></view>
                        <navigationItem key="navigationItem" title="Headers" id="H-n"/>
                    </viewController>
                </objects></scene>
            </scenes>
        </document>
        """
    }

    /// A page view controller of class `LivePages` and three scenes for its pages, each
    /// with a storyboard identifier (`P1`…`P3`) and a label; the third's text is `last`.
    public static func pages(last: String = "Share it") -> String {
        let texts = ["Welcome", "Make a list", last]
        let scenes = texts.enumerated().map { index, text in
            """
                    <scene sceneID="s-P\(index + 1)"><objects>
                        <viewController title="Page \(index + 1)" storyboardIdentifier="P\(index + 1)" id="P\(index + 1)" sceneMemberID="viewController">
                            <view key="view" id="P\(index + 1)-v"><subviews><label text="\(text)" id="P\(index + 1)-l"/></subviews></view>
                        </viewController>
                    </objects></scene>
            """
        }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="G">
                <scenes>
                    <scene sceneID="s-G"><objects>
                        <pageViewController title="Tour" id="G" customClass="LivePages" transitionStyle="scroll" navigationOrientation="horizontal" spineLocation="none" sceneMemberID="viewController"/>
                    </objects></scene>
            \(scenes)
                </scenes>
            </document>
            """
    }
}
