"""The .deb's copyright file, in Debian's machine-readable format, made from the repository's own
licence texts (LICENSE and the bundled fonts' licence) so that it says what they say:

    python packaging/deb_copyright.py TARGET

Debian ships no common copy of the MIT (Debian's short name: Expat) or the Bitstream Vera licence,
so each text is given whole. The file patterns are the repository's, as the format wants them to
be the source's.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
FORMAT = "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
FONTS_LICENCE = Path("resources") / "fonts" / "LICENSE-DejaVu.txt"
# The sections of the DejaVu licence that cover DejaVu Sans (the rest is the math font's, not shipped).
FONT_SECTIONS = {"Bitstream-Vera": "Bitstream Vera Fonts Copyright", "Arev": "Arev Fonts Copyright"}
# The format's short names where Debian's differ from SPDX's ("MIT" names several licences there).
DEBIAN_NAMES = {"MIT": "Expat"}
BUNDLED = (
    "The folder app under /opt/tabletop/_internal also holds the Python interpreter and its\n"
    "standard library, Qt and PySide6, numpy, networkx and pydantic, each under its own licence."
)


def _field(text: str) -> str:
    """A multi-line field's text as the format wants it: each line indented, a blank line as a dot."""
    return "\n".join(f" {line.rstrip()}" if line.strip() else " ." for line in text.strip("\n").splitlines())


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def project_licence() -> tuple[str, str]:
    """(the copyright line's holder and years, the licence's terms) from LICENSE."""
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    found = re.search(r"^Copyright \(c\) (.+)$", text, flags=re.MULTILINE)
    if found is None:
        raise SystemExit(f"deb_copyright: {ROOT / 'LICENSE'}: no copyright line")
    return found.group(1), text[found.end() :]


def font_sections() -> dict[str, tuple[str, str]]:
    """Each font licence's short name: (its copyright line, its terms), cut from the DejaVu licence."""
    path = ROOT / FONTS_LICENCE
    text = path.read_text(encoding="utf-8")
    sections = {}
    for name, heading in FONT_SECTIONS.items():
        found = re.search(rf"^{re.escape(heading)}\n-+\n(.*?)(?=^\S[^\n]*\n-+\n|\Z)", text, re.MULTILINE | re.DOTALL)
        if found is None:
            raise SystemExit(f"deb_copyright: {path}: no section '{heading}'")
        body = found.group(1).strip("\n")
        holder = re.match(r"Copyright \(c\) .+? All Rights Reserved\.", body)
        if holder is None:
            raise SystemExit(f"deb_copyright: {path}: the section '{heading}' names no copyright holder")
        sections[name] = (holder.group(0), body)
    return sections


def copyright_file() -> str:
    holder, terms = project_licence()
    licence = DEBIAN_NAMES.get(_project()["license"], _project()["license"])
    fonts = font_sections()
    paragraphs = [
        f"Format: {FORMAT}\nUpstream-Name: {_project()['name'].capitalize()}\nComment:\n{_field(BUNDLED)}",
        f"Files: *\nCopyright: {holder}\nLicense: {licence}",
        "Files: resources/fonts/*\n"
        "Copyright: " + "\n           ".join(line for line, _ in fonts.values()) + "\n"
        f"License: {' and '.join(fonts)}\n"
        "Comment: DejaVu Sans, installed as opt/tabletop/_internal/tabletop/_resources/fonts/.\n"
        " DejaVu's changes to the Bitstream Vera fonts are in the public domain.",
        f"License: {licence}\n{_field(terms)}",
        *(f"License: {name}\n{_field(body)}" for name, (_, body) in fonts.items()),
    ]
    return "\n\n".join(paragraphs) + "\n"


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: deb_copyright.py TARGET")
    target = Path(sys.argv[1])
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(copyright_file(), encoding="utf-8")
