/// What a recognizer reports about its gesture at a transition: the values of its type, and
/// nil for the rest. A value, filled in place: reporting allocates nothing.
///
/// Stored as plain numbers with one bit per value that is set, because every transition copies
/// its values several times on the way out of the engine: as thirteen optionals they took 230
/// bytes, stored so they take 128. A value that is not set is kept at zero, so
/// that the synthesized `==` compares only what is set. It holds no text, so that an output holding it
/// is a plain copy: a gesture's direction and shape are the recognizer's
/// (`GestureRecognizer.reportedDirection`, `reportedShape`).
public struct GestureValues: Equatable, Sendable, BitwiseCopyable {
    public var fingers: Int? {
        get { get(.fingers, storedFingers) }
        set { storedFingers = newValue ?? 0; present.mark(.fingers, newValue != nil) }
    }
    /// Where the gesture is: the centroid of its touches, or where a tap landed.
    public var location: Point? {
        get { get(.location, storedLocation) }
        set { storedLocation = newValue ?? .zero; present.mark(.location, newValue != nil) }
    }
    public var translation: Point? {
        get { get(.translation, storedTranslation) }
        set { storedTranslation = newValue ?? .zero; present.mark(.translation, newValue != nil) }
    }
    /// Pixels per second.
    public var velocity: Point? {
        get { get(.velocity, storedVelocity) }
        set { storedVelocity = newValue ?? .zero; present.mark(.velocity, newValue != nil) }
    }
    /// Relative to the span when the gesture began.
    public var scale: Double? {
        get { get(.scale, storedScale) }
        set { storedScale = newValue ?? 0; present.mark(.scale, newValue != nil) }
    }
    /// Scale per second.
    public var scaleVelocity: Double? {
        get { get(.scaleVelocity, storedScaleVelocity) }
        set { storedScaleVelocity = newValue ?? 0; present.mark(.scaleVelocity, newValue != nil) }
    }
    /// Radians, clockwise on screen positive.
    public var rotation: Double? {
        get { get(.rotation, storedRotation) }
        set { storedRotation = newValue ?? 0; present.mark(.rotation, newValue != nil) }
    }
    /// Radians per second.
    public var rotationVelocity: Double? {
        get { get(.rotationVelocity, storedRotationVelocity) }
        set { storedRotationVelocity = newValue ?? 0; present.mark(.rotationVelocity, newValue != nil) }
    }
    public var taps: Int? {
        get { get(.taps, storedTaps) }
        set { storedTaps = newValue ?? 0; present.mark(.taps, newValue != nil) }
    }
    /// How many samples a stroke holds.
    public var points: Int? {
        get { get(.points, storedPoints) }
        set { storedPoints = newValue ?? 0; present.mark(.points, newValue != nil) }
    }
    public var score: Double? {
        get { get(.score, storedScore) }
        set { storedScore = newValue ?? 0; present.mark(.score, newValue != nil) }
    }
    /// How far toward its commit point: 0 where it began, 1 at the commit point (`Progress`).
    public var progress: Double? {
        get { get(.progress, storedProgress) }
        set { storedProgress = newValue ?? 0; present.mark(.progress, newValue != nil) }
    }
    /// The way `progress` is measured, fixed when the gesture begins.
    public var heading: Heading? {
        get { get(.heading, storedHeading) }
        set { storedHeading = newValue ?? .up; present.mark(.heading, newValue != nil) }
    }

    public init() {}

    private struct Present: OptionSet, Equatable, Sendable, BitwiseCopyable {
        let rawValue: UInt16
        static let fingers = Present(rawValue: 1 << 0)
        static let location = Present(rawValue: 1 << 1)
        static let translation = Present(rawValue: 1 << 2)
        static let velocity = Present(rawValue: 1 << 3)
        static let scale = Present(rawValue: 1 << 4)
        static let scaleVelocity = Present(rawValue: 1 << 5)
        static let rotation = Present(rawValue: 1 << 6)
        static let rotationVelocity = Present(rawValue: 1 << 7)
        static let taps = Present(rawValue: 1 << 8)
        static let points = Present(rawValue: 1 << 9)
        static let score = Present(rawValue: 1 << 10)
        static let progress = Present(rawValue: 1 << 11)
        static let heading = Present(rawValue: 1 << 12)

        mutating func mark(_ bit: Present, _ isSet: Bool) {
            if isSet { insert(bit) } else { remove(bit) }
        }
    }

    // The heading shares the first word with the bits: 128 bytes in all, which a copy moves in
    // place. Stored last, it made 129, and every copy of the values a call to memcpy.
    private var present: Present = []
    private var storedHeading = Heading.up
    private var storedFingers = 0, storedTaps = 0, storedPoints = 0
    private var storedLocation = Point.zero, storedTranslation = Point.zero, storedVelocity = Point.zero
    private var storedScale = 0.0, storedScaleVelocity = 0.0, storedRotation = 0.0, storedRotationVelocity = 0.0
    private var storedScore = 0.0, storedProgress = 0.0

    private func get<T>(_ bit: Present, _ stored: T) -> T? { present.contains(bit) ? stored : nil }
}
