import CXInput2
import GestureCore

extension XConnection {
    /// A 32-bit list property: format-32 data come as C longs.
    private func longs(of w: Window, _ property: Atom, type: Atom) -> [UInt] {
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
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
    }

    public func cardinals(of w: Window, _ property: Atom) -> [Int] { longs(of: w, property, type: XA_CARDINAL).map { Int($0) } }
    public func atoms(of w: Window, _ property: Atom) -> [Atom] { longs(of: w, property, type: XA_ATOM) }
    public func windows(of w: Window, _ property: Atom) -> [Window] { longs(of: w, property, type: XA_WINDOW) }

    /// Where the pointer is.
    public func pointer() -> Point {
        var rootReturn: Window = 0, child: Window = 0
        var rx: Int32 = 0, ry: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        XQueryPointer(display, root, &rootReturn, &child, &rx, &ry, &wx, &wy, &mask)
        return Point(x: Double(rx), y: Double(ry))
    }
}
