"""Where the bundled fonts, icons and tile sets are: inside the installed package (a wheel, a frozen app)
or, in a source checkout, in resources/ at the top of the repository. Qt-free, so any layer may ask.

The wheel carries resources/ as the package `tabletop._resources` (pyproject's package-dir), so
importlib.resources finds it wherever pip put it; a checkout run with `python -m` has no such
package on its path until installed, and falls back to the folder itself.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

PACKAGE = "tabletop._resources"
CHECKOUT = Path(__file__).resolve().parents[1] / "resources"


@functools.cache
def resources_dir() -> Path:
    """The folder holding fonts/ and icons/, as a real path: Qt opens files by name. Found
    once: in a checkout each search for the package walks the import path, once per icon of
    the window's start otherwise."""
    try:
        # resources/ has no __init__.py, so the installed package is a namespace package whose
        # files() is a MultiplexedPath; joining a child gives back a plain Path either way.
        icons = resources.files(PACKAGE).joinpath("icons")
    except ModuleNotFoundError:
        return CHECKOUT
    if isinstance(icons, Path) and icons.is_dir():
        return icons.parent
    return CHECKOUT  # inside a zip: not a layout we ship


def resource(*parts: str) -> Path:
    """One bundled file, e.g. resource("icons", "app.svg")."""
    return resources_dir().joinpath(*parts)


def bundled_tile_sets_dir() -> Path:
    """The folder of the tile sets that ship with Tabletop (woods, urban)."""
    return resource("tilesets")
