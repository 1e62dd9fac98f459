#!/bin/sh
# Makes a folder holding a linker script named libstdc++.so that points at the static libstdc++
# archive, for release builds to pass with -Xlinker -L: the Swift runtime's link line asks for
# -lstdc++, the linker takes the first libstdc++ it finds, and so the daemon gets the C++ library
# linked in, as the Swift runtime is (--static-swift-stdlib), instead of mapping all of
# libstdc++.so: 0.7 MiB less resident memory (docs/performance.md). libstdc++ may be linked into
# any program (GCC Runtime Library Exception). Without the archive (libstdc++-12-dev or later),
# the folder stays empty and the shared library is used, with a warning.
set -eu
dir="${1:?usage: $0 FOLDER}"
mkdir -p "$dir"
archive=$(${CC:-cc} -print-file-name=libstdc++.a 2>/dev/null || true)
case "$archive" in
  /*) [ -f "$archive" ] && { echo "INPUT($archive)" > "$dir/libstdc++.so"; exit 0; } ;;
esac
rm -f "$dir/libstdc++.so"
echo "gestured: no static libstdc++ (libstdc++.a) here: the release build links the shared one" >&2
