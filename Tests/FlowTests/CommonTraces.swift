/// The traces of steps several suites take on the same scenes: a navigation controller "N"
/// whose root is "A", and "A"'s Go button showing "B". Named the same way, they record the
/// same calls in every suite.
enum CommonTraces {
    /// The launch of A as N's root.
    static let launchOfAInNavigation = [
        "root ViewController \"A\"",
        "NavigationController \"N\".viewDidLoad",
        "ViewController \"A\".viewDidLoad",
        "NavigationController \"N\".viewWillAppear",
        "ViewController \"A\".viewWillAppear",
        "NavigationController \"N\".viewDidAppear",
        "ViewController \"A\".viewDidAppear",
    ]

    /// Go pushes B on A.
    static let pushOfB = [
        "ViewController \"A\".shouldPerformSegue() → true",
        "segue show ViewController \"A\" → ViewController \"B\"",
        "ViewController \"A\".prepare()",
        "ViewController \"B\".viewDidLoad",
        "ViewController \"A\".viewWillDisappear",
        "ViewController \"B\".viewWillAppear",
        "ViewController \"A\".viewDidDisappear",
        "ViewController \"B\".viewDidAppear",
    ]
}
