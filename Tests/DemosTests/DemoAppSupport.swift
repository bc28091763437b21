import BundledStoryboards
import Flow
import Foundation
import Testing
@testable import Demos

/// A bundled demo running headless on a store in a temporary directory.
final class RunningDemo {
    let directory: TemporaryDirectory
    let store: DemoStore
    let application: Application
    let storyboard: Storyboard
    let driver: FlowDriver

    init(_ name: String, directory: TemporaryDirectory? = nil, seeds: Bool = true, launch: Bool = true) throws {
        self.directory = try directory ?? TemporaryDirectory()
        store = try DemoStore.open(dataDirectory: self.directory.url, seedsSampleData: seeds)
        application = Application(registry: Demos.registry(), storyboardDirectories: [BundledStoryboards.directory])
        application.register(store: store)
        // Inventory is no target of its own (a tab of the tour), but its file is still bundled.
        let hidden = BundledStoryboards.names.first { $0.lowercased() == name }
            .map { BundledStoryboards.directory.appendingPathComponent($0 + ".storyboard") }
        let url = try #require(BundledStoryboards.url(named: name) ?? hidden)
        storyboard = try application.storyboard(contentsOf: url)
        if launch {
            driver = try FlowDriver.launch(storyboard)
        } else {
            driver = FlowDriver(application: application)
        }
    }
}
