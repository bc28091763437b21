/// The width class of a window, as UIKit's trait collections name it: compact (an iPhone, a
/// narrow terminal) or regular (an iPad, a wide terminal).
public enum SizeClass: String, Sendable {
    case compact, regular
}

extension Application {
    /// Changes the window's width class, as a rotation or a window resize does on iOS:
    /// split views collapse into one stack or expand into columns, in one transition whose
    /// appearance calls tell the controllers that arrive or leave.
    public func setHorizontalSizeClass(_ sizeClass: SizeClass) {
        guard sizeClass != horizontalSizeClass else { return }
        let adapting = allControllers.filter(\.adaptsToSizeClass)
        // With nothing to rearrange, the width is all that changes: no transition.
        guard !adapting.isEmpty else {
            horizontalSizeClass = sizeClass
            return
        }
        trace.record(.note("the window is now \(sizeClass.rawValue) width"))
        transition(.navigation) {
            self.horizontalSizeClass = sizeClass
            for controller in adapting { (controller as? SizeClassAdapting)?.adapt(to: sizeClass) }
        }
    }
}

/// A container that rearranges its children when the window's width class changes (a split
/// view collapsing its columns into one stack, or expanding them again).
protocol SizeClassAdapting: ViewController {
    /// Rearranges the children for `sizeClass`, without appearance calls (the change runs
    /// inside the application's transition, which sends them).
    func adapt(to sizeClass: SizeClass)
}
