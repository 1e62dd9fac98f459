import GestureConfig
import GestureCore
import GestureSession
import Glibc
import Synchronization

/// Reloads the config file off the input path. A change seen by the watch is read once the
/// writing has settled; the file is read, validated and made into bindings on a thread of its
/// own, and the result comes back to the run loop through a pipe, so that input keeps flowing
/// while a large config loads.
final class ConfigReloader {
    /// Milliseconds without a further change before a changed file is read: an editor's
    /// remove-then-write, or a write in several parts, is read once it is whole.
    static let settle = 150.0
    /// Milliseconds to wait for a writer that keeps the file open before reading it anyway.
    static let unfinishedWrite = 2_000.0

    /// A finished load: the new bindings, or why they were refused.
    /// Made on the worker thread and handed over once to the run loop, which alone uses it
    /// from then on: never shared, hence unchecked.
    struct Loaded: @unchecked Sendable {
        let why: String
        let result: Result<Bindings, CLIError>
        /// Why `exec` actions are refused, judged on the file that was read.
        var execRefusal: String? = nil
    }

    let path: String
    let watch: ConfigWatch?
    private let done: (read: Int32, write: Int32)
    private let worker: LoadWorker
    /// When a change is read, once it has settled.
    private var due: Double?
    private var dueWhy = ""
    private var writing = false
    private var loading = false
    /// A request that came while a load was under way: it loads again after.
    private var again: String?

    init(path: String) {
        self.path = path
        watch = ConfigWatch(path: path)
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        for f in fds {
            _ = fcntl(f, F_SETFD, FD_CLOEXEC)
            _ = fcntl(f, F_SETFL, fcntl(f, F_GETFL) | O_NONBLOCK)
        }
        done = (fds[0], fds[1])
        worker = LoadWorker(path: path, wake: fds[1])
    }

    deinit {
        close(done.read)
        close(done.write)
    }

    /// The descriptor the run loop polls for the watch (`watched`), when the file can be watched.
    var watchFD: Int32? { watch?.fd }
    /// The descriptor the run loop polls for the end of a load (`finished`).
    var loadedFD: Int32 { done.read }

    /// When the run loop must call `tick` even if nothing arrives.
    var deadline: Double? { due }

    /// Reads the watch: starts the settle timer for a content change, and returns whether the
    /// file's owner or mode changed.
    func watched(now: Double) -> Bool {
        guard let change = watch?.changes() else { return false }
        if change.content {
            writing = change.writing
            due = now + (writing ? ConfigReloader.unfinishedWrite : ConfigReloader.settle)
            dueWhy = "the config file changed"
        }
        return change.attributes
    }

    /// Loads now (SIGHUP), or after the current load.
    func request(_ why: String, screen: Screen) {
        due = nil
        start(why, screen: screen)
    }

    /// Starts the load of a change that has settled.
    func tick(now: Double, screen: Screen) {
        guard let d = due, d <= now else { return }
        due = nil
        start(dueWhy, screen: screen)
    }

    private func start(_ why: String, screen: Screen) {
        guard !loading else {
            again = why
            return
        }
        loading = true
        worker.submit(why, screen: screen)
    }

    /// The finished load, if one has finished; a request that waited starts now.
    func finished(screen: Screen) -> Loaded? {
        var buffer = [UInt8](repeating: 0, count: 16)
        while read(done.read, &buffer, buffer.count) > 0 {}
        guard let loaded = worker.take() else { return nil }
        loading = false
        if let why = again {
            again = nil
            start(why, screen: screen)
        }
        return loaded
    }

    /// Reads and validates the file and builds its bindings. A file with no gestures at all is
    /// refused unless it says so (`gesture = []`): an empty or half-written file must never
    /// replace a good config.
    static func load(_ path: String, why: String, screen: Screen) -> Loaded {
        switch ConfigFiles.load(path) {
        case .failure(let e):
            return Loaded(why: why, result: .failure(e))
        case .success(let file):
            let config = file.config
            if config.gestures.isEmpty && !config.declaresGestures {
                return Loaded(
                    why: why,
                    result: .failure(
                        CLIError(
                            "\(path): has no gestures (write `gesture = []` to run with none on purpose)"
                        )))
            }
            return Loaded(
                why: why, result: .success(Bindings(config, screen: screen)),
                execRefusal: file.execRefusal)
        }
    }
}

/// The one thread that loads configs, for the daemon's lifetime: a request goes in, the finished
/// load comes back, and a byte on `wake` tells the run loop. The thread sleeps in a read of its
/// own pipe between requests.
private final class LoadWorker: @unchecked Sendable {
    private let path: String
    private let wake: Int32
    private let state = Mutex<
        (request: (why: String, screen: Screen)?, finished: ConfigReloader.Loaded?)
    >((nil, nil))
    /// A byte per request: the thread's alarm clock.
    private let requests: (read: Int32, write: Int32)
    private var started = false

    init(path: String, wake: Int32) {
        self.path = path
        self.wake = wake
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        for f in fds { _ = fcntl(f, F_SETFD, FD_CLOEXEC) }
        requests = (fds[0], fds[1])
    }

    func submit(_ why: String, screen: Screen) {
        state.withLock { $0.request = (why, screen) }
        if !started {
            started = true
            // Loading parses and validates recursively: a larger stack than a thread's default.
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            pthread_attr_setstacksize(&attributes, 8 << 20)
            var thread = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            pthread_create(
                &thread, &attributes,
                { context in
                    Unmanaged<LoadWorker>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context)
            pthread_attr_destroy(&attributes)
            pthread_detach(thread)
        }
        var byte: UInt8 = 1
        _ = write(requests.write, &byte, 1)
    }

    func take() -> ConfigReloader.Loaded? {
        state.withLock { s in
            defer { s.finished = nil }
            return s.finished
        }
    }

    private func run() {
        var byte: UInt8 = 0
        while true {
            guard read(requests.read, &byte, 1) == 1 || errno == EINTR else { continue }
            guard
                let next = state.withLock({ s in
                    defer { s.request = nil }
                    return s.request
                })
            else { continue }
            let loaded = ConfigReloader.load(path, why: next.why, screen: next.screen)
            state.withLock { $0.finished = loaded }
            var one: UInt8 = 1
            _ = write(wake, &one, 1)
        }
    }
}
