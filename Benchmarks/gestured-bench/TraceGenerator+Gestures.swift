import Foundation
import GestureCore

/// The gestures the generated trace is made of.
extension TraceGenerator {
    /// Fingers side by side moving left or right together, as far as a desktop switch takes.
    mutating func touchSwipe(fingers: Int) {
        let step = (Bool.random(using: &random) ? 1.0 : -1.0) * spread(14...30)
        let start = Point(x: spread(700...1200), y: spread(300...800))
        let fingerAt = { (i: Int, s: Int) in Point(x: start.x + Double(i) * 70 + Double(s) * step, y: start.y + Double(i) * 8) }
        touches(fingers: fingers, frames: Int.random(in: 10...24, using: &random), at: fingerAt)
    }

    /// Fingers on a circle closing in (showing the desktop) or opening.
    mutating func touchPinch(fingers: Int) {
        let center = Point(x: spread(600...1300), y: spread(400...700))
        let from = spread(180...260), to = spread(50...90) * (Bool.random(using: &random) ? 1 : 4)
        let frames = Int.random(in: 10...20, using: &random)
        touches(fingers: fingers, frames: frames) { i, s in
            let r = from + (to - from) * Double(s) / Double(frames)
            let a = Double(i) * 2 * .pi / Double(fingers)
            return Point(x: center.x + r * cos(a), y: center.y + r * sin(a))
        }
    }

    /// Quick touches that barely move.
    mutating func touchTap(fingers: Int, taps: Int) {
        let at = Point(x: spread(100...1800), y: spread(100...1000))
        for t in 0..<taps {
            if t > 0 { time += spread(80...180).rounded() }
            touches(fingers: fingers, frames: Int.random(in: 2...8, using: &random)) { i, s in
                Point(x: at.x + Double(i) * 60 + Double(s % 2), y: at.y)
            }
        }
    }

    /// One finger from the left or right edge towards the middle.
    mutating func edgeSwipe() {
        let fromRight = Bool.random(using: &random)
        let y = spread(100...1000), step = spread(15...30) * (fromRight ? -1 : 1)
        let x0 = fromRight ? Self.screen.width - 2 : 1
        touches(fingers: 1, frames: Int.random(in: 8...20, using: &random)) { _, s in Point(x: x0 + Double(s) * step, y: y) }
    }

    /// Touch sequences: all fingers land in one frame, move `frames` times and lift together.
    mutating func touches(fingers: Int, frames: Int, at: (Int, Int) -> Point) {
        let ids = (0..<fingers).map { nextTouch + $0 }
        nextTouch += fingers
        for (i, id) in ids.enumerated() { add(.touchBegin(id: id, at: at(i, 0))) }
        for s in 1...frames {
            tick()
            for (i, id) in ids.enumerated() { add(.touchMove(id: id, at: at(i, s))) }
        }
        tick()
        for (i, id) in ids.enumerated() { add(.touchEnd(id: id, at: at(i, frames))) }
    }

    /// A touchpad swipe in one of four directions.
    mutating func padSwipe(fingers: Int) {
        let horizontal = Bool.random(using: &random), sign = Bool.random(using: &random) ? 1.0 : -1.0
        add(.swipeBegin(fingers: fingers))
        for _ in 0..<Int.random(in: 8...30, using: &random) {
            tick()
            let along = sign * spread(6...22), across = spread(-2...2)
            add(.swipeUpdate(fingers: fingers, delta: horizontal ? Point(x: along, y: across) : Point(x: across, y: along)))
        }
        tick()
        add(.swipeEnd(fingers: fingers, cancelled: false))
    }

    /// A touchpad pinch in or out.
    mutating func padPinch(fingers: Int) {
        let end = Bool.random(using: &random) ? spread(0.4...0.7) : spread(1.3...2)
        let frames = Int.random(in: 8...24, using: &random)
        add(.pinchBegin(fingers: fingers))
        for s in 1...frames {
            tick()
            add(.pinchUpdate(fingers: fingers, delta: Point(x: spread(-1...1), y: spread(-1...1)),
                             scale: 1 + (end - 1) * Double(s) / Double(frames), angle: spread(-0.5...0.5)))
        }
        tick()
        add(.pinchEnd(fingers: fingers, cancelled: false))
    }

    /// The right button held while the pointer draws a line or an L.
    mutating func stroke() {
        let legs: [(Double, Double)] = [(-1, 0), (1, 0), (0, -1), (0, 1), (0, 1)]
        let shape = Int.random(in: 0..<legs.count, using: &random)
        pointer = Point(x: spread(500...1400), y: spread(350...750))
        add(.buttonPress(button: 3, at: pointer))
        let frames = Int.random(in: 15...40, using: &random)
        for s in 1...frames {
            tick()
            // The last shape is l-down-right: down for half the frames, then right.
            let (dx, dy) = shape == 4 && s > frames / 2 ? (1.0, 0.0) : legs[shape]
            pointer.x += dx * spread(8...16) + spread(-1.5...1.5)
            pointer.y += dy * spread(8...16) + spread(-1.5...1.5)
            add(.motion(at: pointer))
        }
        tick()
        add(.buttonRelease(button: 3, at: pointer))
    }

    /// A right click that does not move: the application's menu.
    mutating func rightClick() {
        add(.buttonPress(button: 3, at: pointer))
        time += spread(60...140).rounded()
        add(.buttonRelease(button: 3, at: pointer))
    }

    /// The pointer wandering, sometimes ending in a left click.
    mutating func pointerMotion() {
        var velocity = Point(x: spread(-12...12), y: spread(-12...12))
        for _ in 0..<Int.random(in: 20...120, using: &random) {
            tick()
            velocity.x += spread(-2...2)
            velocity.y += spread(-2...2)
            pointer.x = min(max(pointer.x + velocity.x, 0), Self.screen.width - 1)
            pointer.y = min(max(pointer.y + velocity.y, 0), Self.screen.height - 1)
            add(.motion(at: pointer))
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            add(.buttonPress(button: 1, at: pointer))
            time += spread(60...120).rounded()
            add(.buttonRelease(button: 1, at: pointer))
        }
    }
}
