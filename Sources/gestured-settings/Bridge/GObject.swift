import CAdwaita

// The one place gestured-settings speaks C to GTK: casts between GObject types (macros in C),
// signals connected to Swift closures, and the non-variadic twins of variadic calls. The pages
// use the Swift functions here and in Widgets.swift.

typealias Widget = UnsafeMutablePointer<GtkWidget>

/// A GObject pointer as another GObject type: what `GTK_WINDOW (w)` does in C, without its check.
@inline(__always)
func cast<T, U>(_ p: UnsafeMutablePointer<U>) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(p).assumingMemoryBound(to: T.self)
}

@inline(__always)
func cast<T>(_ p: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> {
    p.assumingMemoryBound(to: T.self)
}

// Final GObject types (GtkSwitch, AdwEntryRow, GtkStringList...) have no struct in their
// headers, so Swift sees their pointers as OpaquePointer.
@inline(__always)
func cast<U>(_ p: UnsafeMutablePointer<U>) -> OpaquePointer { OpaquePointer(p) }

@inline(__always)
func cast<T>(_ p: OpaquePointer) -> UnsafeMutablePointer<T> { UnsafeMutablePointer(p) }

@inline(__always)
func widget(_ p: OpaquePointer?) -> Widget {
    guard let p else { fatalError("GTK returned no widget") }
    return UnsafeMutablePointer(p)
}

/// A widget made by a constructor that returns one (they all do; nil only when out of memory).
@inline(__always)
func widget<U>(_ p: UnsafeMutablePointer<U>?) -> Widget {
    guard let p else { fatalError("GTK returned no widget") }
    return cast(p)
}

// MARK: Signals

/// A closure kept alive by the signal connection, freed when the object goes.
private final class Handler {
    let call: (UnsafeMutableRawPointer?) -> Int32
    init(_ call: @escaping (UnsafeMutableRawPointer?) -> Int32) { self.call = call }
}

private final class KeyHandler {
    let call: (UInt32, UInt32, GdkModifierType) -> Bool
    init(_ call: @escaping (UInt32, UInt32, GdkModifierType) -> Bool) { self.call = call }
}

private let release: GClosureNotify = { data, _ in
    if let data { Unmanaged<AnyObject>.fromOpaque(data).release() }
}

/// (instance, user data): "clicked", "activate", "apply", "value-changed", "activated".
private let thunk0: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32 = {
    _, data in
    Unmanaged<Handler>.fromOpaque(data!).takeUnretainedValue().call(nil)
}

/// (instance, argument, user data): "notify::x" (a GParamSpec), "response" (a string).
private let thunk1:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) ->
        Int32 = { _, arg, data in
            Unmanaged<Handler>.fromOpaque(data!).takeUnretainedValue().call(arg)
        }

/// (instance, argument, argument, user data): GDBusConnection's "closed".
private let thunk2:
    @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
        UnsafeMutableRawPointer?
    ) -> Int32 = {
        _, arg, _, data in
        Unmanaged<Handler>.fromOpaque(data!).takeUnretainedValue().call(arg)
    }

private let keyThunk:
    @convention(c) (
        UnsafeMutableRawPointer?, UInt32, UInt32, GdkModifierType, UnsafeMutableRawPointer?
    ) -> Int32 = {
        _, keyval, keycode, state, data in
        Unmanaged<KeyHandler>.fromOpaque(data!).takeUnretainedValue().call(keyval, keycode, state)
            ? 1 : 0
    }

/// Connects `signal` of `object` to `action`, which gets the signal's one argument (if any) and
/// returns what the signal returns (0 for void signals and "not handled").
@discardableResult
func on<U>(
    _ object: UnsafeMutablePointer<U>, _ signal: String, arguments: Int = 0,
    _ action: @escaping (UnsafeMutableRawPointer?) -> Int32
) -> UInt {
    let handler = Unmanaged.passRetained(Handler(action)).toOpaque()
    let thunk =
        arguments == 0
        ? unsafeBitCast(thunk0, to: GCallback.self)
        : arguments == 1
            ? unsafeBitCast(thunk1, to: GCallback.self) : unsafeBitCast(thunk2, to: GCallback.self)
    return g_signal_connect_data(
        UnsafeMutableRawPointer(object), signal, thunk, handler, release, GConnectFlags(rawValue: 0)
    )
}

