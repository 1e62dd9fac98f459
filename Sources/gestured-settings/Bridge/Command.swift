import CAdwaita

#if canImport(Glibc)
    import Glibc
#endif

/// A command run without blocking the window (GSubprocess): `done` gets its exit status and
/// its output (standard error merged), on the main loop.
enum Command {
    private final class Done {
        let call: (Int32, String) -> Void
        init(_ call: @escaping (Int32, String) -> Void) { self.call = call }
    }

    private static let finished: GAsyncReadyCallback = { source, result, data in
        let done = Unmanaged<Done>.fromOpaque(data!).takeRetainedValue()
        let process = OpaquePointer(source!)
        var out: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        let ok = g_subprocess_communicate_utf8_finish(process, result, &out, nil, &error) != 0
        let text =
            out.map { String(cString: $0) } ?? error.map { String(cString: $0.pointee.message) }
            ?? ""
        g_free(out)
        if let error { g_error_free(error) }
        let status =
            ok && g_subprocess_get_if_exited(process) != 0
            ? g_subprocess_get_exit_status(process) : -1
        g_object_unref(UnsafeMutableRawPointer(process))
        done.call(status, text)
    }

    /// The gestured beside this program (as installed, and in a build folder), else the one on PATH.
    static let gestured: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n > 0 {
            let me = String(cString: buffer)
            let beside = String(me[..<(me.lastIndex(of: "/") ?? me.startIndex)]) + "/gestured"
            if access(beside, X_OK) == 0 { return beside }
        }
        return "gestured"
    }()

    static func run(_ argv: [String], _ done: @escaping (Int32, String) -> Void) {
        var args: [UnsafePointer<CChar>?] = argv.map { UnsafePointer(strdup($0)) } + [nil]
        defer { for a in args { free(UnsafeMutablePointer(mutating: a)) } }
        var error: UnsafeMutablePointer<GError>?
        let flags = GSubprocessFlags(
            rawValue: G_SUBPROCESS_FLAGS_STDOUT_PIPE.rawValue
                | G_SUBPROCESS_FLAGS_STDERR_MERGE.rawValue)
        guard let process = g_subprocess_newv(&args, flags, &error) else {
            let message =
                error.map { String(cString: $0.pointee.message) } ?? "cannot run \(argv[0])"
            if let error { g_error_free(error) }
            done(-1, message)
            return
        }
        g_subprocess_communicate_utf8_async(
            process, nil, nil, finished, Unmanaged.passRetained(Done(done)).toOpaque())
    }
}
