"""`tabletop import FILE.dd2vtt -o MAP.tabletop`: the map is written with its zones and doors,
its picture kept in assets/ beside it at the map's scale (40 map units a square), one line says
what was made; a damaged file or a map already there is refused in one line."""

from __future__ import annotations

import pytest

from tabletop.io import load_map
from tests.cli.run import tabletop, tabletop_process
from tests.io.uvtt_drawings import corridor, two_rooms, written


@pytest.mark.parametrize("suffix", [".dd2vtt", ".uvtt", ".df2vtt"])
def test_an_import_writes_the_map_and_its_picture(capsys, tmp_path, suffix):
    source = written(tmp_path, f"cellar{suffix}", two_rooms())
    target = tmp_path / "maps" / "cellar.tabletop"
    target.parent.mkdir()
    done = tabletop(capsys, "import", str(source), "-o", str(target))
    assert done.code == 0, done.err
    assert done.out == f"{target}: 2 rooms, 1 door, 0 wall gaps closed, 2 lights ignored\n"
    map_ = load_map(target)
    assert [z.name for z in map_.zones] == ["Room 1", "Room 2"] and len(map_.borders) == 1
    assert map_.background.path == "assets/cellar.png"
    assert map_.background.scale == 40 / 10  # a square is 10 pixels in the drawing, 40 units on the map
    assert (target.parent / "assets" / "cellar.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_break_costs_are_the_gms(capsys, tmp_path):
    source = written(tmp_path, "cellar.dd2vtt", two_rooms())
    target = tmp_path / "cellar.tabletop"
    done = tabletop(capsys, "import", str(source), "-o", str(target), "--break-door", "3", "--break-wall", "none")
    assert done.code == 0, done.err
    (border,) = load_map(target).borders
    assert [(p.label, p.cost_from_a) for p in border.passages] == [("through the door", 1), ("break the door", 3)]


def test_a_map_already_there_is_not_replaced(capsys, tmp_path):
    source = written(tmp_path, "cellar.dd2vtt", two_rooms())
    target = tmp_path / "cellar.tabletop"
    target.write_text("mine", encoding="utf-8")
    done = tabletop(capsys, "import", str(source), "-o", str(target))
    assert done.code == 1 and done.err == f"{target}: is there already: not replaced without --overwrite\n"
    assert target.read_text(encoding="utf-8") == "mine"
    assert tabletop(capsys, "import", str(source), "-o", str(target), "--overwrite").code == 0
    assert len(load_map(target).zones) == 2


def test_a_damaged_drawing_is_one_line_and_no_map(capsys, tmp_path):
    source = written(tmp_path, "cellar.dd2vtt", '{"format": 0.3, "resolution": 5}')
    target = tmp_path / "cellar.tabletop"
    done = tabletop(capsys, "import", str(source), "-o", str(target))
    assert done.code == 1 and done.err == f"{source}: 'resolution' is not an object\n"
    assert not target.exists() and not (tmp_path / "assets").exists()


def test_a_cost_or_a_name_the_command_cannot_take_is_a_usage_error(capsys, tmp_path):
    source = written(tmp_path, "cellar.dd2vtt", two_rooms())
    assert tabletop(capsys, "import", str(source), "-o", str(tmp_path / "x.tabletop"), "--break-door", "x").code == 2
    done = tabletop(capsys, "import", str(source), "-o", str(tmp_path / "x.png"))
    assert done.code == 2 and "must end in .tabletop" in done.err


def test_the_imported_map_exports_with_its_picture(tmp_path):
    """As the shell runs it: the import, then an export that finds the picture (no warning)."""
    source = written(tmp_path, "corridor.uvtt", corridor())
    done = tabletop_process("import", str(source), "-o", str(tmp_path / "corridor.tabletop"))
    assert done.code == 0 and "3 rooms, 2 doors, 1 zone outside the walls" in done.out
    shown = tabletop_process("export", str(tmp_path / "corridor.tabletop"), "-o", str(tmp_path / "corridor.png"))
    assert shown.code == 0 and shown.err == "", shown.err
    assert (tmp_path / "corridor.png").stat().st_size > 0
