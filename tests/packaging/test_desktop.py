"""Desktop integration: the launcher, the AppStream metainfo, the .tabletop MIME type and the
hicolor icons, laid out as the .deb installs them. The freedesktop validators run when the
machine has them (Debian: desktop-file-utils, appstream, shared-mime-info) and skip otherwise."""

from __future__ import annotations

import configparser
import importlib.util
import shutil
import subprocess
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]
SPEC = importlib.util.spec_from_file_location("stage_desktop", ROOT / "packaging" / "stage_desktop.py")
stage_desktop = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(stage_desktop)
APP_ID = stage_desktop.APP_ID
MIME = "{http://www.freedesktop.org/standards/shared-mime-info}"


@pytest.fixture(scope="module")
def share(tmp_path_factory, qapp) -> Path:
    share = tmp_path_factory.mktemp("share")
    stage_desktop.stage(share)
    return share


def _desktop_entry(share: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read(share / "applications" / f"{APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed here")
    return found


@pytest.mark.parametrize("size", stage_desktop.ICON_SIZES)
def test_app_icon_is_drawn_at_each_hicolor_size(share, size):
    image = QImage(str(share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"))
    assert (image.width(), image.height()) == (size, size)
    centre = image.pixelColor(size // 2, size // 2)
    corner = image.pixelColor(0, 0)
    assert centre.alpha() == 255 and corner.alpha() < 255  # drawn, on a transparent ground


def test_launcher_opens_files_of_the_mime_type_it_names(share):
    entry = _desktop_entry(share)
    assert entry["Exec"].split()[0] == "tabletop" and "%f" in entry["Exec"].split()
    assert entry["Icon"] == APP_ID
    mime = ET.parse(share / "mime" / "packages" / f"{APP_ID}.xml").getroot()
    (mime_type,) = mime.iter(f"{MIME}mime-type")
    assert entry["MimeType"].rstrip(";").split(";") == [mime_type.get("type")]
    assert [g.get("pattern") for g in mime_type.iter(f"{MIME}glob")] == ["*.tabletop"]


PUBLISHED = {"homepage": "https://example.org/tabletop", "screenshots": "https://example.org/tabletop/shots/"}


@pytest.fixture
def published(tmp_path) -> Path:
    """The metainfo as a build that knows the project's public home would install it."""
    source = (ROOT / "packaging" / "linux" / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    path = tmp_path / f"{APP_ID}.metainfo.xml"
    path.write_text(stage_desktop.metainfo(source, **PUBLISHED), encoding="utf-8")
    return path


def test_installed_metainfo_claims_the_declared_licence_and_no_home_the_repository_does_not_state(share):
    component = ET.parse(share / "metainfo" / f"{APP_ID}.metainfo.xml").getroot()
    assert component.findtext("id") == APP_ID
    assert component.find("launchable").text == f"{APP_ID}.desktop"
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["license"]
    assert component.findtext("project_license") == declared
    assert component.find("url") is None and component.find("screenshots") is None  # no public home yet
    assert "tabletop-app" not in (share / "metainfo" / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")


def test_published_metainfo_shows_the_readme_screenshots_from_its_home(published):
    component = ET.parse(published).getroot()
    assert component.find("url[@type='homepage']").text == PUBLISHED["homepage"]
    images = [image.text for image in component.iter("image")]
    assert images and all(url.startswith(PUBLISHED["screenshots"]) for url in images)
    names = [url.rsplit("/", 1)[1] for url in images]
    assert all((ROOT / "resources" / "screenshots" / name).is_file() for name in names)
    assert all(name in (ROOT / "README.md").read_text(encoding="utf-8") for name in names)


def test_desktop_file_validate_passes(share):
    done = subprocess.run(
        [_tool("desktop-file-validate"), share / "applications" / f"{APP_ID}.desktop"], capture_output=True, text=True
    )
    assert (done.returncode, done.stdout + done.stderr) == (0, "")


@pytest.mark.parametrize("where", ["unpublished", "published"])
def test_appstreamcli_validate_passes(share, published, where):
    metainfo = share / "metainfo" / f"{APP_ID}.metainfo.xml" if where == "unpublished" else published
    done = subprocess.run([_tool("appstreamcli"), "validate", "--no-net", metainfo], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_shared_mime_info_maps_tabletop_files_to_the_type(share):
    done = subprocess.run([_tool("update-mime-database"), share / "mime"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    globs = (share / "mime" / "globs2").read_text(encoding="utf-8").splitlines()
    assert "60:application/x-tabletop:*.tabletop" in globs
