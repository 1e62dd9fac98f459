import CXInput2
import CXRes
import Glibc

/// The X server's clients as the X-Resource extension tells them: which connections a process
/// holds, by the base of the resource ids each was given.
public enum XClients {
    /// The resource-id bases of every connection the process `pid` holds, asked over `display`.
    public static func bases(ofProcess pid: Int32, display: OpaquePointer) -> [XID] {
        var spec = XResClientIdSpec(client: 0, mask: UInt32(XRES_CLIENT_ID_PID_MASK.rawValue))
        var count: Int = 0
        var ids: UnsafeMutablePointer<XResClientIdValue>?
        guard XResQueryClientIds(display, 1, &spec, &count, &ids) == Success, let ids else {
            return []
        }
        defer { XResClientIdsDestroy(count, ids) }
        return (0..<count).compactMap { i in
            guard XResGetClientPid(&ids[i]) == pid else { return nil }
            return ids[i].spec.client
        }
    }
}
