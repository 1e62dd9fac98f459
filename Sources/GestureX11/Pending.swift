import CXInput2

/// Questions sent to the server whose answers are read later: sent before another question
/// that waits for its answer, they come back in that one's round trip, and reading them then
/// waits for nothing. Each is read once (`answer`) or let go (`discard`), never both.
struct Pending<Answer> {
    private let connection: OpaquePointer?
    private let sequences: [UInt32]
    private let read: () -> Answer

    init(_ connection: OpaquePointer?, _ sequences: [UInt32], read: @escaping () -> Answer) {
        self.connection = connection
        self.sequences = sequences
        self.read = read
    }

    /// The answers, waiting for them if they have not come.
    func answer() -> Answer { read() }

    /// Lets go of the answers unread: XCB drops them as they come.
    func discard() {
        for s in sequences { xcb_discard_reply(connection, s) }
    }
}
