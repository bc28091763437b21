import Flow
import Testing

/// A small file with one of each kind of edge: relationship, show (cell, accessory), manual
/// presentation, embed, custom, unwind, and a storyboard reference.
private let sample = storyboard(initial: "nav", """
    \(scene("nav", kind: "navigationController", """
        <connections><segue destination="list" kind="relationship" relationship="rootViewController" id="root"/></connections>
        """))
    \(scene("list", kind: "tableViewController", exit: "list-exit", """
        <tableView key="view" dataMode="prototypes" id="table">
            <prototypes>
                <tableViewCell reuseIdentifier="Cell" id="cell">
                    <connections>
                        <segue destination="detail" kind="show" identifier="ShowDetail" id="s1"/>
                        <segue destination="info" kind="show" identifier="ShowInfo" trigger="accessoryAction" id="s2"/>
                    </connections>
                </tableViewCell>
            </prototypes>
        </tableView>
        <navigationItem key="navigationItem" title="List" id="list-item"/>
        <connections>
            <segue destination="other" kind="presentation" identifier="Jump" id="s3"/>
            <segue destination="list-exit" kind="unwind" unwindAction="unwindHome:" id="s4"/>
        </connections>
        """))
    \(scene("detail", """
        <view key="view" id="detail-view"><subviews>
            <containerView id="box"><connections><segue destination="embedded" kind="embed" identifier="EmbedMap" id="s5"/></connections></containerView>
            <button id="fade-button"><state key="normal" title="Fade"/><connections>
                <segue destination="info" kind="custom" customClass="FadeSegue" id="s6"/>
            </connections></button>
        </subviews></view>
        <navigationItem key="navigationItem" title="Detail" id="detail-item"/>
        """))
    \(scene("embedded"))
    \(scene("info", "<navigationItem key=\"navigationItem\" title=\"Info\" id=\"info-item\"/>"))
    <scene sceneID="s-other"><objects><viewControllerPlaceholder storyboardName="Other" referencedIdentifier="Start" id="other" sceneMemberID="viewController"/></objects></scene>
    """)

private func document() throws -> StoryboardDocument {
    try #require(loadStoryboard(sample).document)
}

/// The lines of `text` that start (after indentation) with `prefix`.
private func lines(_ text: String, startingWith prefix: String) -> [String] {
    text.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { $0.hasPrefix(prefix) }.map(String.init)
}

