#!/bin/sh
# Installs the Debian/Ubuntu packages gestured needs to build and to run its tests, and only
# those that are missing: apt-get as root, sudo otherwise.
set -eu

# Build: the X11 client libraries the daemon links against (libX11-xcb too: it reads its events
# through XCB), libsystemd's sd-bus for the gesture streams (touchegg's and gestured's own), and
# libxml2's and libyaml's headers for `gestured import` (which loads them with dlopen).
# GTK 4 and libadwaita for the settings window, gestured-settings (the daemon links neither).
build="libx11-dev libx11-xcb-dev libxi-dev libxtst-dev libxfixes-dev libxrandr-dev libxext-dev libsystemd-dev libxml2-dev libyaml-dev pkg-config libgtk-4-dev libadwaita-1-dev"
# The tests without an X server (make check): python3 (3.11 or later) for tomllib, the reference
# the TOML reader's tests compare with; groff reads the man pages gestured writes, with every
# warning on.
check="python3 groff-base"
# All the tests (make test), besides those: a real Xorg with the dummy video driver and the
# inputtest input driver, openbox as the window manager, xcompmgr as a compositor, and the X
# utilities the tests use to look at the result (x11-xkb-utils: setxkbmap, a layout changed under
# the daemon; libxres-dev: which connections a process holds; man-db: the installed man pages found as man finds them). The system's python3 with PyGObject (python3-gi, gir1.2-glib-2.0) is the touchegg
# client of the stream's tests, as GNOME Shell's X11 Gestures extension uses Gio. i3lock and xsecurelock are the real screen lockers the locked-screen tests
# hold the screen with. dpkg-dev (dpkg-shlibdeps), binutils (strip) and lintian build and check
# the Debian package. The settings window's live test reads it through AT-SPI as a screen reader
# does (python3-pyatspi, at-spi2-core, under dbus-run-session from dbus-daemon) and clicks and
# types with xdotool; desktop-file-validate checks its .desktop entry. gcc builds the C reproducer
# of the X server's touch replay (docs/engine.md).
test="gcc libc6-dev python3-pyatspi at-spi2-core dbus-daemon xdotool desktop-file-utils dpkg-dev binutils lintian python3-gi gir1.2-glib-2.0 xserver-xorg-core xserver-xorg-dev xserver-xorg-video-dummy xvfb openbox x11-utils x11-xserver-utils x11-xkb-utils xinput x11-apps xcompmgr i3lock xsecurelock libxres-dev man-db"

case "${1:-build}" in
  build) wanted="$build" ;;
  check) wanted="$build $check" ;;
  test) wanted="$build $check $test" ;;
  # make bench-chromium: Debian's Chromium, the real application whose view it measures.
  chromium) wanted="$build $check $test chromium" ;;
  *) echo "usage: $0 [build|check|test|chromium]" >&2; exit 2 ;;
esac

missing=""
for p in $wanted; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "gestured: these packages are missing and there is no apt-get to install them:$missing" >&2
  exit 1
fi
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
echo "gestured: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# An old or empty package list cannot find the packages: refresh it first.
$sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
$sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $missing >/dev/null
