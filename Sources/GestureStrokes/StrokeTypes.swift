import GestureCore

/// A named example of a shape. Several templates may share a name (variants).
public struct StrokeTemplate: Hashable, Sendable {
    public var name: String
    public var points: [Point]
    /// When true the shape is recognised at any orientation (e.g. a circle, whose
    /// start point varies). When false the drawn orientation must be kept, within
    /// `StrokeMatcher.Options.maximumRotationDegrees`, so that `v` is not `caret`.
    public var rotationInvariant: Bool

    public init(name: String, points: [Point], rotationInvariant: Bool = false) {
        self.name = name
        self.points = points
        self.rotationInvariant = rotationInvariant
    }
}

/// The best template for a stroke.
public struct StrokeMatch: Hashable, Sendable {
    public let name: String
    /// Similarity in 0...1 (1 = identical shape after normalisation).
    public let score: Double

    public init(name: String, score: Double) {
        self.name = name
        self.score = score
    }
}
