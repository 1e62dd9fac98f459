#!/bin/sh
# Builds gestured_<version>_<arch>.deb from a built release binary, with dpkg-deb: the binary,
# the systemd user unit (enabled for graphical sessions by its preset), the XDG autostart
# entry, completions, man pages (the config's in section 5), the reference pages, the copyright file and the changelog; Depends computed from
# the binary's shared libraries by dpkg-shlibdeps. The binary has the Swift runtime linked in
# (--static-swift-stdlib), and libstdc++ too: about 11 MB stripped, all of it; shipping the runtime
# instead would put 14.2 MB of libraries under /usr/lib/gestured (libswiftCore, _Concurrency, _StringProcessing,
# _RegexParser, Synchronization, Glibc, dispatch and their kin, as the debug build links them)
# beside a binary that still holds gestured's own code. No Swift toolchain is needed to run it.
# Called by `make deb`; prints the package's path.
set -eu
configuration="${1:-release}"
# The reference pages installed in the package's and make install's doc folder.
docs="config.md gestures.md strokes.md desktop.md trace-format.md troubleshooting.md import.md"
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/deb-common.sh"
bin="$root/.build/$configuration/gestured"
[ -x "$bin" ] || { echo "make-deb: $bin is not built" >&2; exit 1; }

version=$("$bin" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
out="$root/.build/deb"
stage="$out/gestured_${version}_$arch"
rm -rf "$stage"
install -d "$stage/DEBIAN" "$stage/usr/bin" "$stage/usr/lib/systemd/user" "$stage/usr/lib/systemd/user-preset" \
  "$stage/etc/xdg/autostart" "$stage/usr/share/man/man1" "$stage/usr/share/man/man5" "$stage/usr/share/bash-completion/completions" \
  "$stage/usr/share/zsh/vendor-completions" "$stage/usr/share/fish/vendor_completions.d" "$stage/usr/share/doc/gestured"

install -m 755 "$bin" "$stage/usr/bin/gestured"
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$stage/usr/bin/gestured"
sed "s|@BINDIR@|/usr/bin|g" "$root/Config/service/gestured.service" > "$stage/usr/lib/systemd/user/gestured.service"
printf 'enable gestured.service\n' > "$stage/usr/lib/systemd/user-preset/90-gestured.preset"
sed "s|@BINDIR@|/usr/bin|g" "$root/Config/service/gestured.desktop" > "$stage/etc/xdg/autostart/gestured.desktop"
"$bin" --generate-manual "$stage/usr/share/man/man1"
mv "$stage"/usr/share/man/man1/*.5 "$stage/usr/share/man/man5/"
gzip -9n "$stage"/usr/share/man/man1/*.1 "$stage"/usr/share/man/man5/*.5
"$bin" --generate-completion-script bash > "$stage/usr/share/bash-completion/completions/gestured"
"$bin" --generate-completion-script zsh > "$stage/usr/share/zsh/vendor-completions/_gestured"
"$bin" --generate-completion-script fish > "$stage/usr/share/fish/vendor_completions.d/gestured.fish"
install -m 644 "$root/packaging/copyright" "$stage/usr/share/doc/gestured/copyright"
# The reference pages the default config and the man pages point to, compressed as policy asks.
for page in $docs; do install -m 644 "$root/docs/$page" "$stage/usr/share/doc/gestured/$page"; done
gzip -9n "$stage"/usr/share/doc/gestured/*.md
write_changelog gestured "$version" "$stage/usr/share/doc/gestured/changelog.gz"
find "$stage" -type d -exec chmod 755 {} +
find "$stage/usr/share" "$stage/etc" "$stage/usr/lib" -type f -exec chmod 644 {} +
printf '/etc/xdg/autostart/gestured.desktop\n' > "$stage/DEBIAN/conffiles"

# libsystemd is loaded with dlopen when a gesture stream is turned on, and libxml2 and libyaml
# when `gestured import` reads a touchegg or fusuma config, so they are not among the binary's
# NEEDED entries: name them here.
depends=$(shlib_depends gestured "$stage/usr/bin/gestured")
build_deb "$root/packaging/control" "$depends, libsystemd0, libxml2, libyaml-0-2"
