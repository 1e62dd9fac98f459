"""A touchegg client that does what GNOME Shell's X11 Gestures extension does: Gio's
DBusConnection.new_for_address on touchegg's address with AUTHENTICATION_CLIENT, then
signal_subscribe on touchegg's interface and object path. Prints one line per signal,
`<member> <type> <direction> <percentage> <fingers> <device> <elapsed>` (with `--times`, then
CLOCK_MONOTONIC in nanoseconds when the signal reached the handler), and `closed` when the
server closes the connection.

Usage: touchegg-client.py [--times] [address]
"""
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

times = "--times" in sys.argv[1:]
arguments = [a for a in sys.argv[1:] if a != "--times"]
address = arguments[0] if arguments else "unix:abstract=touchegg"
loop = GLib.MainLoop()
connection = Gio.DBusConnection.new_for_address_sync(
    address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT, None, None)


def on_signal(_connection, _sender, _path, _interface, member, parameters):
    now = f" {time.clock_gettime_ns(time.CLOCK_MONOTONIC)}" if times else ""
    kind, direction, percentage, fingers, device, elapsed = parameters.unpack()
    print(f"{member} {kind} {direction} {percentage!r} {fingers} {device} {elapsed}{now}", flush=True)


def on_closed(*_):
    print("closed", flush=True)
    loop.quit()


connection.signal_subscribe(None, "io.github.joseexposito.Touchegg", None,
                            "/io/github/joseexposito/Touchegg", None,
                            Gio.DBusSignalFlags.NONE, on_signal)
connection.connect("closed", on_closed)
print("subscribed", flush=True)
loop.run()
