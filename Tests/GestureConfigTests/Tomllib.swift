#if canImport(Glibc)
    import Glibc
#endif

/// Python's `tomllib` (3.11+) as the reference reader: the documents named are read in one
/// run of `python3`, and each comes back in `CanonicalJSON`'s form, or as the error it raised.
enum Tomllib {
    enum Answer: Equatable {
        case document(String)
        case error(String)
    }

    /// No apostrophes: it goes to the shell inside them.
    static let script = """
        import sys, json, math, struct, datetime, tomllib
        def conv(v):
            if isinstance(v, dict):
                return {k: conv(x) for k, x in v.items()}
            if isinstance(v, list):
                return [conv(x) for x in v]
            if isinstance(v, bool):
                return {"type": "bool", "value": "true" if v else "false"}
            if isinstance(v, int):
                return {"type": "integer", "value": str(v)}
            if isinstance(v, float):
                bits = "nan" if math.isnan(v) else str(struct.unpack("<Q", struct.pack("<d", v))[0])
                return {"type": "float", "value": bits}
            if isinstance(v, str):
                return {"type": "string", "value": v}
            if isinstance(v, datetime.datetime):
                return {"type": "datetime" if v.tzinfo else "datetime-local", "value": v.isoformat()}
            if isinstance(v, datetime.date):
                return {"type": "date-local", "value": v.isoformat()}
            if isinstance(v, datetime.time):
                return {"type": "time-local", "value": v.isoformat()}
            raise TypeError(type(v))
        for path in sys.argv[1:]:
            try:
                doc = json.dumps(conv(tomllib.loads(open(path, "rb").read().decode("utf-8-sig"))),
                                 sort_keys=True, ensure_ascii=True, separators=(",", ":"))
                print(path + "\\tdocument\\t" + doc)
            except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
                print(path + "\\terror\\t" + str(e).replace("\\n", " "))
        """

    /// nil when python3 or its tomllib cannot be run.
    static func read(_ paths: [String]) -> [String: Answer]? {
        let quoted = paths.map { "'\($0)'" }.joined(separator: " ")
        guard let pipe = popen("python3 -c '\(script)' \(quoted)", "r") else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, pipe)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        guard pclose(pipe) == 0 else { return nil }
        var answers: [String: Answer] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { return nil }
            answers[String(fields[0])] =
                fields[1] == "document" ? .document(String(fields[2])) : .error(String(fields[2]))
        }
        return answers
    }
}
