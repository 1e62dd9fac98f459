# Drives the settings window's offer to import a peer's config (SettingsWindowLiveTests): with
# no gestured config of one's own and a libinput-gestures.conf, the window offers `gestured
# import`, shows what it makes of the file, and imports it. Run under dbus-run-session with
# DISPLAY and HOME set: settings-import.py SETTINGS-BINARY CONFIG SCREENSHOT-FOLDER
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from settings_driver import *  # noqa: E402,F403

binary, config, shots = sys.argv[1:4]
app = start(binary, config, shots)
wait_for("main window", lambda: frame("Gesture Settings"))
offer = wait_for("the offer", lambda: find("push button", lambda n: n == "Import from libinput-gestures"))
reveal(offer)
click(offer)
wait_for("the import dialog", lambda: frame("Import from libinput-gestures"))
preview = wait_for("what would be imported", lambda: find("label", lambda n: "imported 1 of 2 gestures" in n))
for line in preview.name.split("\n"):
    if line.startswith(("imported ", "# not imported", "name = ")):
        say("preview", line)
screenshot("Import from libinput-gestures", "import")
click(find("push button", lambda n: n == "Import"))
say("toast", wait_for("the import's word", lambda: find("label", lambda n: n.startswith("Imported from"))).name)
say("row", wait_for("the imported row", lambda: find("list item", lambda n: n.startswith("lig-"))).name)
say("offer gone", wait_for("the offer to go", lambda: None if find("push button", lambda n: n == "Import from libinput-gestures") else True))
finish()
