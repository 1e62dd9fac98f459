import GestureCore

/// Where a stroke went before gestured followed it: the motion between its press and the
/// moment the slaves' raw motion, turned on by that press, began to come.
///
/// A slave's axes stand where its own last event put them, and the server moves them on while
/// the master is frozen by the press, so once raw motion is on one round trip asks where the
/// pressing slave stands (`XConnection.pointerStates`). Its axes are the pointer's only while it
/// is the master's last slave: one that presses right after another device moved the pointer
/// still stands where it last moved itself. So the position each slave stood at when the master
/// turned to it is kept (an `XI_DeviceChanged` slave switch, or the devices' state when they
/// change), and a slave still standing there has not moved since.
struct UnseenMotion {
    /// Where each slave pointer stood when the master last turned to it.
    private var atSwitch: [Int32: Point] = [:]

    /// Below this, in pixels, two positions are the same: the events carry 16 bits of fraction,
    /// the device state 32.
    static let tolerance = 0.01

    /// The master turned to `slave`, which stood at `position`.
    mutating func switched(to slave: Int32, at position: Point?) {
        atSwitch[slave] = position
    }

    /// The slaves now, as the server has them: only these are kept.
    mutating func devices(_ states: [Int32: PointerState], slaves: [Int32]) {
        atSwitch = Dictionary(uniqueKeysWithValues: slaves.map { ($0, states[$0]?.position) })
            .compactMapValues { $0 }
    }

    /// Where `slave`'s pointer went after its press at `press`, when it stands at `now`; nil
    /// when it has not moved. Each axis is judged apart: an event names only the axes that
    /// moved (a mouse moving sideways names x alone), so an axis still where it stood when
    /// the master turned to the slave is the slave's own old value, not the pointer's, and
    /// the pointer is where the press was on it.
    func motion(from press: Point, slave: Int32, now: Point?) -> Point? {
        guard var went = now else { return nil }
        if let switched = atSwitch[slave] {
            if abs(went.x - switched.x) < Self.tolerance { went.x = press.x }
            if abs(went.y - switched.y) < Self.tolerance { went.y = press.y }
        }
        return Self.same(went, press) ? nil : went
    }

    private static func same(_ a: Point, _ b: Point) -> Bool {
        abs(a.x - b.x) < tolerance && abs(a.y - b.y) < tolerance
    }
}
