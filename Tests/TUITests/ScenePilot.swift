import Flow
import Foundation
import TUI

extension Pilot {
    /// The scene with storyboard identifier `identifier` of the storyboard `xml`, started
    /// alone (as `storyboard render FILE --scene ID` does) on a screen of `size`.
    static func scene(_ identifier: String, of xml: String, size: Size, screenReader: Bool = false) throws -> Pilot {
        let loaded = try StoryboardLoader.load(data: Data(xml.utf8), fileName: "Fixture.storyboard")
        let application = Application()
        application.isScreenReaderRunning = screenReader
        let storyboard = application.storyboard(document: loaded.document)
        let root = try storyboard.instantiateViewController(withIdentifier: identifier)
        application.setRootViewController(root)
        return Pilot(application: application, size: size)
    }
}
