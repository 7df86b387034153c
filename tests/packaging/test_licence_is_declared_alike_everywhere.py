"""One licence, declared alike wherever a package states it: LICENSE, pyproject.toml (and so the
wheel's metadata), the AppStream metainfo and the .deb's copyright file. The bundled fonts keep
their own licence, shipped beside them and carried wherever the fonts go."""

from __future__ import annotations

import importlib.util
import re
import struct
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "resources" / "fonts"
SPEC = importlib.util.spec_from_file_location("deb_copyright", ROOT / "packaging" / "deb_copyright.py")
deb_copyright = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(deb_copyright)


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _font_licences() -> list[Path]:
    return [path for path in FONTS.iterdir() if path.suffix == ".txt" and "LICENSE" in path.name.upper()]


def _font_copyrights(path: Path) -> set[str]:
    """The copyright notices a TrueType font carries in its own name table (name id 0)."""
    data = path.read_bytes()
    (tables,) = struct.unpack(">H", data[4:6])
    records = (struct.unpack(">4sIII", data[12 + 16 * k : 28 + 16 * k]) for k in range(tables))
    offset = next(start for tag, _, start, _ in records if tag == b"name")
    _, count, strings = struct.unpack(">HHH", data[offset : offset + 6])
    found = set()
    for k in range(count):
        platform, _, _, name_id, length, at = struct.unpack(">6H", data[offset + 6 + 12 * k : offset + 18 + 12 * k])
        if name_id == 0:
            raw = data[offset + strings + at : offset + strings + at + length]
            found.add(raw.decode("utf-16-be" if platform in (0, 3) else "mac-roman"))
    return found


def _paragraphs(text: str) -> list[dict[str, str]]:
    """Debian's control-file syntax: blank-line separated paragraphs of `Field: value` lines,
    a line starting with a space continuing the field above."""
    paragraphs = []
    for block in text.strip("\n").split("\n\n"):
        fields: dict[str, str] = {}
        name = ""
        for line in block.splitlines():
            if line.startswith(" "):
                assert name, f"a continuation line with no field above: {line!r}"
                fields[name] += "\n" + line
            else:
                name, _, value = line.partition(":")
                assert name not in fields, f"{name} twice in one paragraph"
                fields[name] = value.strip()
        paragraphs.append(fields)
    return paragraphs


def _words(text: str) -> str:
    """A text with its lines' trailing spaces off, which no reader sees."""
    return "\n".join(line.rstrip() for line in text.splitlines())


def _unfolded(field: str) -> str:
    """A multi-line field's text as written: the leading space off, a lone dot a blank line."""
    return "\n".join("" if line == " ." else line[1:] for line in field.splitlines()[1:])


def test_the_project_is_mit_licensed_to_its_authors():
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.splitlines()[:3] == ["MIT License", "", "Copyright (c) 2026 The Tabletop authors"]
    assert "Permission is hereby granted, free of charge" in licence
    project = _pyproject()["project"]
    assert project["license"] == "MIT"
    assert "LICENSE" in project["license-files"]
    assert "license-files" not in _pyproject()["tool"]["setuptools"]  # one place only: the project table


def test_every_licence_file_the_wheel_names_exists():
    for pattern in _pyproject()["project"]["license-files"]:
        assert list(ROOT.glob(pattern)), f"{pattern} matches no file"


def test_the_metainfo_declares_the_licence_pyproject_declares():
    component = ET.parse(ROOT / "packaging" / "linux" / "org.tabletop.Tabletop.metainfo.xml").getroot()
    declared = _pyproject()["project"]["license"]
    assert component.findtext("project_license") == declared
    assert component.findtext("metadata_license") == declared  # the metainfo file is the repository's, so MIT too


def test_the_fonts_licence_sits_beside_them_and_names_every_holder_the_fonts_name():
    (licence,) = _font_licences()
    text = licence.read_text(encoding="utf-8")
    fonts = sorted(FONTS.glob("*.ttf"))
    assert fonts
    for font in fonts:
        for notice in _font_copyrights(font):
            for line in re.findall(r"Copyright \(c\) \d{4} by [^.]+\.", notice):
                assert line in text, f"{font.name} says '{line}', {licence.name} does not"


def test_the_fonts_licence_goes_into_the_wheel_with_the_fonts():
    (licence,) = _font_licences()
    patterns = _pyproject()["tool"]["setuptools"]["package-data"]["tabletop._resources.fonts"]
    assert any(licence.match(pattern) for pattern in patterns)
    assert licence.relative_to(ROOT).as_posix() in _pyproject()["project"]["license-files"]


def test_the_bundle_carries_the_licence_and_the_fonts_folder_whole():
    """PyInstaller's spec is a script, run only by a two-minute build: its data list is read here
    (tests/packaging/test_bundle.py looks at the built folder when there is one)."""
    spec = (ROOT / "packaging" / "tabletop.spec").read_text(encoding="utf-8")
    assert '(str(RESOURCES / "fonts"), "tabletop/_resources/fonts")' in spec  # the folder, licence and all
    assert '(str(ROOT / "LICENSE"), ".")' in spec
    assert 'shutil.copyfile(ROOT / "LICENSE", Path(DISTPATH) / "tabletop" / "LICENSE")' in spec


def test_the_deb_copyright_file_is_machine_readable_and_says_what_the_licences_say():
    paragraphs = _paragraphs(deb_copyright.copyright_file())
    header, *rest = paragraphs
    assert header["Format"] == "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    files = {p["Files"]: p for p in rest if "Files" in p}
    texts = {p["License"].split("\n")[0]: _unfolded(p["License"]) for p in rest if "Files" not in p}
    # every short name a Files paragraph uses has its whole text in a paragraph of its own
    used = {name for p in files.values() for name in p["License"].split(" and ")}
    assert used == set(texts)
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert files["*"]["License"] == "Expat"  # Debian's name for the licence SPDX calls MIT
    assert "Copyright (c) " + files["*"]["Copyright"] in licence
    assert texts["Expat"].strip() in licence
    (font_licence,) = _font_licences()
    fonts = files[f"{FONTS.relative_to(ROOT).as_posix()}/*"]
    for name in fonts["License"].split(" and "):
        assert _words(texts[name]).strip() in _words(font_licence.read_text(encoding="utf-8"))
    holders = fonts["Copyright"].splitlines()
    for font in FONTS.glob("*.ttf"):
        for notice in _font_copyrights(font):
            for line in re.findall(r"Copyright \(c\) \d{4} by [^.]+\. All Rights Reserved\.", notice):
                assert any(line in holder for holder in holders), f"{font.name}: {line}"
