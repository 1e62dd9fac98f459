/// What a recognizer reports about its gesture at a transition: the values of its type, and
/// nil for the rest. A value, filled in place: reporting allocates nothing.
///
/// Stored as plain numbers with one bit per value that is set, in 128 bytes, since every
/// transition copies its values; a value not set is kept at zero, so that the synthesized `==`
/// compares only what is set. It holds no text: a gesture's direction and shape are the
/// recognizer's (`GestureRecognizer.reportedDirection`, `reportedShape`).
public struct GestureValues: Equatable, Sendable, BitwiseCopyable {
    public var fingers: Int? {
        @inlinable get { get(.fingers, storedFingers) }
        set {
            storedFingers = newValue ?? 0
            present.mark(.fingers, newValue != nil)
        }
    }
    /// Where the gesture is: the centroid of its touches, or where a tap landed.
    public var location: Point? {
        @inlinable get { get(.location, storedLocation) }
        set {
            storedLocation = newValue ?? .zero
            present.mark(.location, newValue != nil)
        }
    }
    public var translation: Point? {
        @inlinable get { get(.translation, storedTranslation) }
        set {
            storedTranslation = newValue ?? .zero
            present.mark(.translation, newValue != nil)
        }
    }
    /// What the pointer would have travelled meanwhile: on a touchpad the accelerated motion,
    /// where `translation` is the physical one; set only where the two differ.
    public var pointerTranslation: Point? {
        @inlinable get { get(.pointerTranslation, storedPointerTranslation) }
        set {
            storedPointerTranslation = newValue ?? .zero
            present.mark(.pointerTranslation, newValue != nil)
        }
    }
    /// Pixels per second.
    public var velocity: Point? {
        @inlinable get { get(.velocity, storedVelocity) }
        set {
            storedVelocity = newValue ?? .zero
            present.mark(.velocity, newValue != nil)
        }
    }
    /// Relative to the span when the gesture began.
    public var scale: Double? {
        @inlinable get { get(.scale, storedScale) }
        set {
            storedScale = newValue ?? 0
            present.mark(.scale, newValue != nil)
        }
    }
    /// Scale per second.
    public var scaleVelocity: Double? {
        @inlinable get { get(.scaleVelocity, storedScaleVelocity) }
        set {
            storedScaleVelocity = newValue ?? 0
            present.mark(.scaleVelocity, newValue != nil)
        }
    }
    /// Radians, clockwise on screen positive.
    public var rotation: Double? {
        @inlinable get { get(.rotation, storedRotation) }
        set {
            storedRotation = newValue ?? 0
            present.mark(.rotation, newValue != nil)
        }
    }
    /// Radians per second.
    public var rotationVelocity: Double? {
        @inlinable get { get(.rotationVelocity, storedRotationVelocity) }
        set {
            storedRotationVelocity = newValue ?? 0
            present.mark(.rotationVelocity, newValue != nil)
        }
    }
    public var taps: Int? {
        @inlinable get { get(.taps, storedTaps) }
        set {
            storedTaps = newValue ?? 0
            present.mark(.taps, newValue != nil)
        }
    }
    /// How many samples a stroke holds.
    public var points: Int? {
        @inlinable get { get(.points, storedPoints) }
        set {
            storedPoints = newValue ?? 0
            present.mark(.points, newValue != nil)
        }
    }
    public var score: Double? {
        @inlinable get { get(.score, storedScore) }
        set {
            storedScore = newValue ?? 0
            present.mark(.score, newValue != nil)
        }
    }
    /// How far toward its commit point: 0 where it began, 1 at the commit point (`Progress`).
    public var progress: Double? {
        @inlinable get { get(.progress, storedProgress) }
        set {
            storedProgress = newValue ?? 0
            present.mark(.progress, newValue != nil)
        }
    }
    /// The way `progress` is measured, fixed when the gesture begins.
    public var heading: Direction? {
        @inlinable get { get(.heading, storedHeading) }
        set {
            storedHeading = newValue ?? .up
            present.mark(.heading, newValue != nil)
        }
    }

    public init() {}

    @usableFromInline
    struct Present: OptionSet, Equatable, Sendable, BitwiseCopyable {
        @usableFromInline let rawValue: UInt16
        @inlinable init(rawValue: UInt16) { self.rawValue = rawValue }
        @inlinable static var fingers: Present { Present(rawValue: 1 << 0) }
        @inlinable static var location: Present { Present(rawValue: 1 << 1) }
        @inlinable static var translation: Present { Present(rawValue: 1 << 2) }
        @inlinable static var velocity: Present { Present(rawValue: 1 << 3) }
        @inlinable static var scale: Present { Present(rawValue: 1 << 4) }
        @inlinable static var scaleVelocity: Present { Present(rawValue: 1 << 5) }
        @inlinable static var rotation: Present { Present(rawValue: 1 << 6) }
        @inlinable static var rotationVelocity: Present { Present(rawValue: 1 << 7) }
        @inlinable static var taps: Present { Present(rawValue: 1 << 8) }
        @inlinable static var points: Present { Present(rawValue: 1 << 9) }
        @inlinable static var score: Present { Present(rawValue: 1 << 10) }
        @inlinable static var progress: Present { Present(rawValue: 1 << 11) }
        @inlinable static var heading: Present { Present(rawValue: 1 << 12) }
        @inlinable static var pointerTranslation: Present { Present(rawValue: 1 << 13) }

        mutating func mark(_ bit: Present, _ isSet: Bool) {
            if isSet { insert(bit) } else { remove(bit) }
        }
    }

    // Internal for the getters, which are inlinable: the printer in another module reads every
    // value of every line it prints, and a call for each showed in its profile.
    // The heading shares the first word with the bits, so that the values stay a whole number
    // of words, which a copy moves in place.
    @usableFromInline var present: Present = []
    @usableFromInline var storedHeading = Direction.up
    @usableFromInline var storedFingers = 0, storedTaps = 0, storedPoints = 0
    @usableFromInline var storedLocation = Point.zero, storedTranslation = Point.zero,
        storedPointerTranslation = Point.zero
    @usableFromInline var storedVelocity = Point.zero
    @usableFromInline var storedScale = 0.0, storedScaleVelocity = 0.0, storedRotation = 0.0,
        storedRotationVelocity = 0.0
    @usableFromInline var storedScore = 0.0, storedProgress = 0.0

    @inlinable func get<T>(_ bit: Present, _ stored: T) -> T? {
        present.contains(bit) ? stored : nil
    }
}
