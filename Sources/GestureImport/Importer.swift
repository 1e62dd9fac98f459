/// `gestured import`'s work, without files: a peer's config as bytes to a gestured config.
public enum Importer {
    /// Reads `bytes`, the config of `format` at `file`. `knowsKey` says whether a key name is
    /// an X keysym (a binding whose keys are not is not imported, and says so). Throws, with
    /// the place, when the file cannot be read at all.
    public static func read(
        _ format: ImportFormat, bytes: [UInt8], file: String,
        knowsKey: @escaping (String) -> Bool
    ) throws(ImportError) -> ImportedConfig {
        guard bytes.count <= ImportLimits.bytes else {
            throw ImportError(
                file: file, line: nil, column: nil,
                message:
                    "is \(bytes.count) bytes, more than the \(ImportLimits.bytes) a gesture config is read to"
            )
        }
        let name = String(file.split(separator: "/").last ?? Substring(file))
        switch format {
        case .libinputGestures:
            return try LibinputGesturesImporter.read(
                bytes, file: file, name: name, knowsKey: knowsKey)
        case .touchegg:
            return try ToucheggImporter.read(bytes, file: file, name: name, knowsKey: knowsKey)
        case .fusuma:
            return try FusumaImporter.read(bytes, file: file, name: name, knowsKey: knowsKey)
        }
    }
}
