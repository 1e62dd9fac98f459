#!/bin/sh
# `make test` part: the settings window's package passes lintian with no error, depends on
# gestured of its version and on GTK 4 and libadwaita, while gestured's own package names
# neither; it installs beside gestured's, its files are where the desktop looks for them
# (desktop-file-validate, when installed, accepts the entry), its binary answers --help, and
# both purge leaving none of its files behind.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
fail() { echo "settings package test: $*" >&2; exit 1; }
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
deb=$("$root/scripts/make-settings-deb.sh" release)
# gestured's own package, as test-deb.sh built it just before (made again when it is missing).
daemon_deb="$root/.build/deb/gestured_$(dpkg-deb -f "$deb" Version)_$(dpkg --print-architecture).deb"
[ -f "$daemon_deb" ] || daemon_deb=$("$root/scripts/make-deb.sh" release)
lintian --fail-on error "$deb" 2>&1 | grep -v "running with root privileges" || true
lintian --fail-on error "$deb" >/dev/null 2>&1 || fail "lintian reports errors for $deb"
version=$(dpkg-deb -f "$deb" Version)
depends=$(dpkg-deb -f "$deb" Depends)
echo "$depends" | grep -q "gestured (= $version)" || fail "Depends lacks gestured (= $version): $depends"
echo "$depends" | grep -q "libgtk-4-1" || fail "Depends lacks libgtk-4-1: $depends"
echo "$depends" | grep -q "libadwaita-1-0" || fail "Depends lacks libadwaita-1-0: $depends"
dpkg-deb -f "$daemon_deb" Depends | grep -Eq "gtk|adwaita" && fail "gestured's own package depends on GTK: $(dpkg-deb -f "$daemon_deb" Depends)"
groff -man -ww -z "$root/packaging/settings/gestured-settings.1" 2>&1 | grep . && fail "groff warns about gestured-settings.1"
if command -v desktop-file-validate >/dev/null 2>&1; then
  desktop-file-validate "$root/packaging/settings/io.github.gestured.Settings.desktop" || fail "desktop-file-validate refuses the entry"
fi
for p in gestured gestured-settings; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" && fail "$p is installed on this machine already; the test would remove it"
done
trap '$sudo dpkg --purge gestured-settings gestured >/dev/null 2>&1 || true' EXIT
$sudo dpkg -i "$daemon_deb" "$deb" >/dev/null || fail "dpkg -i of both packages failed"
/usr/bin/gestured-settings --help | grep -q "usage: gestured-settings" || fail "the installed gestured-settings does not answer --help"
for f in /usr/share/applications/io.github.gestured.Settings.desktop /usr/share/icons/hicolor/scalable/apps/io.github.gestured.Settings.svg \
         /usr/share/man/man1/gestured-settings.1.gz; do
  [ -f "$f" ] || fail "$f is not installed"
done
files=$(dpkg -L gestured-settings | while read -r f; do [ -f "$f" ] && echo "$f"; done)
$sudo dpkg --purge gestured-settings gestured >/dev/null || fail "dpkg --purge failed"
for f in $files; do [ ! -e "$f" ] || fail "$f is left after the purge"; done
echo "package: $(basename "$deb") passes lintian, installs beside gestured, runs and purges clean"
