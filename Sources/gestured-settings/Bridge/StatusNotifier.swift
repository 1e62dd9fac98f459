import CAdwaita

#if canImport(Glibc)
    import Glibc
#endif

/// A StatusNotifierItem on the session bus (the tray and panel icon of KDE, Xfce, Cinnamon,
/// MATE, Budgie, LXQt, GNOME with AppIndicator support, as easystroke's tray icon was): its
/// properties read from Swift values, Activate handed to Swift, and the item registered with the
/// StatusNotifierWatcher whenever one is there. The one place the window speaks the SNI protocol.
final class StatusNotifier {
    /// What the item shows.
    struct Look: Equatable {
        var icon: String
        var status: String
        var title: String
        var tooltip: String
    }

    static let path = "/StatusNotifierItem"
    static let interface = "org.kde.StatusNotifierItem"
    static let watcher = "org.kde.StatusNotifierWatcher"

    private static let xml = """
        <node>
          <interface name="org.kde.StatusNotifierItem">
            <property name="Category" type="s" access="read"/>
            <property name="Id" type="s" access="read"/>
            <property name="Title" type="s" access="read"/>
            <property name="Status" type="s" access="read"/>
            <property name="WindowId" type="i" access="read"/>
            <property name="IconName" type="s" access="read"/>
            <property name="AttentionIconName" type="s" access="read"/>
            <property name="ToolTip" type="(sa(iiay)ss)" access="read"/>
            <property name="ItemIsMenu" type="b" access="read"/>
            <method name="Activate"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
            <method name="SecondaryActivate"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
            <method name="ContextMenu"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
            <method name="Scroll"><arg name="delta" type="i" direction="in"/><arg name="orientation" type="s" direction="in"/></method>
            <signal name="NewTitle"/>
            <signal name="NewIcon"/>
            <signal name="NewToolTip"/>
            <signal name="NewStatus"><arg name="status" type="s"/></signal>
          </interface>
        </node>
        """

    let connection: OpaquePointer
    let name: String
    private(set) var look: Look
    private let activated: () -> Void

    /// Connects to the session bus and serves the item; nil, with why, without a session bus.
    static func serve(id: String, look: Look, activated: @escaping () -> Void) -> Result<
        StatusNotifier, StreamConnection.Failure
    > {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            let why = error.map { String(cString: $0.pointee.message) } ?? "no session bus"
            if let error { g_error_free(error) }
            return .failure(StreamConnection.Failure(why))
        }
        let item = StatusNotifier(
            bus, name: "org.kde.StatusNotifierItem-\(getpid())-1", look: look, activated: activated)
        return item.register(id: id).map { item }
    }

    private init(
        _ connection: OpaquePointer, name: String, look: Look, activated: @escaping () -> Void
    ) {
        self.connection = connection
        self.name = name
        self.look = look
        self.activated = activated
    }

    private var id = ""

    private func register(id: String) -> Result<Void, StreamConnection.Failure> {
        self.id = id
        var error: UnsafeMutablePointer<GError>?
        guard let info = g_dbus_node_info_new_for_xml(Self.xml, &error),
            let interface = info.pointee.interfaces?[0]
        else {
            if let error { g_error_free(error) }
            return .failure(StreamConnection.Failure("the item's interface does not parse"))
        }
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = Self.methodCall
        vtable.get_property = Self.getProperty
        let me = Unmanaged.passRetained(self).toOpaque()
        let registered = withUnsafePointer(to: &vtable) { v in
            g_dbus_connection_register_object(connection, Self.path, interface, v, me, nil, &error)
        }
        g_dbus_node_info_unref(info)
        guard registered != 0 else {
            let why = error.map { String(cString: $0.pointee.message) } ?? "cannot register"
            if let error { g_error_free(error) }
            return .failure(StreamConnection.Failure(why))
        }
        g_bus_own_name_on_connection(
            connection, name, G_BUS_NAME_OWNER_FLAGS_NONE, nil, nil, nil, nil)
        // Registered with the watcher now, and again whenever a watcher (a panel) comes.
        g_bus_watch_name_on_connection(
            connection, Self.watcher, G_BUS_NAME_WATCHER_FLAGS_NONE, Self.watcherAppeared, nil, me,
            nil)
        return .success(())
    }

    private static let watcherAppeared: GBusNameAppearedCallback = { connection, _, _, data in
        let me = Unmanaged<StatusNotifier>.fromOpaque(data!).takeUnretainedValue()
        var child: OpaquePointer? = g_variant_new_string(me.name)
        g_dbus_connection_call(
            connection, StatusNotifier.watcher, "/StatusNotifierWatcher", StatusNotifier.watcher,
            "RegisterStatusNotifierItem", g_variant_new_tuple(&child, 1), nil,
            G_DBUS_CALL_FLAGS_NONE, 5000, nil, nil, nil)
    }

    private static let methodCall: GDBusInterfaceMethodCallFunc = {
        _, _, _, _, method, _, invocation, data in
        let me = Unmanaged<StatusNotifier>.fromOpaque(data!).takeUnretainedValue()
        let name = method.map { String(cString: $0) } ?? ""
        g_dbus_method_invocation_return_value(invocation, nil)
        if name == "Activate" || name == "SecondaryActivate" { me.activated() }
    }

    private static let getProperty: GDBusInterfaceGetPropertyFunc = {
        _, _, _, _, property, _, data in
        let me = Unmanaged<StatusNotifier>.fromOpaque(data!).takeUnretainedValue()
        return me.value(property.map { String(cString: $0) } ?? "")
    }

    private func value(_ property: String) -> OpaquePointer? {
        switch property {
        case "Category": return g_variant_new_string("ApplicationStatus")
        case "Id": return g_variant_new_string(id)
        case "Title": return g_variant_new_string(look.title)
        case "Status": return g_variant_new_string(look.status)
        case "WindowId": return g_variant_new_int32(0)
        case "IconName": return g_variant_new_string(look.icon)
        case "AttentionIconName": return g_variant_new_string("")
        case "ItemIsMenu": return g_variant_new_boolean(0)
        case "ToolTip":
            let pixmaps = g_variant_type_new("(iiay)")
            defer { g_variant_type_free(pixmaps) }
            var children: [OpaquePointer?] = [
                g_variant_new_string(look.icon), g_variant_new_array(pixmaps, nil, 0),
                g_variant_new_string(look.title), g_variant_new_string(look.tooltip),
            ]
            return g_variant_new_tuple(&children, 4)
        default: return nil
        }
    }

    /// Shows `look`, and tells the panel what changed.
    func show(_ look: Look) {
        guard look != self.look else { return }
        let before = self.look
        self.look = look
        if look.icon != before.icon { emit("NewIcon") }
        if look.tooltip != before.tooltip || look.title != before.title { emit("NewToolTip") }
        if look.status != before.status {
            var child: OpaquePointer? = g_variant_new_string(look.status)
            emit("NewStatus", g_variant_new_tuple(&child, 1))
        }
    }

    private func emit(_ signal: String, _ parameters: OpaquePointer? = nil) {
        g_dbus_connection_emit_signal(
            connection, nil, Self.path, Self.interface, signal, parameters, nil)
    }
}
