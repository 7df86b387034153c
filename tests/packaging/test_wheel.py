"""The wheel as a new user gets it: built from the checkout, installed with its dependencies
into a fresh virtual environment outside the checkout, then run from there. This is the path
where Qt once printed "Cannot open file .../site-packages/resources/icons/app.svg"."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

from tabletop import __version__

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("probe_installed.py")
SKIPPED = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*cache")
NO_NETWORK = ("NewConnectionError", "Network is unreachable", "Temporary failure in name resolution")

pytestmark = pytest.mark.slow


def run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(the fresh venv's bin folder, a working folder outside the checkout)."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"  # a copy, so the build leaves no build/ or egg-info in the checkout
    shutil.copytree(ROOT, source, ignore=SKIPPED)
    built = run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", tmp / "dist", source, cwd=tmp)
    if built.returncode and any(word in built.stderr for word in NO_NETWORK):
        pytest.skip("building the wheel needs setuptools from PyPI, which is not reachable")
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp / "dist").glob("tabletop-*.whl")
    venv.create(tmp / "venv", with_pip=True)
    bin_ = tmp / "venv" / ("Scripts" if os.name == "nt" else "bin")
    # The sdist with the setuptools the build-system asks for (a venv's own may be older).
    backend = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["requires"]
    done = run(bin_ / "python", "-m", "pip", "install", "-q", "--disable-pip-version-check", *backend, cwd=tmp)
    if done.returncode and any(word in done.stderr for word in NO_NETWORK):
        pytest.skip("building the sdist needs setuptools from PyPI, which is not reachable")
    assert done.returncode == 0, done.stderr
    make_sdist = f"from setuptools import build_meta; build_meta.build_sdist({str(tmp / 'dist')!r})"
    sdist = run(bin_ / "python", "-c", make_sdist, cwd=source)
    assert sdist.returncode == 0, sdist.stderr
    done = run(bin_ / "python", "-m", "pip", "install", "-q", "--disable-pip-version-check", wheel, cwd=tmp)
    if done.returncode and any(word in done.stderr for word in NO_NETWORK):
        pytest.skip("installing the wheel's dependencies needs PyPI, which is not reachable")
    assert done.returncode == 0, done.stderr
    work = tmp / "work"
    work.mkdir()
    return bin_, work


def test_wheel_carries_every_bundled_font_and_icon(installed):
    wheel = next((installed[0].parents[1] / "dist").glob("tabletop-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("fonts", "icons", "tilesets"):
        for path in (ROOT / "resources" / folder).iterdir():
            assert f"tabletop/_resources/{folder}/{path.name}" in names


def test_wheel_declares_the_licence_and_carries_its_text_and_the_fonts_licence(installed):
    wheel = next((installed[0].parents[1] / "dist").glob("tabletop-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = f"tabletop-{__version__}.dist-info"
        metadata = archive.read(f"{info}/METADATA").decode()
        licence = archive.read(f"{info}/licenses/LICENSE")
    assert "License-Expression: MIT" in metadata.splitlines()
    assert licence == (ROOT / "LICENSE").read_bytes()
    for font_licence in (ROOT / "resources" / "fonts").glob("*.txt"):
        assert f"{info}/licenses/resources/fonts/{font_licence.name}" in names
        assert f"tabletop/_resources/fonts/{font_licence.name}" in names  # beside the fonts, as installed


def test_sdist_carries_resources_at_the_top_of_its_tree(installed):
    """The sdist keeps resources/ where the repository has it, so a wheel built from it maps it again."""
    (sdist,) = (installed[0].parents[1] / "dist").glob("tabletop-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    for folder in ("fonts", "icons", "tilesets"):
        for path in (ROOT / "resources" / folder).iterdir():
            assert f"resources/{folder}/{path.name}" in names


def test_installed_command_reports_its_version(installed):
    bin_, work = installed
    done = run(bin_ / "tabletop", "--version", cwd=work)
    assert (done.returncode, done.stdout.strip()) == (0, f"tabletop {__version__}")


def test_installed_export_finds_the_bundled_font(installed):
    bin_, work = installed
    sample = ROOT / "maps" / "room-with-door.tabletop"
    done = run(bin_ / "tabletop", "export", sample, "-o", work / "room.png", cwd=work)
    assert done.returncode == 0, done.stderr
    assert "Cannot open file" not in done.stderr
    assert (work / "room.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    probe = json.loads(run(bin_ / "python", PROBE, cwd=work).stdout)
    site = run(bin_ / "python", "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=work)
    assert Path(probe["resources"]) == Path(site.stdout.strip()) / "tabletop" / "_resources"
    assert probe["fonts"] == {"DejaVuSans-Bold.ttf": ["DejaVu Sans"], "DejaVuSans.ttf": ["DejaVu Sans"]}


def test_installed_window_loads_every_bundled_icon(installed):
    bin_, work = installed
    done = run(bin_ / "python", PROBE, cwd=work)
    assert done.returncode == 0, done.stderr
    probe = json.loads(done.stdout)
    assert not [m for m in probe["messages"] if "Cannot open file" in m]
    shipped = {path.name for path in (ROOT / "resources" / "icons").glob("*.svg")}
    assert probe["icons"] == dict.fromkeys(shipped, True)
    assert probe["actions_with_icon"] > 0
    assert probe["actions_with_broken_icon"] == []
