# Drives gestured-settings as a person would, through AT-SPI (what a screen reader sees) and
# xdotool (the pointer and keyboard), for SettingsWindowLiveTests. Run under dbus-run-session
# with DISPLAY set: settings-window.py SETTINGS-BINARY CONFIG SCREENSHOT-FOLDER
# Prints one line per fact, tab-separated, for the test to compare; exits 1 on a step that fails.
import os, re, struct, subprocess, sys, time, zlib
import pyatspi

binary, config, shots = sys.argv[1:4]
app_process = subprocess.Popen([binary, "--config", config])
desktop = pyatspi.Registry.getDesktop(0)


def say(*fields):
    print("\t".join(str(f) for f in fields), flush=True)


def fail(why):
    say("failed", why)
    app_process.terminate()
    sys.exit(1)


def walk(acc):
    yield acc
    for i in range(acc.childCount):
        child = acc.getChildAtIndex(i)
        if child is not None:
            yield from walk(child)


def wait_for(what, find, timeout=10):
    end = time.time() + timeout
    while time.time() < end:
        try:
            found = find()
        except Exception:
            found = None
        if found is not None:
            return found
        time.sleep(0.05)
    fail("no " + what + " within %d s" % timeout)


def find_app():
    for i in range(desktop.childCount):
        a = desktop.getChildAtIndex(i)
        if a is not None and a.name == "gestured-settings":
            return a
    return None


def find(role, test):
    for a in walk(app):
        if a.getRoleName() == role and test(a.name or ""):
            return a
    return None


def frame(title):
    for i in range(app.childCount):
        f = app.getChildAtIndex(i)
        if f is not None and f.name == title and f.getState().contains(pyatspi.STATE_SHOWING):
            return f
    return None


def window_id(title):
    ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^" + title + "$"], capture_output=True, text=True).stdout.split()
    return ids[-1] if ids else None


def toplevel(acc):
    while acc is not None and acc.getRoleName() not in ("frame", "dialog", "window"):
        acc = acc.parent
    return acc


def click(acc):
    """A real click in the middle of the widget: AT-SPI's extents are window-relative on X11."""
    top = toplevel(acc)
    wid = wait_for("window " + top.name, lambda: window_id(top.name))
    x, y, w, h = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    subprocess.run(["xdotool", "mousemove", "--window", wid, str(x + w // 2), str(y + h // 2), "click", "1"], check=True)


def reveal(acc):
    """Scrolls with the wheel until the widget is inside its window, as a person would."""
    top = toplevel(acc)
    wid = wait_for("window " + top.name, lambda: window_id(top.name))
    _, _, width, height = top.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    for _ in range(40):
        x, y, w, h = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        if 60 <= y and y + h <= height - 10:
            return
        button = "5" if y + h > height - 10 else "4"
        subprocess.run(["xdotool", "mousemove", "--window", wid, str(width // 2), str(height // 2), "click", button], check=True)
        time.sleep(0.05)
    fail("%s cannot be scrolled into view" % acc.name)


def keys(*names):
    subprocess.run(["xdotool", "key", "--delay", "30"] + list(names), check=True)


def screenshot(title, name):
    """The window's own pixels (xwd -id): without a compositor, the root holds no 32-bit window."""
    wid = wait_for("window " + title, lambda: window_id(title))
    data = subprocess.run(["xwd", "-id", wid, "-silent"], capture_output=True, check=True).stdout
    header = struct.unpack(">25I", data[:100])
    size, width, height, bpl, colours = header[0], header[4], header[5], header[12], header[19]
    offset = size + colours * 12
    rows = []
    for y in range(height):
        line = data[offset + y * bpl: offset + y * bpl + width * 4]
        pixels = bytearray(width * 3)
        pixels[0::3], pixels[1::3], pixels[2::3] = line[2::4], line[1::4], line[0::4]
        rows.append(b"\0" + bytes(pixels))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)
    path = os.path.join(shots, name + ".png")
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(b"".join(rows), 6)) + chunk(b"IEND", b""))
    say("screenshot", path)


app = wait_for("gestured-settings on the accessibility bus", find_app)
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
def tab_to(acc, most=60):
    """Presses Tab until `acc` has the focus: it is reachable with the keyboard."""
    for n in range(most):
        if acc.getState().contains(pyatspi.STATE_FOCUSED):
            return n
        keys("Tab")
        time.sleep(0.03)
    fail("%s is not reached with Tab" % acc.name)
say("tabs to add", tab_to(add))
keys("Return")
wait_for("the new binding's dialog", lambda: frame("Gesture tap"))
screenshot("Gesture tap", "new-binding")
keys("Escape")
wait_for("the dialog to close", lambda: None if frame("Gesture tap") else True)
say("row", wait_for("the new row", lambda: find("list item", lambda n: n.startswith("tap "))).name)

# The settings page.
click(wait_for("the settings tab", lambda: find("page tab", lambda n: n.startswith("Settings"))))
wait_for("the settings page", lambda: find("spin button", lambda n: n == "Arrival window in ms"))
say("unnamed in the settings", " ".join(unnamed(app)))
screenshot("Gesture Settings", "settings")
click(wait_for("the gestures tab", lambda: find("page tab", lambda n: n.startswith("Gestures"))))

# Save with Ctrl+S, and wait for what the daemon says.
keys("ctrl+s")
toast = wait_for("the daemon's answer", lambda: find("label", lambda n: n.startswith(("Applied", "Saved.", "gestured has not"))))
say("toast", toast.name)
screenshot("Gesture Settings", "saved")

# The status page.
click(wait_for("the status tab", lambda: find("page tab", lambda n: n.startswith("Status"))))
say("status", wait_for("the daemon's row", lambda: find("list item", lambda n: n.startswith("gestured is"))).name)
screenshot("Gesture Settings", "status")
app_process.terminate()
app_process.wait(5)
say("done")
