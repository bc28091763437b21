// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "storyboard",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Flow", targets: ["Flow"]),
        .library(name: "TUI", targets: ["TUI"]),
        .executable(name: "storyboard", targets: ["storyboard"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The storyboard runtime: Swift, no terminal; libxml2 reads the files.
        .target(name: "Flow", dependencies: ["CLibXML2"]),
        // The storyboard parser: libxml2's SAX2 interface, through a small shim.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // The bundled storyboard files, as SwiftPM resources.
        .target(
            name: "BundledStoryboards",
            path: "Resources",
            sources: ["BundledStoryboards.swift"],
            resources: [.copy("storyboards")]
        ),
        // The terminal's C import: wide-character ncurses and a few macro wrappers.
        .systemLibrary(
            name: "CCurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"])]
        ),
        // The terminal shell: cell buffer, renderers, key maps, and the ncurses back end.
        .target(name: "TUI", dependencies: ["Flow", "CCurses"]),
        // The demo apps' controllers and their SQLite store.
        .target(
            name: "Demos",
            dependencies: ["Flow", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .executableTarget(
            name: "storyboard",
            dependencies: [
                "Flow", "TUI", "Demos", "BundledStoryboards",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // A child process for the store's kill -9 and two-writer tests, and the end-to-end drills'
        // look into the store; not a product.
        .executableTarget(name: "store-helper", dependencies: ["Demos"]),
        // Benchmarks of the runtime (see docs/benchmarks.md); not a product.
        .executableTarget(name: "flow-bench", dependencies: ["Flow", "Demos"], path: "Benchmarks/flow-bench"),
        .target(name: "TestSupport", dependencies: ["Flow"], path: "Tests/TestSupport"),
        .testTarget(
            // CLibXML2 so a test can watch libxml2's global error handlers.
            name: "FlowTests", dependencies: ["Flow", "TestSupport", "CLibXML2"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "TUITests", dependencies: ["TUI", "Flow", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(
            name: "DemosTests",
            dependencies: [
                "Demos", "TUI", "Flow", "BundledStoryboards", "TestSupport", "store-helper",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["Snapshots"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "Flow", "storyboard", "store-helper"]),
    ]
)
