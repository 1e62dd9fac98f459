import Glibc
import Synchronization

/// A lock for what every process on the machine shares, not only this one: an abstract socket
/// address such as touchegg's `@touchegg` (one per network namespace, so two test runs on one
/// machine would serve it in turn, and count each other's clients). Taken with flock(2) on a
/// file in /tmp, the first time a test asks, and held until this process exits: another test
/// run's tests that ask wait until then.
public enum MachineWideLock {
    private static let held = Mutex<Set<String>>([])

    /// Blocks until this process holds the lock `name`; at once when it already does.
    public static func hold(_ name: String) {
        held.withLock { held in
            guard !held.contains(name) else { return }
            let fd = open("/tmp/gestured-tests-\(name).lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
            guard fd >= 0 else { return }
            // The descriptor stays open, and the lock with it, for the process's life.
            while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
            held.insert(name)
        }
    }
}
