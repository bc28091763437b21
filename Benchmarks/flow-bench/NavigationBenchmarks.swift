import Flow
import Foundation

/// The root of the navigation benchmarks' stack; it declares the unwind action.
final class BenchRootViewController: ViewController {
    private(set) var unwinds = 0

    override class var actionTable: ActionTable {
        var table = super.actionTable
        table.unwind("unwindToRoot:", BenchRootViewController.unwindToRoot)
        return table
    }

    func unwindToRoot(_ segue: StoryboardSegue) { unwinds += 1 }
}

/// Push/pop round trips and deep unwinds on an application made from a small storyboard.
enum NavigationBenchmarks {
    /// A navigation controller whose root declares `unwindToRoot:`, and a child scene with a
    /// manual unwind segue ("Back") and a label, the shape of an ordinary detail screen.
    static let storyboardXML = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" initialViewController="nav">
            <scenes>
                <scene sceneID="s1">
                    <objects>
                        <navigationController id="nav" sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="bar"/>
                            <connections>
                                <segue destination="root" kind="relationship" relationship="rootViewController" id="rel"/>
                            </connections>
                        </navigationController>
                    </objects>
                </scene>
                <scene sceneID="s2">
                    <objects>
                        <viewController title="Root" id="root" customClass="BenchRootViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="rootView">
                                <subviews>
                                    <label text="Root" id="rootLabel"/>
                                </subviews>
                            </view>
                            <navigationItem key="navigationItem" title="Root" id="rootItem"/>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="s3">
                    <objects>
                        <viewController title="Child" storyboardIdentifier="Child" id="child" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="childView">
                                <subviews>
                                    <label text="A child screen" id="childLabel"/>
                                    <button id="childButton">
                                        <state key="normal" title="Back to root"/>
                                    </button>
                                </subviews>
                            </view>
                            <navigationItem key="navigationItem" title="Child" id="childItem"/>
                            <connections>
                                <segue destination="childExit" kind="unwind" identifier="Back" unwindAction="unwindToRoot:" id="back"/>
                            </connections>
                        </viewController>
                        <exit id="childExit" userLabel="Exit" sceneMemberID="exit"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """

    /// A running application with the navigation controller as the window's root.
    static func makeApplication() -> (Application, Storyboard, NavigationController) {
        let registry = ClassRegistry()
        registry.register(BenchRootViewController.self, as: "BenchRootViewController")
        let application = Application(registry: registry)
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("flow-bench-navigation-\(getpid()).storyboard")
        do {
            try Data(storyboardXML.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            let storyboard = try application.storyboard(contentsOf: url)
            guard let navigation = storyboard.instantiateInitialViewController() as? NavigationController else {
                fail("the navigation storyboard has no navigation controller")
            }
            application.setRootViewController(navigation)
            return (application, storyboard, navigation)
        } catch {
            fail("cannot load the navigation storyboard: \(error)")
        }
    }

    /// Seconds per push+pop round trip: the median over batches of `batch` round trips.
    ///
    /// - Parameters:
    ///   - fromStoryboard: each pushed controller is instantiated from the storyboard (as a
    ///     segue does) instead of made in code; the instantiation is inside the timing.
    ///   - traceCapacity: the trace's capacity; `nil` keeps the default.
    ///   - prefill: round trips run before timing (to fill the trace to capacity).
    ///   - clearsTrace: the trace is emptied before each batch, so it never reaches capacity.
    static func pushPop(
        fromStoryboard: Bool, traceCapacity: Int?, prefill: Int, clearsTrace: Bool = false,
        batches: Int = 31, batch: Int = 500
    ) -> (median: Double, p95: Double, traceCount: Int, eventsPerRoundTrip: Int) {
        let (application, storyboard, navigation) = makeApplication()
        if let traceCapacity { application.trace.capacity = traceCapacity }
        func roundTrip() {
            let child: ViewController
            if fromStoryboard {
                do { child = try storyboard.instantiateViewController(withIdentifier: "Child") } catch {
                    fail("\(error)")
                }
            } else {
                child = ViewController()
                child.title = "Pushed"
            }
            navigation.pushViewController(child)
            navigation.popViewController()
        }
        application.trace.clear()
        roundTrip()
        let eventsPerRoundTrip = application.trace.events.count
        for _ in 0..<prefill { roundTrip() }
        guard navigation.viewControllers.count == 1 else { fail("push/pop left \(navigation.viewControllers.count) controllers") }
        var samples = Samples()
        for _ in 0..<batches {
            if clearsTrace { application.trace.clear() }
            let elapsed = time { for _ in 0..<batch { roundTrip() } }
            samples.add(elapsed / batch)
        }
        guard navigation.viewControllers.count == 1 else { fail("push/pop left \(navigation.viewControllers.count) controllers") }
        return (samples.median, samples.p95, application.trace.events.count, eventsPerRoundTrip)
    }

    /// Seconds per unwind across `depth` levels: a stack of `depth` children above the root
    /// is built (untimed), then the top child's "Back" unwind segue is timed.
    static func unwind(depth: Int, repetitions: Int) -> (median: Double, p95: Double, build: Double) {
        let (application, storyboard, navigation) = makeApplication()
        guard let root = navigation.viewControllers.first as? BenchRootViewController else {
            fail("the root is not the registered class")
        }
        var samples = Samples()
        var builds = Samples()
        for _ in 0..<repetitions {
            var children: [ViewController] = []
            let build = time {
                for _ in 0..<depth {
                    do { children.append(try storyboard.instantiateViewController(withIdentifier: "Child")) } catch {
                        fail("\(error)")
                    }
                }
                navigation.setViewControllers([root] + children)
            }
            builds.add(build)
            guard navigation.viewControllers.count == depth + 1, let top = children.last else { fail("the stack was not built") }
            let before = root.unwinds
            samples.add(time { top.performSegue(withIdentifier: "Back", sender: nil) })
            guard root.unwinds == before + 1, navigation.viewControllers.count == 1 else {
                fail("the unwind did not reach the root (stack \(navigation.viewControllers.count), warnings \(application.warnings.suffix(2)))")
            }
        }
        return (samples.median, samples.p95, builds.median)
    }
}
