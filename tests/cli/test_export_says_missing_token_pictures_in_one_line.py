"""`tabletop export` of a map whose token pictures are missing draws the map, their tokens with
a question mark, and says so in one warning line naming each picture and its tokens."""

from __future__ import annotations

from tabletop.io import save_map
from tabletop.model import Background, Map, NodeShape, Token, TokenPicture, Zone, ZoneLocation
from tests.cli.run import tabletop


def test_every_missing_picture_is_said_in_one_line(capsys, qapp, tmp_path):
    here = ZoneLocation(zone="camp")
    tokens = [
        Token(id="o1", name="Orc 1", location=here, picture=TokenPicture(path="assets/orc.png")),
        Token(id="o2", name="Orc 2", location=here, picture=TokenPicture(path="assets/orc.png")),
        Token(id="kell", name="Kell", location=here, picture=TokenPicture(path="assets/kell.png")),
    ]
    zone = Zone(id="camp", shape=NodeShape(x=0, y=0, radius=100))
    save_map(Map(zones=[zone], tokens=tokens, background=Background(path="scan.png")), tmp_path / "camp.tabletop")
    result = tabletop(capsys, "export", str(tmp_path / "camp.tabletop"), "-o", str(tmp_path / "camp.png"))
    assert result.code == 0 and (tmp_path / "camp.png").is_file()
    lines = result.err.splitlines()
    assert len(lines) == 1, result.err
    line = lines[0]
    assert line.startswith(f"{tmp_path / 'camp.tabletop'}: warning: background picture")
    assert "orc.png' is missing (Orc 1, Orc 2); drawn as a question mark" in line
    assert "kell.png' is missing (Kell); drawn as a question mark" in line
