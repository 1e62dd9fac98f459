#!/bin/sh
# `make test` part: the Debian package that `make deb` builds passes lintian with no error,
# depends on no libstdc++ when the release build links it in, installs with dpkg on this
# machine, runs from the installed files (`gestured --version` says the package's version,
# `gestured check` loads the embedded config, `gestured import` reads XML and YAML with the
# libraries the package depends on), and purges leaving none of its files behind.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
fail() { echo "package test: $*" >&2; exit 1; }
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
deb=$("$root/scripts/make-deb.sh" release)
lintian --fail-on error "$deb" 2>&1 | grep -v "running with root privileges" || true
lintian --fail-on error "$deb" >/dev/null 2>&1 || fail "lintian reports errors for $deb"
if dpkg-query -W -f='${Status}' gestured 2>/dev/null | grep -q "install ok installed"; then
  fail "a gestured package is installed on this machine already; the test would remove it"
fi
dir=$(mktemp -d)
trap '$sudo dpkg --purge gestured >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
$sudo dpkg -i "$deb" >/dev/null || fail "dpkg -i $deb failed"
version=$(dpkg-deb -f "$deb" Version)
dpkg-deb -f "$deb" Depends | grep -q "libsystemd0" || fail "Depends lacks libsystemd0, which the streams load with dlopen"
for lib in libxml2 libyaml-0-2; do
  dpkg-deb -f "$deb" Depends | grep -q "$lib" || fail "Depends lacks $lib, which gestured import loads with dlopen"
done
# With the static libstdc++ found (scripts/static-libstdcxx.sh), the binary has it linked in.
if [ -f "$root/.build/static-libstdc++/libstdc++.so" ]; then
  dpkg-deb -f "$deb" Depends | grep -q "libstdc++" && fail "Depends names libstdc++, which the release build links in"
fi
[ "$(/usr/bin/gestured --version)" = "gestured $version" ] || fail "the installed gestured --version says '$(/usr/bin/gestured --version)', the package $version"
HOME="$dir" XDG_CONFIG_HOME="$dir" /usr/bin/gestured check >/dev/null || fail "the installed gestured check fails"
# gestured import loads libxml2 and libyaml from the system when it runs.
printf '<touchegg><application name="All"><gesture type="PINCH" fingers="2" direction="IN"><action type="CLOSE_WINDOW"/></gesture></application></touchegg>\n' > "$dir/touchegg.conf"
printf 'pinch:\n  2:\n    in:\n      command: "true"\n' > "$dir/config.yml"
/usr/bin/gestured import touchegg "$dir/touchegg.conf" 2>/dev/null | grep -qx 'action = "window close"' || fail "the installed gestured import touchegg fails"
/usr/bin/gestured import fusuma "$dir/config.yml" 2>/dev/null | grep -qx 'action = "exec true"' || fail "the installed gestured import fusuma fails"
[ -f /usr/lib/systemd/user/gestured.service ] && grep -qx "ExecStart=/usr/bin/gestured run" /usr/lib/systemd/user/gestured.service \
  || fail "the user unit does not run the installed binary"
grep -qx "Exec=/usr/bin/gestured run" /etc/xdg/autostart/gestured.desktop || fail "the autostart entry does not run the installed binary"
[ -f /usr/share/man/man1/gestured-doctor.1.gz ] || fail "no man page for gestured doctor"
# What README.md says of the package holds: the binary's size, and the libraries it needs.
said=$(sed -n 's/.*linked in: about \([0-9]*\) MB stripped.*/\1/p' "$root/README.md")
size=$(($(stat -c %s /usr/bin/gestured) / 1000000))
[ -n "$said" ] && [ $((size - said)) -ge -1 ] && [ $((size - said)) -le 1 ] || fail "README.md says the binary is about $said MB; it is $size MB"
readme=$(sed -n '/^libX11, /p' "$root/README.md" | tr ',' '\n' | sed -n 's/^ *\(and \)\{0,1\}\(lib[A-Za-z0-9-]*\).*/\2/p' | tr 'A-Z' 'a-z' | sort | tr '\n' ' ')
# A package's soname digits go (libx11-6 is libx11), but libxml2's 2 is its name; libyaml-0-2 is libyaml.
depends=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/^ *//; s/ .*//; /^libxml2$/!{s/[0-9]*$//; s/-$//;}; s/^libyaml-0$/libyaml/' | grep -v -x -e libc -e libgcc-s | sort | tr '\n' ' ')
[ "$readme" = "$depends" ] || fail "README.md lists the libraries '$readme', the package depends on '$depends'"
[ "$(man -w 5 gestured.toml 2>/dev/null)" = /usr/share/man/man5/gestured.toml.5.gz ] || fail "man 5 gestured.toml finds no page"
zcat /usr/share/doc/gestured/config.md.gz | grep -q "^## Actions" || fail "the package holds no config reference"
reference=$(sed -n 's/^# Reference: //p' "$root/Sources/GestureConfig/Resources/default.toml")
for f in $(echo "$reference" | grep -o '/usr/[^ ;,)]*'); do [ -e "$f" ] || fail "the default config points at $f, which the package does not hold"; done
files=$(dpkg -L gestured | while read -r f; do [ -f "$f" ] && echo "$f"; done)
[ -n "$files" ] || fail "dpkg lists no files of the package"
$sudo dpkg --purge gestured >/dev/null || fail "dpkg --purge gestured failed"
for f in $files; do [ ! -e "$f" ] || fail "$f is left after the purge"; done
dpkg-query -W -f='${Status}' gestured 2>/dev/null | grep -q "install ok installed" && fail "dpkg still knows gestured after the purge"
echo "package: $(basename "$deb") passes lintian, installs, runs and purges clean"
