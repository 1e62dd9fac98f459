# Drives the settings window's live parts as a person would (SettingsWindowLiveTests): "Add by
# performing" while the test performs gestures on the inputtest devices, and the watch page
# while a gesture fails. Run under dbus-run-session with DISPLAY set:
# settings-live.py SETTINGS-BINARY CONFIG SCREENSHOT-FOLDER
# Prints one line per fact, tab-separated; `perform<TAB>WHAT` asks the test to perform WHAT, and
# the script goes on when the window shows what it saw.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from settings_driver import *  # noqa: E402,F403

binary, config, shots = sys.argv[1:4]
app = start(binary, config, shots)
wait_for("main window", lambda: frame("Gesture Settings"))
wait_for("rows", lambda: find("list item", lambda n: n.startswith("three-right ")))


def perform_and_add(what, shot):
    """Opens "Add by performing", asks the test to perform `what`, reads what the window saw,
    and adds it; returns the words the window showed."""
    click(wait_for("the perform button", lambda: find("push button", lambda n: n == "Add by performing")))
    wait_for("the perform dialog", lambda: frame("Add by performing"))
    wait_for("the dialog listening", lambda: find("label", lambda n: n == "Perform the gesture"))
    say("perform", what)
    seen = wait_for("what the window saw", lambda: find("label", lambda n: n.startswith("Seen: ")), timeout=20)
    say("seen", what, seen.name[len("Seen: "):])
    screenshot("Add by performing", shot)
    click(find("push button", lambda n: n == "Add This Gesture"))
    wait_for("the dialog to close", lambda: None if frame("Add by performing") else True)
    editor = wait_for("the new binding's dialog", lambda: next((f for f in [app.getChildAtIndex(i) for i in range(app.childCount)]
                                                               if f is not None and (f.name or "").startswith("Gesture ")
                                                               and f.name != "Gesture Settings"), None))
    say("editor", editor.name)
    keys("Escape")
    wait_for("the binding's dialog to close", lambda: None if frame(editor.name) else True)


perform_and_add("touchpad-swipe", "perform-swipe")
perform_and_add("touchscreen-pinch", "perform-pinch")
perform_and_add("mouse-stroke", "perform-stroke")
for a in walk(app):
    if a.getRoleName() == "list item" and a.name:
        say("row", a.name)
keys("ctrl+s")
say("toast", wait_for("the daemon's answer", lambda: find("label", lambda n: n.startswith(("Applied", "Saved.", "gestured has not")))).name)

# The watch page: a gesture that fails, and its reason.
click(wait_for("the watch tab", lambda: find("page tab", lambda n: n.startswith("Watch"))))
wait_for("the pause switch", lambda: find("check box", lambda n: n == "Pause gestured"))
# Watching is asked as the page is first shown: the test waits for the daemon to have heard it.
say("perform", "failing-swipe")
reason = wait_for("the reason", lambda: find("list item", lambda n: n == "three-right did not fire"), timeout=20)
say("reason", reason.description)
say("perform", "failing-stroke")
stroke = wait_for("the stroke's reading", lambda: find("list item", lambda n: n == "Stroke"), timeout=20)
say("stroke", stroke.description)
say("last stroke", wait_for("the last stroke", lambda: find("list item", lambda n: n.startswith("Read as"))).name)
screenshot("Gesture Settings", "watch")

# Pausing from the window: the test reads the daemon's word on it.
click(find("check box", lambda n: n == "Pause gestured"))
say("paused", wait_for("the daemon's word", lambda: find("label", lambda n: n.startswith("Paused: "))).name)
screenshot("Gesture Settings", "watch-paused")
finish()
