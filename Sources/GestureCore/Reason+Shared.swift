/// The reasons more than one recognizer gives, each worded here once.
extension Reason {
    /// More fingers than it takes: `4 fingers > 3`.
    static func tooManyFingers(_ count: Int, most: Int) -> Reason { "\(count) fingers > \(most)" }

    /// Moved another way than the one it takes: `moved left, not right`.
    static func movedAnotherWay(_ moved: Point, not direction: Direction) -> Reason {
        "moved \(Direction(of: moved).rawValue), not \(direction.rawValue)"
    }

    /// The touchpad ended its gesture as cancelled.
    static var touchpadCancelled: Reason { "the touchpad cancelled the gesture" }
}
