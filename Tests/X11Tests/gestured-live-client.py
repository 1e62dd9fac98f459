"""A client of gestured's own stream that asks the daemon what the settings window asks
(docs/desktop.md, "Listening, watching, pausing"): Gio's DBusConnection on
unix:path=$XDG_RUNTIME_DIR/gestured/stream, left unless the server runs as this user or root.

Calls each method named on the command line in order (`Listen`, `Watch`, `StopListening`,
`SetPaused:true`, `GetState`), then each line appended to COMMANDS (a file, read every 20 ms) the
same way, and prints one line per reply and signal:

    called Listen
    state paused=False listening=True          (GetState's reply)
    error Name message                         (a call refused)
    Seen fingers=3 source=touchpad type=swipe direction=left
    NotFired <name> <source> <state> <reason>
    Stroke <source> <points> <reading>
    StateChanged paused=False listening=True

Usage: gestured-live-client.py COMMANDS METHOD...
"""
import os
import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

PATH, INTERFACE = "/org/gestured/Gestures1", "org.gestured.Gestures1"
commands_file, first = sys.argv[1], sys.argv[2:]
address = f"unix:path={os.environ['XDG_RUNTIME_DIR']}/gestured/stream"
connection = Gio.DBusConnection.new_for_address_sync(
    address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT, None, None)
server = connection.get_stream().get_socket().get_credentials().get_unix_user()
if server not in (os.getuid(), 0):
    print(f"server is user {server}, not you", flush=True)
    sys.exit(1)


def say(text):
    print(text, flush=True)


def on_signal(_connection, _sender, _path, _interface, member, parameters):
    args = parameters.unpack()
    if member == "Seen":
        binding, _time = args
        say("Seen " + " ".join(f"{k}={binding[k]}" for k in sorted(binding)))
    elif member == "NotFired":
        name, _kind, source, state, reason, _time = args
        say(f"NotFired {name} {source} {state} {reason}")
    elif member == "Stroke":
        source, points, reading, _time = args
        say(f"Stroke {source} {len(points)} {reading}")
    elif member == "StateChanged":
        say(f"StateChanged paused={args[0]} listening={args[1]}")


for member in ("Seen", "NotFired", "Stroke", "StateChanged"):
    connection.signal_subscribe(None, INTERFACE, member, PATH, None, Gio.DBusSignalFlags.NONE, on_signal)


def call(command):
    member, _, argument = command.partition(":")
    parameters = GLib.Variant("(b)", (argument == "true",)) if argument else None
    try:
        reply = connection.call_sync(None, PATH, INTERFACE, member, parameters, None, Gio.DBusCallFlags.NONE, 5000, None)
    except GLib.Error as e:
        name = Gio.DBusError.get_remote_error(e)
        say(f"error {name} {e.message.removeprefix(f'GDBus.Error:{name}: ')}")
        return
    if member == "GetState":
        paused, listening = reply.unpack()
        say(f"state paused={paused} listening={listening}")
    else:
        say(f"called {command}")


for command in first:
    call(command)
done = 0


def poll():
    global done
    try:
        with open(commands_file) as f:
            lines = f.read().split("\n")
    except FileNotFoundError:
        return True
    for line in lines[done:-1]:
        call(line)
    done = max(done, len(lines) - 1)
    return True


GLib.timeout_add(20, poll)
say("subscribed")
GLib.MainLoop().run()
