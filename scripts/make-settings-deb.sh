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
date=$(git -C "$root" log -1 --format=%aD 2>/dev/null || date -R)
printf 'gestured-settings (%s) unstable; urgency=medium\n\n  * Built from gestured %s (see https://github.com/gestured/gestured).\n\n -- gestured developers <gestured@users.noreply.github.com>  %s\n' \
  "$version" "$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "$version")" "$date" | gzip -9n > "$doc/changelog.gz"
find "$stage" -type d -exec chmod 755 {} +
find "$stage/usr/share" -type f -exec chmod 644 {} +

shlibs="$out/shlibdeps-settings"
rm -rf "$shlibs" && install -d "$shlibs/debian"
printf 'Source: gestured\n\nPackage: gestured-settings\nArchitecture: any\n' > "$shlibs/debian/control"
depends=$(cd "$shlibs" && dpkg-shlibdeps -O "$stage/usr/bin/gestured-settings" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-settings-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
depends="$depends, gestured (= $version)"

size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@DEPENDS@|$depends|" -e "s|@SIZE@|$size|" \
  "$root/packaging/settings/control" > "$stage/DEBIAN/control"

deb="$out/gestured-settings_${version}_$arch.deb"
dpkg-deb --root-owner-group --build "$stage" "$deb" >/dev/null
echo "$deb"
