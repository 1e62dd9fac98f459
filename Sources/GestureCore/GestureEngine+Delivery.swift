/// Delivering frames to the recognizers of an arena.
extension GestureEngine {
    func deliverBegan(
        _ arena: Arena, _ entries: [(id: Int, at: Point)], app: String?, device: String?
    ) {
        let table = arena.table
        let firstOfCluster = table.down == 0
        if firstOfCluster {
            arena.open(app: app, device: device)
            var waitsForFingers = false
            arena.forEachParticipant { r in
                r.maxTrackedTogether = 0
                if r.requiredTouches > 1 && r.isLive { waitsForFingers = true }
            }
            arena.arrivalDeadline = waitsForFingers ? now + settings.arrivalWindow : nil
        }
        var added: UInt64 = 0
        for (id, at) in entries where table.slot(of: id) == nil {
            guard
                let slot = table.add(
                    id: id, at: at, time: now, timeout: settings.touchTimeout(for: arena.source))
            else {
                emit(
                    .decision(
                        OwnershipDecision(
                            target: target(arena, id: id), accepted: false, why: .unused)))
                continue
            }
            added |= 1 << UInt64(slot)
            deadlineAdded(table.timeouts[slot])
        }
        guard added != 0 else { return }
        let frame = arena.frame
        frame.time = now
        frame.touches = table.touches(table.down)
        if firstOfCluster {
            frame.metrics.start(frame.touches, at: now)
        } else {
            frame.metrics.regroup(frame.touches)
        }
        let touches = table.touches(added)
        arena.forEachParticipant { r in
            guard r.isLive else { return }
            r.tracking |= added
            if r.delaysTouchesBegan { r.holding |= added }
            r.maxTrackedTogether = max(
                r.maxTrackedTogether, (r.tracking & table.down).nonzeroBitCount)
            r.touchesBegan(touches, with: frame)
        }
        settle(arena)
    }

    func deliverMoved(_ arena: Arena, _ entries: [(id: Int, at: Point)]) {
        let table = arena.table
        var rest = table.down
        while rest != 0 {
            let slot = rest.trailingZeroBitCount
            rest &= rest - 1
            table.slots[slot].previousLocation = table.slots[slot].location
            table.slots[slot].phase = .stationary
        }
        var moved: UInt64 = 0
        for (id, at) in entries {
            guard let slot = table.slot(of: id), table.slots[slot].location != at else { continue }
            table.slots[slot].location = at
            table.slots[slot].phase = .moved
            moved |= 1 << UInt64(slot)
        }
        guard moved != 0 else { return }
        let frame = arena.frame
        frame.time = now
        frame.touches = table.touches(table.down)
        frame.metrics.move(frame.touches, at: now)
        arena.forEachParticipant { r in
            guard r.isLive && r.tracking & moved != 0 else { return }
            r.touchesMoved(table.touches(r.tracking & moved), with: frame)
        }
        settle(arena)
    }

    func deliverEnded(_ arena: Arena, _ entries: [(id: Int, at: Point)], phase: Touch.Phase) {
        let table = arena.table
        var ended: UInt64 = 0
        for (id, at) in entries {
            guard let slot = table.slot(of: id) else { continue }
            if phase == .ended { table.slots[slot].location = at }
            table.slots[slot].phase = phase
            ended |= 1 << UInt64(slot)
        }
        guard ended != 0 else { return }
        table.down &= ~ended
        let frame = arena.frame
        frame.time = now
        frame.touches = table.touches(table.down)
        frame.metrics.regroup(frame.touches)
        if phase == .ended { failShortOfFingers(arena, ended) }
        arena.forEachParticipant { r in
            guard r.isLive && r.tracking & ended != 0 else { return }
            let mine = r.tracking & ended
            if phase == .ended {
                r.touchesEnded(table.touches(mine), with: frame)
            } else {
                r.touchesCancelled(table.touches(mine), with: frame)
            }
            r.tracking &= ~mine
            if phase == .cancelled || !r.delaysTouchesEnded { r.holding &= ~mine }
        }
        if phase == .cancelled {
            var rest = ended & ~table.decided
            while rest != 0 {
                let slot = rest.trailingZeroBitCount
                rest &= rest - 1
                decide(arena, slot: slot, accept: false, why: .cancelled)
            }
        }
        settle(arena)
    }

