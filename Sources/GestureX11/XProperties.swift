import CXInput2
import GestureCore

extension XConnection {
    /// A 32-bit list property, each item the 32-bit value it is: Xlib hands format-32 data
    /// out as C longs, sign-extended, so that 0xFFFFFFFF (`_NET_WM_DESKTOP` on a sticky window)
    /// comes as -1.
    private func longs(of w: Window, _ property: Atom, type: Atom) -> [UInt32] {
        var actual: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, w, property, 0, 1024, 0, type, &actual, &format, &count, &after, &data) == Success,
              let data, format == 32 else {
            if let data { XFree(data) }
            return []
        }
        defer { XFree(data) }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) {
            UnsafeBufferPointer(start: $0, count: Int(count)).map { UInt32(truncatingIfNeeded: $0) }
        }
    }

    /// A CARDINAL list: each from 0 to 2^32 - 1.
    public func cardinals(of w: Window, _ property: Atom) -> [Int] { longs(of: w, property, type: XA_CARDINAL).map { Int($0) } }
    public func atoms(of w: Window, _ property: Atom) -> [Atom] { longs(of: w, property, type: XA_ATOM).map { Atom($0) } }
    public func windows(of w: Window, _ property: Atom) -> [Window] { longs(of: w, property, type: XA_WINDOW).map { Window($0) } }

    /// Where the pointer is.
    public func pointer() -> Point {
        var rootReturn: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(display, root, &rootReturn, &child, &rx, &ry, &wx, &wy, &mask)
        return Point(x: Double(rx), y: Double(ry))
    }
}
