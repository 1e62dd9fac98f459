import GestureStream
import Glibc

/// What the run loop waits on, each by name: the X connection, the signal pipe, the config
/// watch and the config loader's pipe for the daemon's life, and on each turn what changes
/// from one turn to the next: each stream's listening socket and clients (a client's polled for
/// writing only while signals wait for it), and the log and the record while lines wait for
/// their reader.
struct PollSources {
    /// A source's place among the descriptors polled.
    struct Slot {
        fileprivate let index: Int
    }

    let x: Slot
    let signals: Slot
    /// The config watch and the loader's pipe, while a config file is watched.
    let configWatch: Slot?
    let configLoaded: Slot?

    private var fds: [pollfd] = []
    /// How many of `fds` are there for the daemon's life.
    private let fixed: Int
    private var streams: [(bus: PeerBus, range: Range<Int>)] = []
    private var outputs: [(output: NonBlockingOutput, index: Int)] = []

    init(x: Int32, signals: Int32, configWatch: Int32?, configLoaded: Int32?) {
        var fds: [pollfd] = []
        func add(_ fd: Int32) -> Slot {
            fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
            return Slot(index: fds.count - 1)
        }
        self.x = add(x)
        self.signals = add(signals)
        self.configWatch = configWatch.map(add)
        self.configLoaded = configLoaded.map(add)
        self.fds = fds
        fixed = fds.count
    }

    /// Polls the fixed sources, the `buses`' descriptors and those of the `outputs` whose reader
    /// is behind, for at most `timeout` milliseconds (-1: without a timeout); poll's result.
    mutating func poll(_ buses: [PeerBus], _ outputs: [NonBlockingOutput], timeout: Int32) -> Int32
    {
        fds.removeSubrange(fixed...)
        for i in fds.indices { fds[i].revents = 0 }
        streams = buses.map { bus in
            let start = fds.count
            bus.pollDescriptors(into: &fds)
            return (bus, start..<fds.count)
        }
        self.outputs = outputs.compactMap { o in
            guard let fd = o.pollDescriptor else { return nil }
            fds.append(fd)
            return (o, fds.count - 1)
        }
        return Glibc.poll(&fds, nfds_t(fds.count), timeout)
    }

    /// Whether the last poll found `slot` readable.
    func readable(_ slot: Slot?) -> Bool {
        slot.map { fds[$0.index].revents & Int16(POLLIN) != 0 } ?? false
    }

    /// Whether the last poll found `slot` hung up or in error.
    func hungUp(_ slot: Slot) -> Bool {
        fds[slot.index].revents & Int16(POLLHUP | POLLERR) != 0
    }

    /// Hands each stream what the last poll said of its descriptors.
    func serveStreams(timedOut: Bool) {
        for (bus, range) in streams { bus.handle(fds[range], timedOut: timedOut) }
    }

    /// Writes on each output whose reader the last poll found ready.
    func flushOutputs() {
        for (output, index) in outputs where fds[index].revents != 0 { output.flush() }
    }
}
