import Glibc

/// A file gestured makes for the user, a recorded trace or a learned template: always a new
/// one, never written over what is there, and readable by its owner only whatever the umask,
/// as `gestured init` writes the config.
enum NewFile {
    enum Failure: Error {
        /// Something is there already.
        case exists
        /// Any other reason, as strerror says it.
        case cannot(String)
    }

    /// Creates `path` with mode 0600 and opens it for writing. O_EXCL makes "is it there?" and
    /// the creation one step, so that nothing that appears in between is overwritten.
    static func create(_ path: String) -> Result<Int32, Failure> {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return .failure(failure(errno)) }
        return .success(fd)
    }

    /// Creates `path` holding `text`; on a failure to write, nothing is left behind.
    static func write(_ path: String, _ text: String) -> Result<Void, Failure> {
        let fd: Int32
        switch create(path) {
        case .success(let f): fd = f
        case .failure(let why): return .failure(why)
        }
        let failed = Descriptor.write(fd, text)
        if close(fd) != 0 || failed != nil {
            let code = failed ?? errno
            unlink(path)
            return .failure(failure(code))
        }
        return .success(())
    }

    private static func failure(_ code: Int32) -> Failure {
        code == EEXIST ? .exists : .cannot(String(cString: strerror(code)))
    }
}
