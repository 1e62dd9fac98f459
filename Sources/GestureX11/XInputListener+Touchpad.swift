import CXInput2
import GestureCore

/// Decoding touchpad gestures (XInput 2.4): swipes and pinches, each held by the server from
/// its begin until the engine decides.
extension XInputListener {
    func swipe(_ type: Int32, _ e: XIGestureSwipeEvent) {
        touchpad(type - XI_GestureSwipeBegin, e, .swipe) { e in
            .swipeUpdate(
                fingers: Int(e.detail), delta: Point(x: e.delta_x, y: e.delta_y),
                unaccelerated: Point(x: e.delta_unaccel_x, y: e.delta_unaccel_y))
        }
    }

    func pinch(_ type: Int32, _ e: XIGesturePinchEvent) {
        touchpad(type - XI_GesturePinchBegin, e, .pinch) { e in
            .pinchUpdate(
                fingers: Int(e.detail), delta: Point(x: e.delta_x, y: e.delta_y),
                unaccelerated: Point(x: e.delta_unaccel_x, y: e.delta_unaccel_y), scale: e.scale,
                angle: e.delta_angle)
        }
    }

    /// A touchpad gesture event, swipe or pinch: begin, update or end. Updates may arrive before
    /// the begin is decided: they go to the engine in order, which drops them if the gesture
    /// was given back.
    private func touchpad<E: TouchpadGestureEvent>(
        _ phase: Int32, _ e: E, _ kind: InputFrame.TouchpadKind,
        update: (E) -> InputEvent.Kind
    ) {
        let fingers = Int(e.detail)
        switch phase {
        case 0:
            touchpad.begin(
                device: e.deviceid, .init(source: e.sourceid, kind: kind, fingers: fingers))
            if givenBackAsLate(.touchpad(kind, fingers: fingers), e.time) { return }
            emit(
                e.time,
                kind == .swipe ? .swipeBegin(fingers: fingers) : .pinchBegin(fingers: fingers),
                device: e.sourceid, app: application(under: e.child))
        case 1:
            guard touchpad.takesUpdates else { return }
            emit(e.time, update(e))
        default:
            guard touchpad.end() else { return }
            endsThisDrain.append((events.count, e.sourceid))
            // XIGestureSwipeEventCancelled and XIGesturePinchEventCancelled are the same bit.
            let cancelled = e.flags & XIGestureSwipeEventCancelled != 0
            emit(
                e.time,
                kind == .swipe
                    ? .swipeEnd(fingers: fingers, cancelled: cancelled)
                    : .pinchEnd(fingers: fingers, cancelled: cancelled))
        }
    }
}

/// What XInput 2.4's swipe and pinch events have in common.
protocol TouchpadGestureEvent {
    var deviceid: Int32 { get }
    var sourceid: Int32 { get }
    var detail: Int32 { get }
    var time: Time { get }
    var child: Window { get }
    var flags: Int32 { get }
}

extension XIGestureSwipeEvent: TouchpadGestureEvent {}
extension XIGesturePinchEvent: TouchpadGestureEvent {}
