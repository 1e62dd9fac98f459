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
    seen = wait_for("what the window saw", lambda: find("label", lambda n: n.startswith("Seen: ")), timeout=30)
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

# The strokes page: a stroke of one's own, drawn three times, saved, bound, then tested.
def draw_in(area, points):
    """Draws through `points` (area pixels) with the first button held, as a person would."""
    wid = wait_for("window", lambda: window_id("Gesture Settings"))
    x, y, _, _ = area.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    steps = ["mousemove", "--window", wid, str(x + points[0][0]), str(y + points[0][1]), "mousedown", "1"]
    for px, py in points[1:]:
        # A pause between moves, as a hand makes: GTK merges motion that comes all at once.
        steps += ["sleep", "0.01", "mousemove", "--window", wid, str(x + px), str(y + py)]
    subprocess.run(["xdotool"] + steps + ["mouseup", "1"], check=True)


def zed(dx, dy, size):
    """A Z: right along the top, down-left across, right along the bottom, 10 points a side."""
    corners = [(0, 0), (size, 0), (0, size), (size, size)]
    out = []
    for (ax, ay), (bx, by) in zip(corners, corners[1:]):
        out += [(int(dx + ax + (bx - ax) * i / 10), int(dy + ay + (by - ay) * i / 10)) for i in range(10)]
    return out + [(dx + size, dy + size)]


click(wait_for("the strokes tab", lambda: tab("Strokes")))
name = wait_for("the name", lambda: find("text", lambda n: n.startswith("Stroke name") or n.startswith("Name")))
click(name)
keys("z", "e", "d")
area = wait_for("the drawing area", lambda: find("drawing area", lambda n: n == "Drawing area") or find("image", lambda n: n == "Drawing area")
                or next((a for a in walk(app) if a.name == "Drawing area"), None))
reveal(area)
for dx, dy, size in [(60, 40, 180), (80, 50, 160), (50, 30, 200)]:
    draw_in(area, zed(dx, dy, size))
say("drawings", wait_for("three drawings", lambda: find("list item", lambda n: n.startswith("3 drawings"))).name)
screenshot("Gesture Settings", "strokes")
click(wait_for("the save button", lambda: find("push button", lambda n: n == "Save Stroke")))
bind = wait_for("the bind button", lambda: find("push button", lambda n: n == "Add a Gesture for It"))
click(bind)
editor = wait_for("the new binding's dialog", lambda: frame("Gesture stroke-2"))
keys("Escape")
wait_for("the binding's dialog to close", lambda: None if frame("Gesture stroke-2") else True)
keys("ctrl+s")
say("perform", "zed-stroke")
# The same area tests a stroke: read as the daemon reads it.
click(wait_for("the test switch", lambda: find("check box", lambda n: n == "Test strokes")))
draw_in(area, zed(70, 45, 170))
say("reading", wait_for("the reading", lambda: find("label", lambda n: n.startswith(("Reads as", "Matches nothing", "Unsure")))).name)
screenshot("Gesture Settings", "strokes-test")

# The watch page: a gesture that fails, and its reason.
click(wait_for("the watch tab", lambda: tab("Watch")))
wait_for("the pause switch", lambda: find("check box", lambda n: n == "Pause gestured"))
# Watching is asked as the page is first shown: the test waits for the daemon to have heard it.
say("perform", "failing-swipe")
reason = wait_for("the reason", lambda: find("list item", lambda n: n == "three-right did not fire"), timeout=30)
say("reason", reason.description)
say("perform", "failing-stroke")
stroke = wait_for("the stroke's reading", lambda: find("list item", lambda n: n == "Stroke"), timeout=30)
say("stroke", stroke.description)
say("last stroke", wait_for("the last stroke", lambda: find("list item", lambda n: n.startswith("Read as"))).name)
screenshot("Gesture Settings", "watch")

# Pausing from the window: the test reads the daemon's word on it.
click(find("check box", lambda n: n == "Pause gestured"))
say("paused", wait_for("the daemon's word", lambda: find("label", lambda n: n.startswith("Paused: "))).name)
screenshot("Gesture Settings", "watch-paused")
finish()
