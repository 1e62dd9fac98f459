#!/bin/sh
# `make test` part: install into a temporary prefix and check that everything is there and
# points at the installed binary.
set -eu
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
make -s install PREFIX="$dir/prefix" AUTOSTART_DIR="$dir/autostart" CONFIGURATION=debug >/dev/null
fail() { echo "install test: $*" >&2; exit 1; }
p="$dir/prefix"
[ -x "$p/bin/gestured" ] || fail "no binary"
"$p/bin/gestured" check >/dev/null || fail "the installed binary does not run"
grep -qx "ExecStart=$p/bin/gestured run" "$p/share/systemd/user/gestured.service" || fail "unit does not run the installed binary"
grep -qx "PartOf=graphical-session.target" "$p/share/systemd/user/gestured.service" || fail "unit not bound to the graphical session"
grep -qx "Restart=on-failure" "$p/share/systemd/user/gestured.service" || fail "unit does not restart on failure"
grep -qx "Exec=$p/bin/gestured run" "$dir/autostart/gestured.desktop" || fail "autostart entry does not run the installed binary"
grep -q "gestured" "$p/share/man/man1/gestured.1" || fail "no man page"
[ -f "$p/share/man/man1/gestured-run.1" ] || fail "no man page for gestured run"
grep -q "^.SH ACTIONS" "$p/share/man/man5/gestured.toml.5" || fail "no man page for the config"
[ -f "$p/share/doc/gestured/config.md" ] || fail "no config reference"
[ -f "$p/share/man/man1/gestured-import.1" ] || fail "no man page for gestured import"
replies=$(bash --norc -c '. "$1"; COMP_WORDS=(gestured re); COMP_CWORD=1; _gestured; echo "${COMPREPLY[*]}"' - "$p/share/bash-completion/completions/gestured")
[ "$replies" = "replay record" ] || fail "the bash completion offers '$replies' for 'gestured re'"
[ -s "$p/share/zsh/site-functions/_gestured" ] || fail "no zsh completion"
[ -s "$p/share/fish/vendor_completions.d/gestured.fish" ] || fail "no fish completion"
echo "install into a temporary prefix: every file in place"
