import GestureConfig
import Testing

@testable import GestureSettings

/// The live pages' model with no display: what the daemon said it saw while listening, as words
/// and as a binding written; what the watch page lists.
@Suite struct LiveModelTests {
    static let swipe = PerformedGesture(keys: [
        ("type", "swipe"), ("source", "touchpad"), ("fingers", "3"), ("direction", "right"),
    ])
    static let stroke = PerformedGesture(keys: [
        ("type", "stroke"), ("source", "pointer"), ("shape", "circle"), ("button", "3"),
    ])

    @Test func aPerformedGestureIsSaidInTheWordsOfItsRow() {
        #expect(Self.swipe.sentence == "Swipe right with 3 fingers on the touchpad")
        #expect(
            PerformedGesture(keys: [
                ("type", "pinch"), ("source", "touchscreen"), ("fingers", "3"),
                ("direction", "out"),
            ]).sentence
                == "Spread out with 3 fingers on the touchscreen")
        #expect(Self.stroke.sentence == "Draw the shape circle with the right mouse button held")
        #expect(
            PerformedGesture(keys: [
                ("type", "tap"), ("source", "touchscreen"), ("fingers", "2"), ("taps", "2"),
            ]).sentence
                == "Double-tap with 2 fingers on the touchscreen")
    }

    @Test func addingAPerformedGestureAppendsItsBindingWithCountsAsNumbers() throws {
        let document = try SettingsDocument(
            path: "/nonexistent-\(UInt32.random(in: 0...UInt32.max))/config.toml")
        let before = document.text
        let index = try document.addBinding(performed: Self.swipe)
        #expect(
            document.text == before + """

                [[gesture]]
                name = "swipe"
                type = "swipe"
                source = "touchpad"
                fingers = 3
                direction = "right"
                action = "show-desktop"

                """)
        #expect(
            document.row(index)?.sentence
                == "Swipe right with 3 fingers on the touchpad: show the desktop")
        #expect(document.row(index)?.problems == [])
        try document.addBinding(performed: Self.stroke)
        #expect(
            document.text.hasSuffix(
                "name = \"stroke\"\ntype = \"stroke\"\nsource = \"pointer\"\nshape = \"circle\"\nbutton = 3\naction = \"show-desktop\"\n"
            ))
    }

    @Test func theWatchLogListsNewestFirstAndAGestureUnderWayChangesItsEntryInPlace() {
        var log = WatchLog()
        log.gesture(name: "next", source: "touchpad", state: "began", progress: 0.2, at: 1)
        log.notFired(
            name: "back", source: "pointer", state: "failed",
            reason: "button 1 is not the stroke button 3", at: 2)
        log.gesture(name: "next", source: "touchpad", state: "changed", progress: 0.6, at: 3)
        log.gesture(name: "next", source: "touchpad", state: "ended", progress: 1.1, at: 4)
        log.gesture(name: "tap", source: "touchscreen", state: "ended", progress: 0, at: 5)
        #expect(
            log.entries.map(\.sentence) == [
                "tap on the touchscreen: ended",
                "next on the touchpad: ended, 110 % of the way to its commit point",
                "back on the mouse did not fire: button 1 is not the stroke button 3",
            ])
        log.stroke(
            source: "pointer", points: [.init(x: 0, y: 0), .init(x: 9, y: 0)],
            reading: "read as \"line-right\"", at: 6)
        #expect(log.entries.first?.sentence == "Stroke on the mouse: read as \"line-right\"")
        for i in 0..<(WatchLog.capacity + 5) {
            log.notFired(
                name: "n\(i)", source: "touchpad", state: "failed", reason: "r", at: Double(i))
        }
        #expect(log.entries.count == WatchLog.capacity)
        #expect(log.entries.first?.name == "n\(WatchLog.capacity + 4)")
    }

    @Test func theStreamIsInTheRuntimeFolderOrElseInATemporaryFolderOfTheUser() {
        #expect(
            StreamPlace.address(runtimeDirectory: "/run/user/1000/", uid: 1000)
                == "unix:path=/run/user/1000/gestured/stream")
        #expect(
            StreamPlace.address(runtimeDirectory: "relative", uid: 1000)
                == "unix:path=/tmp/gestured-1000/stream")
        #expect(
            StreamPlace.address(runtimeDirectory: nil, uid: 7) == "unix:path=/tmp/gestured-7/stream"
        )
    }
}
