"""The standalone app built by packaging/build.sh, run as a GM would run it: no Python, no
checkout on its path. Skipped until the build exists (it takes two minutes, so CI does not make
it); TABLETOP_BUNDLE names another build's executable."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import __version__

ROOT = Path(__file__).resolve().parents[2]
APP = Path(os.environ.get("TABLETOP_BUNDLE", ROOT / "build" / "bundle" / "dist" / "tabletop" / "tabletop"))
SHOWN = 'name="MainWindowClassWindow") to true'

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not APP.is_file(), reason=f"no standalone build at {APP} (run packaging/build.sh)"),
]


def bundled(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(QT_QPA_PLATFORM="offscreen", PATH="/usr/bin:/bin", TABLETOP_RECOVERY_DIR=str(cwd))
    return subprocess.run([APP, *map(str, args)], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


@pytest.fixture
def room(tmp_path, maps_dir) -> Path:
    """A sample map in a folder with a space, as a file manager would hand it over."""
    path = tmp_path / "My Maps" / "room with door.tabletop"
    path.parent.mkdir()
    shutil.copyfile(maps_dir / "room-with-door.tabletop", path)
    return path


def test_bundle_reports_its_version(tmp_path):
    done = bundled("--version", cwd=tmp_path)
    assert (done.returncode, done.stdout.strip()) == (0, f"tabletop {__version__}")


def test_bundle_checks_a_sample_map_and_refuses_a_broken_one(tmp_path, room):
    assert bundled("check", room, cwd=tmp_path).returncode == 0
    broken = tmp_path / "broken.tabletop"
    broken.write_text('{"format_version": 2, "zones": [', encoding="utf-8")
    done = bundled("check", room, broken, cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and "broken.tabletop" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("suffix", [".png", ".svg", ".pdf"])
def test_bundle_exports_a_sample_map(tmp_path, room, suffix):
    out = tmp_path / f"out map{suffix}"
    done = bundled("export", room, "-o", out, "--width", "800", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Cannot open file" not in done.stderr
    magic = {".png": b"\x89PNG", ".svg": b"<?xml", ".pdf": b"%PDF"}[suffix]
    assert out.read_bytes().startswith(magic)


def test_bundle_imports_a_drawing_with_shapely_and_its_geos_libraries(tmp_path):
    """The import polygonises walls with shapely, whose GEOS libraries must travel in the bundle."""
    out = tmp_path / "crypt.tabletop"
    done = bundled("import", ROOT / "docs" / "samples" / "crypt.dd2vtt", "-o", out, "--grid", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{out}: 4 rooms, 3 doors") and "an encounter grid of 5 x 3 tiles" in done.stdout


def test_bundle_opens_a_file_uri_window_without_missing_resources(tmp_path, room):
    """The window opens on a `file://` URI (as a desktop launcher passes it) and Qt finds every
    bundled icon and font: it would print "Cannot open file" for one it could not."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(QT_QPA_PLATFORM="offscreen", QT_LOGGING_RULES="qt.widgets.showhide=true")
    env["TABLETOP_RECOVERY_DIR"] = str(tmp_path)
    seen = []
    with subprocess.Popen([APP, room.as_uri()], env=env, stderr=subprocess.PIPE, text=True, cwd=tmp_path) as process:
        try:
            for line in process.stderr:
                seen.append(line)
                if SHOWN in line:
                    break
        finally:
            process.kill()
    assert any(SHOWN in line for line in seen), "".join(seen[-5:])
    assert not [line for line in seen if "Cannot open file" in line or "tabletop:" in line]


def test_bundle_carries_the_licence_beside_the_executable_and_the_fonts_licence_beside_the_fonts():
    assert (APP.parent / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()
    fonts = APP.parent / "_internal" / "tabletop" / "_resources" / "fonts"
    for font_licence in (ROOT / "resources" / "fonts").glob("*.txt"):
        assert (fonts / font_licence.name).read_bytes() == font_licence.read_bytes()


def test_deb_installs_under_opt_with_a_launcher_and_desktop_files():
    debs = sorted((APP.parents[2]).glob("tabletop_*.deb"))
    if not debs or shutil.which("dpkg-deb") is None:
        pytest.skip("no .deb built (packaging/build.sh without --no-deb) or no dpkg-deb here")
    listing = subprocess.run(["dpkg-deb", "-c", debs[-1]], capture_output=True, text=True, check=True).stdout
    paths = {line.split()[-1].removeprefix(".") for line in listing.splitlines()}
    for path in (
        "/opt/tabletop/tabletop",
        "/usr/bin/tabletop",
        "/usr/share/applications/org.tabletop.Tabletop.desktop",
        "/usr/share/metainfo/org.tabletop.Tabletop.metainfo.xml",
        "/usr/share/mime/packages/org.tabletop.Tabletop.xml",
        "/usr/share/icons/hicolor/48x48/apps/org.tabletop.Tabletop.png",
        "/usr/share/icons/hicolor/scalable/apps/org.tabletop.Tabletop.svg",
        "/usr/share/doc/tabletop/copyright",
        "/opt/tabletop/LICENSE",
        "/opt/tabletop/_internal/tabletop/_resources/fonts/LICENSE-DejaVu.txt",
    ):
        assert path in paths
    assert not [p for p in paths if "/translations/" in p or "libqgtk3" in p]  # only what is used


ICU_PROBE = """
import ctypes, pathlib, sys
lib = pathlib.Path(sys.argv[1])
(i18n_path,) = lib.glob("libicui18n.so.*")
v = i18n_path.name.rsplit(".", 1)[1]
i18n, uc = ctypes.CDLL(str(i18n_path)), ctypes.CDLL(str(lib / f"libicuuc.so.{v}"))
strcoll = getattr(i18n, f"ucol_strcoll_{v}")
strcoll.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int32, ctypes.c_char_p, ctypes.c_int32]
getattr(i18n, f"ucol_open_{v}").restype = getattr(uc, f"ucnv_open_{v}").restype = ctypes.c_void_p
for locale in sys.argv[2:]:
    status = ctypes.c_int(0)
    collator = getattr(i18n, f"ucol_open_{v}")(locale.encode(), ctypes.byref(status))
    order = strcoll(collator, "ö".encode("utf-16-le"), 1, "z".encode("utf-16-le"), 1)
    print(locale, status.value <= 0, order)
status = ctypes.c_int(0)
print("UTF-8", bool(getattr(uc, f"ucnv_open_{v}")(b"UTF-8", ctypes.byref(status))) and status.value == 0)
"""


def test_bundled_icu_still_collates_and_converts_utf8(tmp_path):
    """packaging/slim_icu.py drops ICU data Qt never reads; what QtCore does ask for must stay:
    each locale's collation (Swedish sorts ö after z, German before) and UTF-8 conversion. Probed
    in a Python without Qt, so the venv's own ICU is not loaded beside the bundle's."""
    lib = APP.parent / "_internal" / "PySide6" / "Qt" / "lib"
    done = subprocess.run(
        [sys.executable, "-I", "-c", ICU_PROBE, lib, "sv", "de"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:3] == ["sv True 1", "de True -1", "UTF-8 True"]
