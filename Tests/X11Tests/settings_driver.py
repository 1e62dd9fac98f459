# What the settings window's live tests share (settings-window.py, settings-live.py): AT-SPI
# (what a screen reader sees) and xdotool (the pointer and keyboard) over gestured-settings.
# start() runs the window and waits for it on the accessibility bus; every other function
# finds, clicks, types or photographs as a person would.
import os, re, struct, subprocess, sys, time, zlib

# The accessibility bus is found through the root window's AT_SPI_BUS property before the
# session bus is asked: a property left by an earlier session's bus, which has gone with it, makes
# every client fail ("Couldn't connect to accessibility bus"). Without it, this session's bus is
# asked, and its launcher sets the property anew.
subprocess.run(["xprop", "-root", "-remove", "AT_SPI_BUS"], check=False)
import pyatspi  # noqa: E402

app_process = None
app = None
shots = None
desktop = pyatspi.Registry.getDesktop(0)


def start(binary, config, screenshots):
    """Runs the window over `config`; returns its accessible application."""
    global app_process, app, shots
    shots = screenshots
    app_process = subprocess.Popen([binary, "--config", config])
    app = wait_for("gestured-settings on the accessibility bus", find_app)
    return app


def say(*fields):
    print("\t".join(str(f) for f in fields), flush=True)


def fail(why):
    say("failed", why)
    if app_process is not None:
        app_process.terminate()
    sys.exit(1)


def walk(acc):
    yield acc
    for i in range(acc.childCount):
        child = acc.getChildAtIndex(i)
        if child is not None:
            yield from walk(child)


def wait_for(what, find, timeout=30):
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


def settled(acc):
    """The widget's extents once it can take a click: a button sensitive, and where it was a
    tenth of a second before (a page that is still laying itself out moves it; a busy machine is
    slow to), or None."""
    if acc.getRole() == pyatspi.ROLE_PUSH_BUTTON and not acc.getState().contains(pyatspi.STATE_SENSITIVE):
        return None
    x, y, w, h = acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    time.sleep(0.1)
    after = tuple(acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS))
    return after if after == (x, y, w, h) and w > 0 and h > 0 else None


def click(acc):
    """A real click in the middle of the widget, once it can take one: AT-SPI's extents are
    window-relative on X11."""
    top = toplevel(acc)
    wid = wait_for("window " + top.name, lambda: window_id(top.name))
    x, y, w, h = wait_for((acc.name or acc.getRoleName()) + " ready for a click", lambda: settled(acc))
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




def tab_to(acc, most=60):
    """Presses Tab until `acc` has the focus: it is reachable with the keyboard."""
    for n in range(most):
        if acc.getState().contains(pyatspi.STATE_FOCUSED):
            return n
        keys("Tab")
        time.sleep(0.03)
    fail("%s is not reached with Tab" % acc.name)


def tab(title):
    """The page tab of `title` that shows (has a size): the header's switcher, or the bar's when
    the window is narrow. GTK 4.8 says neither is showing."""
    for a in walk(app):
        if a.getRoleName() == "page tab" and (a.name or "").startswith(title):
            x, y, w, h = a.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            if w > 0 and h > 0:
                return a
    return None


def finish():
    app_process.terminate()
    app_process.wait(5)
    say("done")
