import Flow
import Foundation
import TestSupport
@testable import TUI

/// The corpus storyboards holding the views of Xcode 13 to 16 (`Tests/Corpus/Trips` and
/// `Gadgets`), run in a shell on a memory terminal.
enum ModernViewFixtures {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus")

    /// `NAME.storyboard` of the corpus, launched at its initial scene, with `registry`'s
    /// classes.
    static func open(_ name: String, size: Size = Size(width: 60, height: 22), registry: ClassRegistry = ClassRegistry()) throws -> Pilot {
        let url = corpus.appendingPathComponent(name + ".storyboard")
        let application = Application(registry: registry, storyboardDirectories: [corpus])
        _ = try FlowDriver.launch(try application.storyboard(contentsOf: url))
        return Pilot(application: application, size: size)
    }
}

extension Pilot {
    /// The screen's last row but one: where a controller's toolbar sits, above the footer.
    var toolbarLine: String { screenLines.dropLast().last ?? "" }

    /// The footer's row.
    var footerLine: String { screenLines.last ?? "" }

    /// The controller on top.
    var top: ViewController? { shell.application.topViewController }
}