/// A void signal without arguments.
func on<U>(_ object: UnsafeMutablePointer<U>, _ signal: String, _ action: @escaping () -> Void) {
    on(object, signal) { _ in
        action()
        return 0
    }
}

/// The same for an object whose type Swift sees as opaque (GdkFrameClock).
func on(_ object: OpaquePointer, _ signal: String, _ action: @escaping () -> Void) {
    on(UnsafeMutablePointer<UInt8>(object), signal, action)
}

/// A property change, "notify::name".
func onNotify<U>(
    _ object: UnsafeMutablePointer<U>, _ property: String, _ action: @escaping () -> Void
) {
    on(object, "notify::" + property, arguments: 1) { _ in
        action()
        return 0
    }
}

/// Keys pressed in `widget` (a GtkEventControllerKey on it); `action` returns whether it took the key.
func onKeyPressed(
    _ widget: Widget, capture: Bool = false,
    _ action: @escaping (UInt32, UInt32, GdkModifierType) -> Bool
) {
    let controller = gtk_event_controller_key_new()!
    if capture { gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE) }
    let handler = Unmanaged.passRetained(KeyHandler(action)).toOpaque()
    g_signal_connect_data(
        UnsafeMutableRawPointer(controller), "key-pressed",
        unsafeBitCast(keyThunk, to: GCallback.self), handler, release,
        GConnectFlags(rawValue: 0))
    gtk_widget_add_controller(widget, controller)
}

/// Blocks a handler while the program itself sets a value, so that only the user's changes edit.
func quietly<U>(_ object: UnsafeMutablePointer<U>, _ handler: UInt, _ body: () -> Void) {
    g_signal_handler_block(UnsafeMutableRawPointer(object), handler)
    body()
    g_signal_handler_unblock(UnsafeMutableRawPointer(object), handler)
}

// MARK: Timers and idle

private final class Tick {
    let call: () -> Bool
    init(_ call: @escaping () -> Bool) { self.call = call }
}

private let tickThunk: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { data in
    Unmanaged<Tick>.fromOpaque(data!).takeUnretainedValue().call() ? 1 : 0
}

private let tickRelease: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    if let data { Unmanaged<Tick>.fromOpaque(data).release() }
}

/// Calls `action` every `milliseconds` while it returns true.
func every(milliseconds: UInt32, _ action: @escaping () -> Bool) {
    g_timeout_add_full(
        G_PRIORITY_DEFAULT, milliseconds, tickThunk,
        Unmanaged.passRetained(Tick(action)).toOpaque(), tickRelease)
}

// MARK: Properties and accessibility

/// `g_object_set (object, name, value, NULL)` for a boolean: its GValue twin.
func setProperty<U>(_ object: UnsafeMutablePointer<U>, _ name: String, _ value: Bool) {
    var v = GValue()
    g_value_init(&v, gtype(5)) // G_TYPE_BOOLEAN
    g_value_set_boolean(&v, value ? 1 : 0)
    g_object_set_property(cast(object), name, &v)
    g_value_unset(&v)
}

/// G_TYPE_MAKE_FUNDAMENTAL (n): a macro in C.
func gtype(_ n: Int) -> GType { GType(n << 2) }

/// The name a screen reader says for `widget` (`gtk_accessible_update_property (w, LABEL, text, -1)`).
func setAccessibleName(_ widget: Widget, _ name: String) {
    accessible(widget, GTK_ACCESSIBLE_PROPERTY_LABEL, name)
}

/// What a screen reader says after the name.
func setAccessibleDescription(_ widget: Widget, _ text: String) {
    accessible(widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text)
}

private func accessible(_ widget: Widget, _ property: GtkAccessibleProperty, _ text: String) {
    var properties = [property]
    var v = GValue()
    g_value_init(&v, gtype(16)) // G_TYPE_STRING
    g_value_set_string(&v, text)
    withUnsafeMutablePointer(to: &v) { value in
        gtk_accessible_update_property_value(cast(widget), 1, &properties, value)
    }
    g_value_unset(&v)
}
