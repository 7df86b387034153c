#!/usr/bin/env bash
# Build Tabletop as a self-contained folder app with PyInstaller (no Python needed to run it),
# then a .deb that installs it under /opt/tabletop with `tabletop` on PATH and the desktop files.
#
#   packaging/build.sh            # app folder + .deb, in build/bundle/
#   packaging/build.sh --no-deb   # the app folder only (Windows and macOS: see packaging/README.md)
#
# TABLETOP_HOMEPAGE (the project's public page) and TABLETOP_SCREENSHOTS (the URL serving the
# repository's resources/screenshots/) go into the .deb and the AppStream metainfo when set; the
# project has no public home yet, so by default both are left out rather than made up.
#
# Needs: python3 (3.11+, with venv), network access to PyPI on the first run, dpkg-deb for the .deb,
# icupkg (icu-devtools) and cc to slim ICU's data (without them the bundle is 23 MB larger).
# Results: build/bundle/dist/tabletop/tabletop and build/bundle/tabletop_VERSION_ARCH.deb.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=build/bundle
python=${PYTHON:-python3}
make_deb=1
[[ ${1:-} == --no-deb ]] && make_deb=0

# 1. A build venv of its own: Tabletop installed as the wheel installs it (not editable), plus PyInstaller.
if [[ ! -x $out/venv/bin/python ]]; then
  mkdir -p "$out"
  "$python" -m venv "$out/venv"
fi
echo "build: installing Tabletop and PyInstaller into $out/venv"
"$out/venv/bin/python" -m pip install -q --disable-pip-version-check '.[bundle]'
"$out/venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps .
rm -rf build/lib build/bdist.* ./*.egg-info  # left by pip's build of the checkout

# 2. The folder app.
echo "build: PyInstaller (about a minute)"
rm -rf "$out/dist"
"$out/venv/bin/pyinstaller" --noconfirm --log-level WARN --distpath "$out/dist" --workpath "$out/work" \
  packaging/tabletop.spec 2> >(grep -v "Library not found" >&2)
app=$out/dist/tabletop
# PyInstaller's own strip breaks numpy's auditwheel-patched OpenBLAS, so strip only
# the debug symbols of Python and Qt (libpython alone carries 17 MB of them in a pyenv build).
find "$app/_internal" -type f \( -name 'libpython*.so*' -o -path '*/lib-dynload/*.so' -o -path '*/PySide6/*.so*' \) \
  -exec strip --strip-debug {} +
# ICU's data without what Qt never asks ICU for (32 MB -> 9 MB; packaging/slim_icu.py says why).
for icudata in "$app"/_internal/PySide6/Qt/lib/libicudata.so.*; do
  "$out/venv/bin/python" packaging/slim_icu.py "$icudata"
done
"$app/tabletop" --version
echo "build: $(du -sh "$app" | cut -f1) unpacked in $app"

[[ $make_deb == 1 ]] || exit 0

# 3. The .deb: /opt/tabletop, /usr/bin/tabletop, and the desktop files under /usr/share.
version=$("$app/tabletop" --version | cut -d' ' -f2)
arch=$(dpkg --print-architecture)
deb=$out/deb
rm -rf "$deb"
mkdir -p "$deb/opt" "$deb/usr/bin" "$deb/DEBIAN"
cp -a "$app" "$deb/opt/tabletop"
cat > "$deb/usr/bin/tabletop" <<'LAUNCHER'
#!/bin/sh
exec /opt/tabletop/tabletop "$@"
LAUNCHER
chmod 755 "$deb/usr/bin/tabletop"
QT_QPA_PLATFORM=offscreen "$out/venv/bin/python" packaging/stage_desktop.py "$deb/usr/share" > /dev/null
"$out/venv/bin/python" packaging/deb_copyright.py "$deb/usr/share/doc/tabletop/copyright"
# The libraries Qt takes from the system (not bundled), and the C library the bundle was built against.
glibc=$(dpkg-query -W -f='${Version}' libc6 | cut -d- -f1)
homepage=""  # a Homepage line only when the project has one (see the top of this file)
[[ -n ${TABLETOP_HOMEPAGE:-} ]] && homepage="Homepage: $TABLETOP_HOMEPAGE"$'\n'
cat > "$deb/DEBIAN/control" <<CONTROL
Package: tabletop
Version: $version
Architecture: $arch
Maintainer: The Tabletop developers <tabletop@localhost>
Installed-Size: $(du -sk "$deb/opt" "$deb/usr" | awk '{s += $1} END {print s}')
Depends: libc6 (>= $glibc), libgl1, libegl1, libxcb1, libwayland-client0, libwayland-cursor0, libwayland-egl1, zlib1g, fontconfig-config
Recommends: fonts-dejavu-core
Section: games
Priority: optional
${homepage}Description: zone maps and encounter grids for role-playing games
 Tabletop is the game master's map window for role-playing games played in
 person: zone maps joined by borders with pass values, encounter grids, tokens
 with facing, and a rules engine showing who can reach, see and flank whom.
CONTROL
# No maintainer scripts: Debian's triggers refresh the menu, MIME and icon caches.
dpkg-deb --root-owner-group -Zxz -z6 --build "$deb" "$out/tabletop_${version}_${arch}.deb" > /dev/null
echo "build: $(du -h "$out/tabletop_${version}_${arch}.deb" | cut -f1) $out/tabletop_${version}_${arch}.deb"
