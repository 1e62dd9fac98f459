/// The config compiled into the binary (`Config/default.toml`), used when none is given.
public enum DefaultConfig {
    public static let file = "<default config>"
    public static var text: String {
        String(decoding: PackageResources.default_toml, as: UTF8.self)
    }

    public static func load() -> Config {
        do {
            return try ConfigLoader.load(text, file: file)
        } catch {
            preconditionFailure("the embedded default config is invalid: \(error)")
        }
    }
}
