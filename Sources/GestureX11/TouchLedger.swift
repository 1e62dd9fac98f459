/// The touches the listener knows: those whose events still come to gestured (down, and not
/// given back), by the server's key, and those waiting for the engine's decision, by the id the
/// engine knows them by. A touch kept goes on coming after its decision; the rest of one given
/// back is the application's.
struct TouchLedger {
    /// A touch as the server names it: its master device and its touch id there.
    struct Key: Hashable {
        let device: Int32
        let touch: UInt32
    }

    /// Touches whose events still come to gestured: down, and not given back.
    private var coming: [Key: Int] = [:]
    /// Touches waiting for their decision.
    private var waiting: [Int: Key] = [:]
    /// The slave device each touch still coming comes from.
    private var sources: [Int: Int32] = [:]
    /// Touches waiting for their decision that emulate the pointer, with the slave each comes
    /// from: one kept after its end leaves the master's button 1 held.
    private var emulating: [Int: Int32] = [:]
    private var nextId = 1

    /// A touch began on `source`: its id, waiting for its decision unless it is only
    /// `observed` (its raw events: it is the application's already, and no answer is owed).
    mutating func begin(_ key: Key, source: Int32, emulatingPointer: Bool, observed: Bool = false)
        -> Int
    {
        let id = nextId
        nextId = nextId == Int(Int32.max) ? 1 : nextId + 1
        coming[key] = id
        if observed {
            sources[id] = source
            return id
        }
        waiting[id] = key
        sources[id] = source
        if emulatingPointer { emulating[id] = source }
        return id
    }

    /// The id of a touch still coming.
    func id(of key: Key) -> Int? { coming[key] }

    /// The touch ended: its id, when it was still coming. It may still wait for its decision.
    mutating func end(_ key: Key) -> Int? {
        guard let id = coming.removeValue(forKey: key) else { return nil }
        sources[id] = nil
        return id
    }

    /// Decides touch `id`, exactly once: the key to answer the server with, and, for a touch
    /// that emulated the pointer and was kept after its end, the slave whose button 1 the
    /// master takes again. Nil when it waits for no decision.
    mutating func decide(_ id: Int, accepted: Bool) -> (key: Key, retakeButtonFrom: Int32?)? {
        guard let key = waiting.removeValue(forKey: id) else { return nil }
        var retake: Int32?
        if let source = emulating.removeValue(forKey: id), accepted, coming[key] != id {
            retake = source
        }
        if !accepted, coming[key] == id {
            coming[key] = nil
            sources[id] = nil
        }
        return (key, retake)
    }

    /// Takes away the touches still coming from the slave `source`, oldest first, with whether
    /// each still waits for its decision: a device that goes ends none of them.
    mutating func lose(_ source: Int32) -> [(id: Int, undecided: Bool)] {
        var lost: [(id: Int, undecided: Bool)] = []
        for (key, id) in coming.sorted(by: { $0.value < $1.value }) where sources[id] == source {
            coming[key] = nil
            sources[id] = nil
            lost.append((id, waiting[id] != nil))
        }
        return lost
    }

    /// The master and the slave of a pointer-emulating touch still waiting for its decision;
    /// nil for any other.
    func emulatingAndWaiting(_ id: Int) -> (master: Int32, source: Int32)? {
        guard let source = emulating[id], let key = waiting[id] else { return nil }
        return (key.device, source)
    }

    /// The touches waiting for their decision, by id.
    var undecided: [Int] { waiting.keys.sorted() }
}
