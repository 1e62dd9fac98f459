# Sourced by make-deb.sh and make-settings-deb.sh: what building either Debian package takes.

# The changelog of PACKAGE at VERSION, gzipped into FILE, dated by the last commit.
write_changelog() {
  package="$1"; version="$2"; file="$3"
  date=$(git -C "$root" log -1 --format=%aD 2>/dev/null || date -R)
  printf '%s (%s) unstable; urgency=medium\n\n  * Built from gestured %s (see https://github.com/gestured/gestured).\n\n -- gestured developers <gestured@users.noreply.github.com>  %s\n' \
    "$package" "$version" "$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo "$version")" "$date" | gzip -9n > "$file"
}

# What dpkg-shlibdeps finds BINARY of PACKAGE needs; it reads a source package's control file,
# so it gets a minimal one in a folder of its own under $out.
shlib_depends() {
  package="$1"; binary="$2"
  shlibs="$out/shlibdeps-$package"
  rm -rf "$shlibs" && install -d "$shlibs/debian"
  printf 'Source: gestured\n\nPackage: %s\nArchitecture: any\n' "$package" > "$shlibs/debian/control"
  found=$(cd "$shlibs" && dpkg-shlibdeps -O "$binary" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
  [ -n "$found" ] || { echo "$package: dpkg-shlibdeps found no dependencies of $binary" >&2; exit 1; }
  echo "$found"
}

# The control file from TEMPLATE with the version, architecture, DEPENDS and the staged size,
# then the package STAGE.deb built from STAGE; prints its path.
build_deb() {
  template="$1"; depends="$2"
  size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
  sed -e "s|@VERSION@|$version|" -e "s|@ARCH@|$arch|" -e "s|@DEPENDS@|$depends|" -e "s|@SIZE@|$size|" \
    "$template" > "$stage/DEBIAN/control"
  dpkg-deb --root-owner-group --build "$stage" "$stage.deb" >/dev/null
  echo "$stage.deb"
}
