/// Size in pixels of the dummy-driver screen.
public struct ScreenSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "screen size must be positive")
        self.width = width
        self.height = height
    }

    public static let xga = ScreenSize(width: 1024, height: 768)
}
