// swift-tools-version:6.0
import PackageDescription

/// Release builds of every module the daemon links leave out the run-time exclusivity checks:
/// each module's state is driven by one thread at a time, and debug builds, which the tests run,
/// keep them (what they cost: docs/performance.md).
let uncheckedInRelease: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

let package = Package(
    name: "gestured",
    products: [
        .executable(name: "gestured", targets: ["gestured"]),
        .executable(name: "gestured-settings", targets: ["gestured-settings"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.0"),
    ],
    targets: [
        // The engine: the standard library, and swift-numerics for the trigonometry libm does.
        .target(
            name: "GestureCore",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: uncheckedInRelease),
        // Strokes: templates, matching, the reading of a stroke, and its recognizer. Pure, like the engine.
        .target(
            name: "GestureStrokes",
            dependencies: ["GestureCore", .product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: uncheckedInRelease),
        .target(
            name: "GestureActions", dependencies: ["GestureCore"], swiftSettings: uncheckedInRelease
        ),
        .target(
            name: "GestureConfig",
            dependencies: [
                "GestureCore", "GestureStrokes", "GestureActions",
            ], resources: [.embedInCode("Resources/default.toml")],
            swiftSettings: uncheckedInRelease),
        .systemLibrary(
            name: "CXInput2", pkgConfig: "xi",
            providers: [
                .apt([
                    "libx11-dev", "libx11-xcb-dev", "libxi-dev", "libxtst-dev", "libxfixes-dev",
                    "libxrandr-dev", "libxext-dev",
                ])
            ]),
        .target(
            name: "GestureOverlay", dependencies: ["GestureCore"], swiftSettings: uncheckedInRelease
        ),
        // What feedback draws at each progress, and its return in time: pure, like the engine.
        .target(
            name: "GestureFeedback",
            dependencies: ["GestureCore", "GestureActions", "GestureOverlay"],
            swiftSettings: uncheckedInRelease),
        // sd-bus for the gesture streams, loaded with dlopen when a stream's first client connects (lazy.c): a daemon with no client never maps
        // libsystemd. Its headers come from libsystemd-dev; the package depends on libsystemd0.
        .target(name: "CSystemd", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "GestureStream",
            dependencies: [
                "CSystemd", "GestureCore", .product(name: "Logging", package: "swift-log"),
            ], swiftSettings: uncheckedInRelease),
        .target(
            name: "GestureX11",
            dependencies: [
                "CXInput2", "GestureCore", "GestureActions", "GestureOverlay", "GestureFeedback",
            ], swiftSettings: uncheckedInRelease),
        // A config at work: input events in, effects out. The daemon, replay and the tests run it.
        .target(
            name: "GestureSession",
            dependencies: ["GestureCore", "GestureStrokes", "GestureConfig", "GestureActions"],
            swiftSettings: uncheckedInRelease),
        // The trace format (read, write) and replay: traces through a session, JSON Lines out.
        .target(
            name: "GestureTrace",
            dependencies: ["GestureCore", "GestureConfig", "GestureActions", "GestureSession"],
            swiftSettings: uncheckedInRelease),
        // The command line, declared as one table: parsing, help, completion scripts and man pages.
        // The standard library only (and GestureCore's "did you mean"), so that the daemon links
        // no Foundation.
        .target(
            name: "GestureCommandLine", dependencies: ["GestureCore"],
            swiftSettings: uncheckedInRelease),
        // `gestured import`: libxml2 and libyaml, each loaded with dlopen on first use (lazy.c), so
        // that the daemon, which never imports, never maps them; their headers come from
        // libxml2-dev and libyaml-dev, and the package depends on libxml2 and libyaml-0-2.
        .target(
            name: "CXML2", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])],
            linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "CYAML", linkerSettings: [.linkedLibrary("dl")]),
        .target(
            name: "GestureImport", dependencies: ["CXML2", "CYAML", "GestureCore", "GestureConfig"]),
        .executableTarget(
            name: "gestured",
            dependencies: [
                "GestureCore", "GestureStrokes", "GestureTrace", "GestureConfig", "GestureActions",
                "GestureSession", "GestureX11", "GestureOverlay", "GestureFeedback",
                "GestureCommandLine",
                "GestureStream", "GestureImport", .product(name: "Logging", package: "swift-log"),
            ], swiftSettings: uncheckedInRelease),
        // The settings window: GTK 4 and libadwaita through their C API, in its own executable
        // and package; the daemon links none of it.
        .systemLibrary(
            name: "CAdwaita", pkgConfig: "libadwaita-1",
            providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]),
        // What the window shows and how an edit changes the file: plain Swift, tested without a display.
        .target(
            name: "GestureSettings",
            dependencies: ["GestureStrokes", "GestureConfig", "GestureActions", "GestureImport"]),
        // GTK calls back on its one main thread through C function pointers, which Swift 6's
        // checking cannot see: the window's code is checked in the Swift 5 mode.
        .executableTarget(
            name: "gestured-settings",
            dependencies: [
                "CAdwaita", "GestureSettings", "GestureStrokes", "GestureConfig", "GestureActions",
                "GestureX11", "CXInput2",
            ],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .target(name: "TestSupport", dependencies: ["GestureCore"], path: "Tests/TestSupport"),
        // Generated strokes of the 16 shapes and of non-shapes, and the figures measured on them.
        .target(
            name: "StrokeEvaluation",
            dependencies: ["GestureCore", "GestureStrokes", "TestSupport"],
            path: "Tests/StrokeEvaluation"),
        .target(name: "XServerSupport", path: "Tests/XServerSupport", exclude: ["NOTES.md"]),
        // The X-Resource extension's client library: which connections a process holds.
        .systemLibrary(
            name: "CXRes", path: "Tests/CXRes", pkgConfig: "xres",
            providers: [.apt(["libxres-dev"])]),
        .target(
            name: "X11TestSupport", dependencies: ["XServerSupport", "CXInput2", "CXRes"],
            path: "Tests/X11TestSupport"),
        .executableTarget(
            name: "gestured-bench",
            dependencies: [
                "GestureCore", "GestureStrokes", "GestureTrace", "GestureConfig", "GestureSession",
                "TestSupport", "StrokeEvaluation", "XServerSupport", "X11TestSupport", "CXInput2",
            ], path: "Benchmarks/gestured-bench"),
        .testTarget(
            name: "GestureCoreTests",
            dependencies: ["GestureCore", "GestureStrokes", "TestSupport"]),
        .testTarget(
            name: "GestureStrokesTests",
            dependencies: ["GestureCore", "GestureStrokes", "TestSupport", "StrokeEvaluation"]),
        .testTarget(name: "GestureCommandLineTests", dependencies: ["GestureCommandLine"]),
        .testTarget(
            name: "GestureOverlayTests",
            dependencies: ["GestureCore", "GestureOverlay", "TestSupport"]),
        .testTarget(
            name: "GestureFeedbackTests",
            dependencies: ["GestureCore", "GestureActions", "GestureOverlay", "GestureFeedback"]),
        .testTarget(
            name: "GestureTraceTests", dependencies: ["GestureCore", "GestureTrace", "TestSupport"]),
        .testTarget(name: "GestureStreamTests", dependencies: ["GestureCore", "GestureStream"]),
        .testTarget(
            name: "GestureActionsTests",
            dependencies: ["GestureCore", "GestureActions", "TestSupport"]),
        .testTarget(
            name: "GestureSessionTests",
            dependencies: [
                "GestureCore", "GestureActions", "GestureConfig", "GestureSession", "TestSupport",
            ]),
        .testTarget(
            name: "GestureSettingsTests",
            dependencies: ["GestureSettings", "GestureStrokes", "GestureConfig", "GestureActions"]),
        .testTarget(
            name: "GestureConfigTests",
            dependencies: [
                "GestureCore", "GestureStrokes", "GestureConfig", "GestureActions", "TestSupport",
            ]),
        .testTarget(
            name: "ScenarioTests",
            dependencies: [
                "GestureCore", "GestureStrokes", "GestureTrace", "GestureConfig", "GestureActions",
                "GestureSession", "TestSupport",
            ],
            exclude: ["Traces"]),
        .testTarget(
            name: "GestureImportTests",
            dependencies: [
                "GestureImport", "GestureConfig", "GestureTrace", "GestureX11", "GestureCore",
                "GestureCommandLine", "TestSupport",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "FuzzTests", dependencies: ["GestureConfig", "GestureTrace", "TestSupport"],
            exclude: ["Corpus"]),
        .target(
            name: "XlibThreads", path: "Tests/XlibThreads", linkerSettings: [.linkedLibrary("X11")]),
        .testTarget(
            name: "X11Tests",
            dependencies: [
                "XServerSupport", "X11TestSupport", "XlibThreads", "CXInput2", "GestureTrace",
                "GestureCore", "GestureX11", "TestSupport",
            ],
            exclude: [
                "touchegg-client.py", "gestured-stream-client.py", "stream-abuser.py",
                "settings-window.py", "settings-live.py", "settings-import.py", "sni-client.py",
                "settings_driver.py", "gestured-live-client.py", "Reproducers",
            ]),
    ]
)
