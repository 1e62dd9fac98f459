#!/bin/sh
# Builds gestured-settings_<version>_<arch>.deb, the settings window, from a built release
# binary: the binary (the Swift runtime linked in, GTK 4 and libadwaita from the system), its
# .desktop entry, icon and man page, the copyright file and the changelog. Depends: what
# dpkg-shlibdeps finds, and gestured of the same version (the window edits its config, asks its
# doctor and starts its user unit). A package of its own, so that the daemon's needs no GTK.
# Called by `make deb`; prints the package's path.
set -eu
configuration="${1:-release}"
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/deb-common.sh"
bin="$root/.build/$configuration/gestured-settings"
daemon="$root/.build/$configuration/gestured"
[ -x "$bin" ] || { echo "make-settings-deb: $bin is not built" >&2; exit 1; }
[ -x "$daemon" ] || { echo "make-settings-deb: $daemon is not built (its version names the package's)" >&2; exit 1; }

version=$("$daemon" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
out="$root/.build/deb"
stage="$out/gestured-settings_${version}_$arch"
doc="$stage/usr/share/doc/gestured-settings"
rm -rf "$stage"
install -d "$stage/DEBIAN" "$stage/usr/bin" "$stage/usr/share/applications" "$stage/usr/share/icons/hicolor/scalable/apps" \
  "$stage/usr/share/man/man1" "$doc"

install -m 755 "$bin" "$stage/usr/bin/gestured-settings"
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$stage/usr/bin/gestured-settings"
install -m 644 "$root/packaging/settings/io.github.gestured.Settings.desktop" "$stage/usr/share/applications/"
install -m 644 "$root/packaging/settings/io.github.gestured.Settings.svg" "$stage/usr/share/icons/hicolor/scalable/apps/"
gzip -9n < "$root/packaging/settings/gestured-settings.1" > "$stage/usr/share/man/man1/gestured-settings.1.gz"
install -m 644 "$root/packaging/copyright" "$doc/copyright"
write_changelog gestured-settings "$version" "$doc/changelog.gz"
find "$stage" -type d -exec chmod 755 {} +
find "$stage/usr/share" -type f -exec chmod 644 {} +

depends=$(shlib_depends gestured-settings "$stage/usr/bin/gestured-settings")
build_deb "$root/packaging/settings/control" "$depends, gestured (= $version)"