    /// A gesture of several fingers takes them down together: a recognizer that never had its
    /// `requiredTouches` down together when one of its fingers lifts can no longer use that
    /// finger, and fails now, so that its touches go back to the application while the others
    /// are still down rather than all after their end (a quick two-finger tap under a
    /// three-finger binding, a finger lifted while the others land).
    private func failShortOfFingers(_ arena: Arena, _ ended: UInt64) {
        arena.forEachParticipant { r in
            guard
                r.currentState == .possible && !r.isPending && r.tracking & ended != 0
                    && r.maxTrackedTogether < r.requiredTouches
            else { return }
            r.fail(
                "a finger lifted with \(r.maxTrackedTogether) of \(r.requiredTouches) fingers down together"
            )
        }
    }

    func arrivalWindowClosed(_ arena: Arena) {
        arena.arrivalDeadline = nil
        arena.frame.time = now
        arena.forEachParticipant { r in
            guard
                r.currentState == .possible && !r.isPending
                    && r.maxTrackedTogether < r.requiredTouches
            else { return }
            r.fail(
                "\(r.maxTrackedTogether) of \(r.requiredTouches) fingers arrived within \(settings.arrivalWindow) ms"
            )
        }
        settle(arena)
    }

    // MARK: Touchpad

    func touchpadBegan(_ kind: InputFrame.TouchpadKind, fingers: Int, event: InputEvent) {
        let arena = arena(.touchpad)
        if arena.touchpadOpen { touchpadEnded(cancelled: true) }
        arena.open(app: event.app, device: event.device)
        let table = arena.table
        guard
            let slot = table.add(
                id: 0, at: .zero, time: now, timeout: settings.touchTimeout(for: .touchpad))
        else { return }
        let bit: UInt64 = 1 << UInt64(slot)
        deadlineAdded(table.timeouts[slot])
        let frame = arena.frame
        frame.time = now
        frame.touchpadKind = kind
        frame.cancelled = false
        frame.touches = table.touches(0)
        frame.metrics.touchpadBegan(fingers: fingers, at: now)
        arena.forEachParticipant { r in
            guard r.isLive else { return }
            r.tracking |= bit
            if r.delaysTouchesBegan { r.holding |= bit }
            r.maxTrackedTogether = fingers
            r.touchpadBegan(with: frame)
        }
        // The X server waits for a synchronous grab's answer: keep or replay now.
        let kept = arena.anyParticipant { $0.holding & bit != 0 }
        decide(arena, slot: slot, accept: kept, why: kept ? .wanted : .unused)
        arena.touchpadOpen = kept
        settle(arena)
    }

    func touchpadChanged(delta: Point, physical: Point, scale: Double?, angle: Double?) {
        let arena = arena(.touchpad)
        guard arena.touchpadOpen else { return }
        let frame = arena.frame
        frame.time = now
        frame.metrics.touchpadUpdate(
            delta: delta, physical: physical, scale: scale, angle: angle, at: now)
        arena.forEachParticipant { r in
            guard r.isLive && r.tracking != 0 else { return }
            r.touchpadChanged(with: frame)
        }
        settle(arena)
    }

    func touchpadEnded(cancelled: Bool) {
        let arena = arena(.touchpad)
        guard arena.touchpadOpen else { return }
        arena.touchpadOpen = false
        arena.table.down = 0
        let frame = arena.frame
        frame.time = now
        frame.cancelled = cancelled
        arena.forEachParticipant { r in
            guard r.isLive && r.tracking != 0 else { return }
            r.touchpadEnded(with: frame)
            r.tracking = 0
        }
        settle(arena)
    }

    func target(_ arena: Arena, id: Int) -> OwnershipDecision.Target {
        switch arena.source {
        case .touchscreen: return .touch(id: id)
        case .pointer: return .button(id)
        case .touchpad:
            return .touchpad(
                arena.frame.touchpadKind ?? .swipe, fingers: arena.frame.metrics.fingers)
        }
    }
}
