"""`tabletop info` names the places a GM named (a border's ends, where a token stands) rather
than the window's ids, an id only where there is no name, and says the format version of the
file as it is on disk, with the version a save will write."""

from __future__ import annotations

import json
from pathlib import Path

from tabletop.io import save_map
from tabletop.model import FORMAT_VERSION, Border, Map, PolygonShape, Token, Zone, ZoneLocation
from tests.cli.run import tabletop


def _box(x: float) -> PolygonShape:
    return PolygonShape(points=[(x, 0), (x + 100, 0), (x + 100, 100), (x, 100)])


def _window_saved(tmp_path):
    """A map as the window saves it: ids it made up, names the GM typed, one zone left unnamed."""
    zones = [
        Zone(id="zone-1", name="Gate house", shape=_box(0)),
        Zone(id="zone-2", name="Courtyard", shape=_box(100)),
        Zone(id="zone-3", shape=_box(200)),
    ]
    borders = [Border(id="border-1", a="zone-1", b="zone-2"), Border(id="border-2", a="zone-2", b="zone-3")]
    tokens = [
        Token(id="token-1", name="Sentry", side="guards", location=ZoneLocation(zone="zone-1")),
        Token(id="token-2", name="Thief", side="band", location=ZoneLocation(zone="zone-3")),
    ]
    path = tmp_path / "keep.tabletop"
    save_map(Map(title="The keep", zones=zones, borders=borders, tokens=tokens), path)
    return path


def test_borders_and_tokens_name_their_zones(capsys, tmp_path):
    lines = tabletop(capsys, "info", str(_window_saved(tmp_path))).out.splitlines()
    assert "    border-1  Gate house <-> Courtyard: pass 1/1" in lines
    assert "    border-2  Courtyard <-> zone-3: pass 1/1" in lines, "an unnamed zone by its id"
    assert "    token-1  Sentry (guards) in zone Gate house, facing 0°" in lines
    assert "    token-2  Thief (band) in zone zone-3, facing 0°" in lines


def test_a_grid_is_named_where_a_token_stands_on_it(capsys, maps_dir):
    lines = tabletop(capsys, "info", str(maps_dir / "af-encounter.tabletop")).out.splitlines()
    assert "    kell  Kell (band) in grid The creek area D8, facing 90°" in lines


def test_an_older_file_says_its_own_version_and_the_one_a_save_writes(capsys, tmp_path):
    old = Path(__file__).parents[1] / "io" / "formats" / "v5.tabletop"
    assert json.loads(old.read_text())["format_version"] == 5
    text = tabletop(capsys, "info", str(old)).out.splitlines()
    assert text[1] == f"  file: {old} (format version 5, saved as {FORMAT_VERSION})"
    info = json.loads(tabletop(capsys, "info", "--json", str(old)).out)
    assert (info["format_version"], info["saved_as_format_version"]) == (5, FORMAT_VERSION)
    new = _window_saved(tmp_path)
    assert tabletop(capsys, "info", str(new)).out.splitlines()[1] == f"  file: {new} (format version {FORMAT_VERSION})"
    info = json.loads(tabletop(capsys, "info", "--json", str(new)).out)
    assert info["format_version"] == FORMAT_VERSION
