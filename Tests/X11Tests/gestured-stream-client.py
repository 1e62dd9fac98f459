"""A client of gestured's own stream: Gio's DBusConnection.new_for_address on
unix:abstract=gestured, signal_subscribe on org.gestured.Gestures1. Prints one line per
signal: `<name> <type> <source> <state> <heading> <progress> <fingers>`.
"""
import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

connection = Gio.DBusConnection.new_for_address_sync(
    "unix:abstract=gestured", Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT, None, None)


def on_signal(_connection, _sender, _path, _interface, _member, parameters):
    name, kind, source, state, heading, progress, values, _time = parameters.unpack()
    print(f"{name} {kind} {source} {state} {heading or '-'} {round(progress, 2)} {values.get('fingers')}", flush=True)


connection.signal_subscribe(None, "org.gestured.Gestures1", "Gesture", "/org/gestured/Gestures1", None,
                            Gio.DBusSignalFlags.NONE, on_signal)
print("subscribed", flush=True)
GLib.MainLoop().run()
