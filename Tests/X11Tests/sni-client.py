"""A panel's side of the StatusNotifierItem protocol, for `gestured-settings --tray`
(StreamControlLiveTests): owns org.kde.StatusNotifierWatcher on the session bus, starts the
tray, waits for it to register, reads the item's properties as a panel does, calls Activate
twice and reads what changed. Run under dbus-run-session: sni-client.py SETTINGS-BINARY
Prints one line per fact, tab-separated; `failed<TAB>WHY` and exit 1 on a step that fails.
"""
import subprocess
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

WATCHER = """<node><interface name="org.kde.StatusNotifierWatcher">
<method name="RegisterStatusNotifierItem"><arg name="service" type="s" direction="in"/></method>
</interface></node>"""
ITEM = "org.kde.StatusNotifierItem"
binary = sys.argv[1]
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
context = GLib.MainContext.default()
registered, signals = [], []


def say(*fields):
    print("\t".join(str(f) for f in fields), flush=True)


def on_call(_connection, sender, _path, _interface, method, parameters, invocation):
    if method == "RegisterStatusNotifierItem":
        registered.append((sender, parameters.unpack()[0]))
    invocation.return_value(None)


bus.register_object("/StatusNotifierWatcher", Gio.DBusNodeInfo.new_for_xml(WATCHER).interfaces[0], on_call, None, None)
owned = []
Gio.bus_own_name_on_connection(bus, "org.kde.StatusNotifierWatcher", Gio.BusNameOwnerFlags.NONE,
                               lambda *_: owned.append(True), None)
tray = None


def wait_for(what, test, timeout=30):
    end = time.time() + timeout
    while time.time() < end:
        context.iteration(False)
        if test():
            return
        time.sleep(0.01)
    say("failed", "no " + what)
    if tray is not None:
        tray.terminate()
    sys.exit(1)


wait_for("the watcher's name", lambda: owned)
tray = subprocess.Popen([binary, "--tray"])
wait_for("the item registering", lambda: registered)
sender, service = registered[0]
say("registered", service)
bus.signal_subscribe(sender, ITEM, None, "/StatusNotifierItem", None, Gio.DBusSignalFlags.NONE,
                     lambda _c, _s, _p, _i, member, params: signals.append((member, params.unpack())))


def properties():
    reply = bus.call_sync(service, "/StatusNotifierItem", "org.freedesktop.DBus.Properties", "GetAll",
                          GLib.Variant("(s)", (ITEM,)), None, Gio.DBusCallFlags.NONE, 5000, None)
    return reply.unpack()[0]


def show(label):
    p = properties()
    say(label, p["Id"], p["Category"], p["Status"], p["IconName"], p["ToolTip"][2], p["ToolTip"][3])


show("item")
for expected in ("NeedsAttention", "Active"):
    bus.call_sync(service, "/StatusNotifierItem", ITEM, "Activate", GLib.Variant("(ii)", (0, 0)), None,
                  Gio.DBusCallFlags.NONE, 5000, None)
    wait_for("NewStatus " + expected, lambda: ("NewStatus", (expected,)) in signals)
    show("after activate")
say("signals", " ".join(sorted({m for m, _ in signals})))
tray.terminate()
tray.wait(5)
say("done")
