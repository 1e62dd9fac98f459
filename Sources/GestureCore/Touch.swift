/// One finger on a touchscreen, or one held pointer button, as a recognizer sees it.
/// A value: recognizers keep what they need of it, never the touch itself (as UIKit advises).
public struct Touch: Equatable, Sendable {
    public enum Phase: String, Sendable { case began, moved, stationary, ended, cancelled }

    /// The id the device gave the touch; for the pointer, the button number.
    public internal(set) var id: Int
    public internal(set) var location: Point
    public internal(set) var previousLocation: Point
    public internal(set) var startLocation: Point
    public internal(set) var beganAt: Double
    public internal(set) var phase: Phase

    /// How far the touch is from where it began.
    public var distanceFromStart: Double { location.distance(to: startLocation) }
}

/// A set of touches of one arena, as a bit mask over the arena's touch slots: passing it to a
/// recognizer allocates nothing, and counts no reference. It reads the arena's table, which
/// lives as long as its engine, without a count of its own, since a set is made for every
/// recognizer at every move.
/// A set is good while its engine lives; keep none past it.
public struct Touches: Sequence {
    private let tableReference: Unmanaged<TouchTable>
    let mask: UInt64

    init(table: TouchTable, mask: UInt64) {
        tableReference = .passUnretained(table)
        self.mask = mask
    }

    public var count: Int { mask.nonzeroBitCount }
    public var isEmpty: Bool { mask == 0 }

    /// The touch in the lowest slot, which is the earliest of those still down.
    public var first: Touch? {
        mask == 0
            ? nil : tableReference._withUnsafeGuaranteedRef { $0.slots[mask.trailingZeroBitCount] }
    }

    public func contains(_ touch: Touch) -> Bool {
        guard let slot = tableReference._withUnsafeGuaranteedRef({ $0.slot(of: touch.id) }) else {
            return false
        }
        return mask & (1 << UInt64(slot)) != 0
    }

    /// The mean position of the touches.
    public var centroid: Point {
        var sum = Point.zero
        for t in self { sum += t.location }
        return count == 0 ? .zero : sum / Double(count)
    }

    public struct Iterator: IteratorProtocol {
        let tableReference: Unmanaged<TouchTable>
        var rest: UInt64
        public mutating func next() -> Touch? {
            guard rest != 0 else { return nil }
            let slot = rest.trailingZeroBitCount
            rest &= rest - 1
            return tableReference._withUnsafeGuaranteedRef { $0.slots[slot] }
        }
    }

    public func makeIterator() -> Iterator { Iterator(tableReference: tableReference, rest: mask) }
}

/// The touches of one arena, in at most 64 fixed slots that are reused: the per-event path
/// allocates nothing.
final class TouchTable {
    static let capacity = 64

    var slots: [Touch]
    /// Slots in use: the touch is down, or has ended but still waits for its decision.
    var used: UInt64 = 0
    /// Slots whose touch is down (not ended, not handed back).
    var down: UInt64 = 0
    /// Slots whose touch has been accepted or rejected.
    var decided: UInt64 = 0
    /// Per slot, when the touch must be decided at the latest.
    var timeouts: [Double]

    init() {
        let blank = Touch(
            id: 0, location: .zero, previousLocation: .zero, startLocation: .zero,
            beganAt: 0, phase: .ended)
        slots = Array(repeating: blank, count: TouchTable.capacity)
        timeouts = Array(repeating: .infinity, count: TouchTable.capacity)
    }

    /// The slot of a touch that is down, by id.
    func slot(of id: Int) -> Int? {
        var rest = down
        while rest != 0 {
            let slot = rest.trailingZeroBitCount
            if slots[slot].id == id { return slot }
            rest &= rest - 1
        }
        return nil
    }

    /// Takes a free slot for a new touch; nil when all 64 are in use.
    func add(id: Int, at location: Point, time: Double, timeout: Double) -> Int? {
        let free = ~used
        guard free != 0 else { return nil }
        let slot = free.trailingZeroBitCount
        let bit: UInt64 = 1 << UInt64(slot)
        slots[slot] = Touch(
            id: id, location: location, previousLocation: location,
            startLocation: location, beganAt: time, phase: .began)
        timeouts[slot] = time + timeout
        used |= bit
        down |= bit
        decided &= ~bit
        return slot
    }

    /// Frees the slots that have ended and been decided.
    func release(_ mask: UInt64) {
        used &= ~mask
        down &= ~mask
    }

    func touches(_ mask: UInt64) -> Touches { Touches(table: self, mask: mask) }
}
