"""A client of gestured's own stream, as docs/desktop.md shows one: Gio's
DBusConnection.new_for_address on unix:path=$XDG_RUNTIME_DIR/gestured/stream (or the address
given), which it leaves unless the server runs as this user or root, then signal_subscribe on
org.gestured.Gestures1. Prints one line per signal: `<name> <type> <source> <state> <heading>
<progress> <fingers>`; `server is user N, not you` and exits 1 if the server is another user's.

Usage: gestured-stream-client.py [address]
"""
import os
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

address = sys.argv[1] if len(sys.argv) > 1 else f"unix:path={os.environ['XDG_RUNTIME_DIR']}/gestured/stream"
connection = Gio.DBusConnection.new_for_address_sync(
    address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT, None, None)
server = connection.get_stream().get_socket().get_credentials().get_unix_user()
if server not in (os.getuid(), 0):
    print(f"server is user {server}, not you", flush=True)
    sys.exit(1)


def on_signal(_connection, _sender, _path, _interface, _member, parameters):
    name, kind, source, state, heading, progress, values, _time = parameters.unpack()
    print(f"{name} {kind} {source} {state} {heading or '-'} {round(progress, 2)} {values.get('fingers')}", flush=True)


connection.signal_subscribe(None, "org.gestured.Gestures1", "Gesture", "/org/gestured/Gestures1", None,
                            Gio.DBusSignalFlags.NONE, on_signal)
print("subscribed", flush=True)
GLib.MainLoop().run()
