#!/bin/sh
# Installs a built gestured under PREFIX: the binary, the systemd user unit, the XDG autostart
# entry, the shell completions and man pages the binary writes from its command table and schema,
# and the reference pages.
# Called by `make install`.
set -eu
prefix="$1"; configuration="$2"; autostart="$3"
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$root/.build/$configuration/gestured"
[ -x "$bin" ] || { echo "install: $bin is not built" >&2; exit 1; }

install -d "$prefix/bin" "$prefix/share/systemd/user" "$autostart" "$prefix/share/man/man1" "$prefix/share/man/man5" "$prefix/share/doc/gestured" \
  "$prefix/share/bash-completion/completions" "$prefix/share/zsh/site-functions" \
  "$prefix/share/fish/vendor_completions.d"
install -m 755 "$bin" "$prefix/bin/gestured"
sed "s|@BINDIR@|$prefix/bin|g" "$root/Config/service/gestured.service" > "$prefix/share/systemd/user/gestured.service"
sed "s|@BINDIR@|$prefix/bin|g" "$root/Config/service/gestured.desktop" > "$autostart/gestured.desktop"
# The pages as an older gestured named them (gestured.run.1); now gestured-run.1.
rm -f "$prefix/share/man/man1/gestured."*.1
"$prefix/bin/gestured" --generate-manual "$prefix/share/man/man1"
mv "$prefix"/share/man/man1/*.5 "$prefix/share/man/man5/"
for page in config.md gestures.md strokes.md desktop.md trace-format.md troubleshooting.md import.md; do
  install -m 644 "$root/docs/$page" "$prefix/share/doc/gestured/$page"
done
"$prefix/bin/gestured" --generate-completion-script bash > "$prefix/share/bash-completion/completions/gestured"
"$prefix/bin/gestured" --generate-completion-script zsh > "$prefix/share/zsh/site-functions/_gestured"
"$prefix/bin/gestured" --generate-completion-script fish > "$prefix/share/fish/vendor_completions.d/gestured.fish"
echo "installed gestured in $prefix"
echo "start it now and with every graphical session: systemctl --user enable --now gestured"
