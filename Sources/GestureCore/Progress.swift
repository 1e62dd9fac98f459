/// How far a gesture has gone toward its commit point: 0 where the fingers landed, 1 at the
/// commit point, more past it, below 0 when they went back past where they began. Every
/// continuous gesture reports it, and so does a swipe when it is recognized; the touchegg
/// stream and the feedback read it, and `gestured replay` prints it.
///
/// - a pan, swipe or edge gesture: the distance along its heading over a commit distance, in
///   pixels as the engine sees them (touchpad deltas or screen pixels), one for the touchpad
///   and one for the screen;
/// - a pinch: the scale's way from 1 to the commit scale (spreading) or to its inverse (closing);
/// - a rotation: the angle turned along its heading over the commit angle.
public enum Progress {
    /// Pixels of touchpad movement to the commit point: about a third of a common touchpad's width.
    public static let defaultTouchpadDistance = 200.0
    /// Screen pixels to the commit point on a touchscreen.
    public static let defaultScreenDistance = 300.0
    /// The scale a spreading pinch commits at (closing: its inverse, 0.5).
    public static let defaultScale = 2.0
    /// 90 degrees.
    public static let defaultAngle = Angle.pi / 2

    /// The commit distance a recognizer of `source` starts with.
    public static func defaultDistance(for source: InputSource) -> Double {
        source == .touchpad ? defaultTouchpadDistance : defaultScreenDistance
    }

    /// A translation's part along `heading` over `distance`.
    public static func along(_ t: Point, _ heading: Direction, distance: Double) -> Double {
        pixels(t, along: heading) / distance
    }

    /// A translation's part along `heading`, in its own pixels; 0 along a pinch's or a
    /// rotation's. What a `repeat` binding's steps of a pan or an edge gesture count.
    public static func pixels(_ t: Point, along heading: Direction) -> Double {
        guard let v = heading.vector else { return 0 }
        return t.x * v.x + t.y * v.y
    }

    /// A pinch at `scale` (1 where the fingers landed) heading `in` or `out`, toward `commit`.
    public static func pinch(scale: Double, _ heading: Direction, commit: Double) -> Double {
        heading == .in ? (1 - scale) / (1 - 1 / commit) : (scale - 1) / (commit - 1)
    }

    /// A rotation of `radians` (clockwise positive) heading `cw` or `ccw`, toward `commit` radians.
    public static func rotation(_ radians: Double, _ heading: Direction, commit: Double) -> Double {
        (heading == .ccw ? -radians : radians) / commit
    }
}
