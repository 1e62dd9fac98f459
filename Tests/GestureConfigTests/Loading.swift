@testable import GestureConfig

/// Every error of loading `text`, as the user reads them; empty when it loads.
func loadErrors(_ text: String, file: String = "config.toml", knowsKey: ((String) -> Bool)? = nil)
    -> [String]
{
    do {
        _ = try ConfigLoader.load(text, file: file, knowsKey: knowsKey)
        return []
    } catch {
        return error.errors.map(\.description)
    }
}
