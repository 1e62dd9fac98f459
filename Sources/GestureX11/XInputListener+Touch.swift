import CXInput2
import GestureCore

/// Decoding touchscreen touches: begin, update, end, each touch under the id the ledger gives it.
extension XInputListener {
    func touch(_ type: Int32, _ e: XIDeviceEvent) {
        let key = TouchLedger.Key(device: e.deviceid, touch: UInt32(e.detail))
        let at = Point(x: e.root_x, y: e.root_y)
        switch type {
        case XI_TouchBegin:
            let id = touches.begin(key, source: e.sourceid, emulatingPointer: e.flags & XITouchEmulatingPointer != 0)
            if givenBackAsLate(.touch(id: id), e.time) { return }
            emit(e.time, .touchBegin(id: id, at: at), device: e.sourceid, app: application(under: e.child))
        case XI_TouchUpdate:
            guard let id = touches.id(of: key) else { return }
            emit(e.time, .touchMove(id: id, at: at))
        default:
            guard let id = touches.end(key) else { return }
            endsThisDrain.append((events.count, e.sourceid))
            emit(e.time, .touchEnd(id: id, at: at))
        }
    }
}
