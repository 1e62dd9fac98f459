/// What a recognizer reports about its gesture at a transition: the values of its type, and
/// nil for the rest. A value, filled in place: reporting allocates nothing.
public struct GestureValues: Equatable, Sendable {
    public var fingers: Int?
    /// Where the gesture is: the centroid of its touches, or where a tap landed.
    public var location: Point?
    public var translation: Point?
    /// Pixels per second.
    public var velocity: Point?
    /// Relative to the span when the gesture began.
    public var scale: Double?
    /// Scale per second.
    public var scaleVelocity: Double?
    /// Radians, clockwise on screen positive.
    public var rotation: Double?
    /// Radians per second.
    public var rotationVelocity: Double?
    public var taps: Int?
    /// How many samples a stroke holds.
    public var points: Int?
    public var direction: String?
    public var shape: String?
    public var score: Double?

    public init() {}
}