@Suite struct GraphExporterTests {
    @Test func dotHasANodePerSceneAndAnEdgePerSegue() throws {
        let dot = GraphExporter.dot(try document())
        #expect(dot.hasPrefix("digraph \"Test.storyboard\" {\n"))
        #expect(dot.hasSuffix("}\n"))
        // Scenes in file order: nav, list, detail, embedded, info, other.
        #expect(lines(dot, startingWith: "n0 [") == ["n0 [label=\"Navigation Controller\\nNavigationController\", id=\"nav\", peripheries=2];"])
        #expect(lines(dot, startingWith: "n1 [") == ["n1 [label=\"List\\nTableViewController\", id=\"list\"];"])
        #expect(lines(dot, startingWith: "n5 [") == ["n5 [label=\"→ Other.storyboard\\nStart\", id=\"other\", shape=folder];"])
        let edges = lines(dot, startingWith: "n").filter { $0.contains(" -> ") }
        #expect(edges == [
            "n0 -> n1 [label=\"rootViewController\", style=dashed];",
            "n1 -> n2 [label=\"show ShowDetail\"];",
            "n1 -> n4 [label=\"show ShowInfo (accessory)\"];",
            "n1 -> n5 [label=\"present Jump (manual)\"];",
            "n1 -> exit [label=\"unwind unwindHome: (manual)\", style=dotted];",
            "n2 -> n3 [label=\"embed EmbedMap\", style=bold, penwidth=2];",
            "n2 -> n4 [label=\"custom [FadeSegue]\"];",
        ])
        #expect(lines(dot, startingWith: "start") == ["start [shape=point, width=0.15, label=\"\"];", "start -> n0;"])
        #expect(lines(dot, startingWith: "exit [") == ["exit [shape=cds, label=\"Exit (unwind)\"];"])
    }

    @Test func mermaidDrawsTheSameGraph() throws {
        let mermaid = GraphExporter.mermaid(try document())
        #expect(mermaid.hasPrefix("flowchart LR\n"))
        #expect(lines(mermaid, startingWith: "n1[") == ["n1[\"List<br>TableViewController\"]"])
        #expect(lines(mermaid, startingWith: "n5[") == ["n5[/\"→ Other.storyboard<br>Start\"/]"])
        #expect(lines(mermaid, startingWith: "n").filter { $0.contains("|") } == [
            "n0 -.->|\"rootViewController\"| n1",
            "n1 -->|\"show ShowDetail\"| n2",
            "n1 -->|\"show ShowInfo (accessory)\"| n4",
            "n1 -->|\"present Jump (manual)\"| n5",
            "n1 -.->|\"unwind unwindHome: (manual)\"| exit",
            "n2 ==>|\"embed EmbedMap\"| n3",
            "n2 -->|\"custom [FadeSegue]\"| n4",
        ])
        #expect(lines(mermaid, startingWith: "start") == ["start((start))", "start --> n0"])
        #expect(mermaid.contains("    class n0 initial\n"))
    }

    @Test func withNoInitialSceneThereIsNoStart() throws {
        let document = try #require(loadStoryboard(storyboard(initial: nil, scene("a"))).document)
        #expect(!GraphExporter.dot(document).contains("start"))
        #expect(!GraphExporter.mermaid(document).contains("start"))
        #expect(!GraphExporter.dot(document).contains("exit"))
    }

    @Test func dotLabelsAreEscaped() {
        #expect(GraphExporter.dotEscaped(#"say "hi""#) == #"say \"hi\""#)
        // Backslashes are doubled, so DOT's own escapes (\N, \l) stay literal text.
        #expect(GraphExporter.dotEscaped(#"a\Nb\l"#) == #"a\\Nb\\l"#)
        #expect(GraphExporter.dotEscaped("one\ntwo") == #"one\ntwo"#)
        #expect(GraphExporter.dotEscaped("tab\there\r") == "tab here ")
        #expect(GraphExporter.dotEscaped("\u{1B}[31mred") == "U+001B[31mred")
        #expect(GraphExporter.dotEscaped("\u{202E}evil") == "U+202Eevil")
        #expect(GraphExporter.dotEscaped("café → ok") == "café → ok")
    }

    @Test func mermaidLabelsAreEscaped() {
        #expect(GraphExporter.mermaidEscaped(#"say "hi""#) == "say #quot;hi#quot;")
        #expect(GraphExporter.mermaidEscaped("a|b") == "a#124;b")
        #expect(GraphExporter.mermaidEscaped("<b>&") == "#lt;b#gt;#amp;")
        #expect(GraphExporter.mermaidEscaped("#1;") == "#35;1#59;")
        #expect(GraphExporter.mermaidEscaped("one\ntwo") == "one<br>two")
        #expect(GraphExporter.mermaidEscaped("\u{7}bell") == "U+0007bell")
        #expect(GraphExporter.mermaidEscaped("`code`") == "#96;code#96;")
    }

    @Test func hostileTitlesCannotBreakTheSyntax() throws {
        let text = storyboard(initial: "a&quot;", """
            <scene sceneID="s-a"><objects><viewController title="x&quot;];&#10;n9 --&gt; n0 [label=&quot;" id="a&quot;" sceneMemberID="viewController"/></objects></scene>
            """)
        let document = try #require(loadStoryboard(text).document)
        let dot = GraphExporter.dot(document)
        // One node line, one start edge: the title's quote and line break stay inside the label.
        #expect(lines(dot, startingWith: "n9").isEmpty)
        #expect(lines(dot, startingWith: "n0 [") == [#"n0 [label="x\"];\nn9 --> n0 [label=\"\nViewController", id="a\"", peripheries=2];"#])
        let mermaid = GraphExporter.mermaid(document)
        #expect(lines(mermaid, startingWith: "n9").isEmpty)
        #expect(lines(mermaid, startingWith: "n0[").count == 1)
    }
}
