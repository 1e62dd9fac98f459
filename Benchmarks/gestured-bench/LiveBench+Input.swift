import Foundation
import XServerSupport

/// The gestures the live benchmark injects through the inputtest devices. Each returns the
/// number of input events it sent; `pace` spaces the frames (none: as fast as the server takes
/// them, a sync after each frame).
extension LiveBench {
    /// Three fingers side by side moving 320 px left or right on the touchscreen, in 16 frames.
    func touchSwipe(leftward: Bool, pace: inout Pacer?) throws -> Int {
        let t = server.touchscreen, frames = 16, fingers = 3
        let x0 = leftward ? 600.0 : 280.0, step = leftward ? -20.0 : 20.0
        func x(_ finger: Int, _ frame: Int) -> Double { x0 + Double(finger) * 60 + Double(frame) * step }
        for f in 0..<fingers { try t.touch(.begin, id: UInt32(f + 1), x: x(f, 0), y: 400) }
        try t.sync()
        pace?.wait()
        for s in 1...frames {
            for f in 0..<fingers { try t.touch(.update, id: UInt32(f + 1), x: x(f, s), y: 400) }
            try t.sync()
            pace?.wait()
        }
        for f in 0..<fingers { try t.touch(.end, id: UInt32(f + 1), x: x(f, frames), y: 400) }
        try t.sync()
        return fingers * (frames + 2)
    }

    /// The right button held while the mouse moves 400 px left or right in 20 reports: the
    /// default config's line-left and line-right strokes, from the middle of the screen's height
    /// and 200 px on the far side of its middle, wherever the pointer was.
    func stroke(leftward: Bool, pace: inout Pacer?) throws -> Int {
        let m = server.mouse, moves = 20
        try m.move(toX: leftward ? 712 : 312, y: 384)
        try m.sync()
        try m.button(3, pressed: true)
        try m.sync()
        // A hand's stroke moves a few milliseconds after its press at the soonest, unpaced too:
        // a press let go before the daemon's round trip that begins following it is a click,
        // and a right click on openbox's root window opens its menu, which holds the keyboard.
        if pace != nil { pace?.wait() } else { usleep(5_000) }
        for _ in 1...moves {
            try m.move(dx: leftward ? -20 : 20, dy: 0)
            try m.sync()
            pace?.wait()
        }
        try m.button(3, pressed: false)
        try m.sync()
        return moves + 3
    }

    /// The mouse moving 200 px left or right in 20 reports, no button held.
    func motion(leftward: Bool, pace: inout Pacer?) throws -> Int {
        let m = server.mouse, moves = 20
        for _ in 1...moves {
            try m.move(dx: leftward ? -10 : 10, dy: 0)
            try m.sync()
            pace?.wait()
        }
        return moves
    }

    /// Three fingers on the touchpad, ten reports of 25 px left or right.
    func padSwipe(leftward: Bool, pace: inout Pacer?) throws -> Int {
        let pad = server.touchpad, fingers = 3, updates = 10
        try pad.swipe(.begin, fingers: fingers)
        for _ in 1...updates {
            try pad.swipe(.update, fingers: fingers, dx: leftward ? -25 : 25, dy: 0)
            try pad.sync()
            pace?.wait()
        }
        try pad.swipe(.end, fingers: fingers)
        try pad.sync()
        return updates + 2
    }
}
