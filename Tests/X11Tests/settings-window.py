# Drives gestured-settings as a person would, through AT-SPI (what a screen reader sees) and
# xdotool (the pointer and keyboard), for SettingsWindowLiveTests. Run under dbus-run-session
# with DISPLAY set: settings-window.py SETTINGS-BINARY CONFIG SCREENSHOT-FOLDER
# Prints one line per fact, tab-separated, for the test to compare; exits 1 on a step that fails.
import os, re, subprocess, sys, time
import pyatspi
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from settings_driver import *  # noqa: E402,F403

binary, config, shots = sys.argv[1:4]
app = start(binary, config, shots)
wait_for("main window", lambda: frame("Gesture Settings"))
wait_for("rows", lambda: find("list item", lambda n: n.startswith("next-desktop ")))
for a in walk(app):
    if a.getRoleName() == "list item" and a.name:
        say("row", a.name)
screenshot("Gesture Settings", "gestures")

# Every control has a name a screen reader can say.
controls = ("push button", "toggle button", "check box", "combo box", "spin button", "text", "switch", "page tab")
def unnamed(root):
    """Controls without a name of their own: none, or the one GTK falls back to, the type's (GtkSwitch)."""
    def nameless(name):
        name = (name or "").strip()
        return not name or re.match(r"^(Gtk|Adw)[A-Z]\w*$", name)
    return [a.getRoleName() + (" in " + a.parent.name if a.parent is not None and a.parent.name else "") for a in walk(root)
            if a.getRoleName() in controls and nameless(a.name) and a.getState().contains(pyatspi.STATE_VISIBLE)]
say("unnamed", " ".join(unnamed(app)))

# Change a field: the fingers of next-desktop, typed into its spin button.
click(find("list item", lambda n: n.startswith("next-desktop ")))
wait_for("the binding's dialog", lambda: frame("Gesture next-desktop"))
spin = wait_for("the fingers field", lambda: find("spin button", lambda n: n == "Fingers"))
click(spin)
keys("ctrl+a", "4", "Tab")
wait_for("the row in its new words", lambda: find("list item", lambda n: n == "next-desktop Swipe left with 4 fingers"))
say("unnamed in the dialog", " ".join(unnamed(frame("Gesture next-desktop"))))
screenshot("Gesture next-desktop", "binding")
keys("Escape")
wait_for("the dialog to close", lambda: None if frame("Gesture next-desktop") else True)

# Record a key chord by pressing it, and pick the application by clicking a window (the dialog).
back = find("list item", lambda n: n.startswith("back "))
reveal(back)
click(back)
wait_for("the binding's dialog", lambda: frame("Gesture back"))
click(wait_for("the chord's button", lambda: find("push button", lambda n: n == "alt+Left")))
wait_for("the shortcut recorder", lambda: frame("Press keys"))
keys("ctrl+shift+Up")
wait_for("the recorded chord", lambda: find("push button", lambda n: n == "ctrl+shift+Up"))
picker = wait_for("the window picker", lambda: find("push button", lambda n: n == "Pick a window"))
reveal(picker)
click(picker)
time.sleep(0.3)  # the picker polls its grab every 30 ms; nothing to wait on over AT-SPI
subprocess.run(["xdotool", "mousemove", "--window", window_id("Gesture back"), "100", "100", "click", "1"], check=True)
# GTK 4.8 exposes no text of an entry row: its title says "(not set: ...)" until it has one.
say("picked", wait_for("the picked class", lambda: find("text", lambda n: n.startswith("App") and "not set" not in n)).name)
keys("Escape")
wait_for("the dialog to close", lambda: None if frame("Gesture back") else True)

# Add a binding with the keyboard alone: the add button focused, Enter pressed.
add = wait_for("the add button", lambda: find("push button", lambda n: n == "Add"))
say("tabs to add", tab_to(add))
keys("Return")
wait_for("the new binding's dialog", lambda: frame("Gesture tap"))
screenshot("Gesture tap", "new-binding")
keys("Escape")
wait_for("the dialog to close", lambda: None if frame("Gesture tap") else True)
say("row", wait_for("the new row", lambda: find("list item", lambda n: n.startswith("tap "))).name)

# The settings page.
click(wait_for("the settings tab", lambda: tab("Settings")))
wait_for("the settings page", lambda: find("spin button", lambda n: n == "Arrival window in ms"))
say("unnamed in the settings", " ".join(unnamed(app)))
screenshot("Gesture Settings", "settings")
click(wait_for("the gestures tab", lambda: tab("Gestures")))

# Save with Ctrl+S, and wait for what the daemon says.
keys("ctrl+s")
toast = wait_for("the daemon's answer", lambda: find("label", lambda n: n.startswith(("Applied", "Saved.", "gestured has not"))))
say("toast", toast.name)
screenshot("Gesture Settings", "saved")

# The status page.
click(wait_for("the status tab", lambda: tab("Status")))
say("status", wait_for("the daemon's row", lambda: find("list item", lambda n: n.startswith("gestured is"))).name)
screenshot("Gesture Settings", "status")
finish()
