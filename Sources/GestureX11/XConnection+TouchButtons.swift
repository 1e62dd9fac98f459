import CXInput2

extension XConnection {
    /// Makes the master pointer `master` take its touch button state again from the
    /// touchscreen `touchscreen`; one round trip, over `ask` (a connection that selects no
    /// input, so that it reads none of this one's), the XTest releases over this one.
    ///
    /// Xorg 21.1 counts a pointer-emulating touch as button 1 held on the device it goes
    /// through, from its begin until its end is processed. When a touch grab's owner accepts
    /// such a touch after its end, the server ends it without that count (`TouchEmitTouchEnd`
    /// updates the state only when no grab listens), so the master keeps Button1Mask: in
    /// XQueryPointer's mask and in the state of every later pointer event, whatever device
    /// sends it, until a later touch ends the ordinary way. The touchscreen itself, which no
    /// grab listens to, counts right, and the master copies its classes, this count with them,
    /// whenever it switches to it from another slave. So gestured makes it switch: an XTest
    /// release of a button that is not down, sent through the master's XTEST pointer and then
    /// through the touchscreen. The server drops a release of a button not down before any
    /// client sees it (only its raw event is sent), and the switch moves nothing: the slave
    /// takes the master's position.
    public func retakeTouchButtons(master: Int32, from touchscreen: Int32, asking ask: XConnection)
    {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(ask.display, XIAllDevices, &count) else { return }
        defer { XIFreeDeviceInfo(infos) }
        var xtest: (id: Int32, button: Int)?
        var screen: (id: Int32, button: Int)?
        for i in 0..<Int(count) {
            let info = infos[i]
            guard info.use == XISlavePointer, info.attachment == master, info.enabled != 0,
                let button = Self.highestButtonUp(info)
            else { continue }
            if info.deviceid == touchscreen {
                screen = (info.deviceid, button)
            } else if String(cString: info.name).hasSuffix("XTEST pointer") {
                xtest = (info.deviceid, button)
            }
        }
        guard let xtest, let screen else { return }
        for (id, button) in [xtest, screen] {
            var device = XDevice(device_id: XID(id), num_classes: 0, classes: nil)
            XTestFakeDeviceButtonEvent(display, &device, UInt32(button), 0, nil, 0, 0)
        }
    }

    /// The highest button of a device that is not down, as XIQueryDevice reports it.
    private static func highestButtonUp(_ info: XIDeviceInfo) -> Int? {
        for c in 0..<Int(info.num_classes) {
            guard let cls = info.classes[c], cls.pointee.type == XIButtonClass else { continue }
            let buttons = UnsafeRawPointer(cls).assumingMemoryBound(to: XIButtonClassInfo.self)
                .pointee
            let state = buttons.state
            guard buttons.num_buttons > 0 else { return nil }
            return (1...Int(buttons.num_buttons)).reversed().first { b in
                b / 8 >= Int(state.mask_len) || state.mask[b / 8] & UInt8(1 << (b % 8)) == 0
            }
        }
        return nil
    }
}
