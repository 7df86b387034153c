"""`tabletop info` prints a map from its file's checked columns and never makes a zone or border
record; what it prints of the zones, borders and tokens is what the map's records hold, line for
line however many lines are made at a time (and in --json, value for value): on every sample map,
every frozen format, and generated maps whose columns are mixed or left out (hidden zones, names
blank or ending in spaces, nodes, doors, several passages or none). A conflict's words name
tokens, zones and borders as the rules' name_of names them on the whole map."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.cli import text
from tabletop.cli.text import column_names, location_text, passage_text
from tabletop.io import check_map_file_versioned, load_map, save_map
from tabletop.model import Border, Door, Map, NodeShape, Passage, Token, ZoneLocation
from tabletop.rules.names import name_of
from tests.cli.run import tabletop
from tests.maps import zone_map

FORMATS = Path(__file__).parents[1] / "io" / "formats"


def _mixed(map_: Map) -> Map:
    """The map's zones and borders made awkward: every column the writer may leave out given
    in some rows only, passages shared, several and none."""
    zones = []
    for i, zone in enumerate(map_.zones):
        change: dict = {}
        if i % 5 == 0:
            change["hidden"] = True
        if i % 7 == 0:
            change["name"] = ""
        if i % 11 == 0:
            change["name"] = f"Trailing {i}   "
        if i % 13 == 0:
            change["shape"] = NodeShape(x=i * 10.0, y=5.0)
        zones.append(zone.model_copy(update=change))
    zones[3] = zones[3].model_copy(update={"name": '倉庫 "quoted" 🐉'})
    borders = []
    for i, border in enumerate(map_.borders):
        change = {}
        if i % 3 == 0:
            locked = Passage(label="door", door=Door(state="locked", open_cost=3))
            change["passages"] = [locked, Passage(cost_from_a=None, cost_from_b=2, label="vent")]
        if i % 4 == 0:
            change["passages"] = []
        if i % 6 == 1:
            change["label"] = "Gate"
        if i % 9 == 2:
            change["passages"] = [Passage(cost_from_a=None, cost_from_b=None, sight="clear")]
        borders.append(border.model_copy(update=change))
    tokens = [
        Token(id=zones[0].id, name="Gatto", side="runners", location=ZoneLocation(zone=zones[1].id)),
        Token(id="hargan", side="corp", location=ZoneLocation(zone=zones[0].id), facing=270),
    ]
    return map_.model_copy(update={"zones": zones, "borders": borders, "tokens": tokens, "title": ""})


def _generated(tmp_path: Path) -> list[Path]:
    bare = zone_map(40)
    kinds = {
        "mixed": _mixed(zone_map(60)),
        "plain": zone_map(300),
        "nameless, one default passage each": bare.model_copy(
            update={
                "zones": [z.model_copy(update={"name": ""}) for z in bare.zones],
                "borders": [Border(id=b.id, a=b.a, b=b.b) for b in bare.borders],
            }
        ),
        "no passages at all": bare.model_copy(
            update={"borders": [b.model_copy(update={"passages": []}) for b in bare.borders]}
        ),
        "empty": Map(),
    }
    paths = []
    for number, map_ in enumerate(kinds.values()):
        paths.append(tmp_path / f"generated-{number}.tabletop")
        save_map(map_, paths[-1], backup=False)
    return paths


@pytest.fixture
def every_map(maps_dir, tmp_path) -> list[Path]:
    found = sorted(maps_dir.glob("*.tabletop")) + sorted(FORMATS.glob("*.tabletop")) + _generated(tmp_path)
    assert len(found) > 15
    return found


def _record_lines(map_: Map) -> list[str]:
    """The zones, borders and tokens as `info` shows them, from the map's records."""
    labels = {z.id: z.label for z in map_.zones}
    lines = [f"  zones ({len(map_.zones)}):"]
    lines += [f"    {z.id}  {z.name}".rstrip() + ("  [hidden]" if z.hidden else "") for z in map_.zones]
    lines.append(f"  borders ({len(map_.borders)}):")
    for border in map_.borders:
        ways = "; ".join(passage_text(p) for p in border.passages) or "no passage"
        lines.append(f"    {border.id}  {labels[border.a]} <-> {labels[border.b]}: {ways}")
    lines.append(f"  tokens ({len(map_.tokens)}):")
    lines += [
        f"    {t.id}  {t.label} ({t.side}) in {location_text(map_, t, labels)}, facing {t.facing:g}°"
        for t in map_.tokens
    ]
    return lines


@pytest.fixture(params=[5000, 7], ids=["as shipped", "7 lines at once"])
def lines_at_once(request, monkeypatch):
    monkeypatch.setattr(text, "LINES_AT_ONCE", request.param)


def test_the_text_shows_what_the_records_hold(capsys, every_map, lines_at_once):
    for path in every_map:
        map_ = load_map(path)
        result = tabletop(capsys, "info", str(path))
        assert result.code == 0, (path.name, result.err)
        lines = result.out.splitlines()
        first = lines.index(f"  zones ({len(map_.zones)}):")
        expected = _record_lines(map_)
        assert lines[first : first + len(expected)] == expected, path.name
        assert lines[first + len(expected)].startswith("  grids ("), path.name


def test_the_json_shows_what_the_records_hold(capsys, every_map):
    for path in every_map:
        map_ = load_map(path)
        result = tabletop(capsys, "info", "--json", str(path))
        assert result.code == 0, (path.name, result.err)
        summary = json.loads(result.out)
        assert summary["zones"] == [{"id": z.id, "name": z.name} for z in map_.zones], path.name
        assert summary["borders"] == [
            {
                "id": b.id,
                "a": b.a,
                "b": b.b,
                "passages": [
                    {
                        "label": p.label,
                        "cost_from_a": p.cost_from_a,
                        "cost_from_b": p.cost_from_b,
                        "door": p.door.state if p.door else None,
                    }
                    | ({} if p.place is None else {"place": list(p.place)})
                    for p in b.passages
                ],
            }
            for b in map_.borders
        ], path.name


def test_no_zone_or_border_record_is_made(capsys, tmp_path, monkeypatch):
    def refused(*args):
        raise AssertionError("a record was made")

    monkeypatch.setattr("tabletop.io.column_map.zones_made", refused)
    monkeypatch.setattr("tabletop.io.column_map.borders_made", refused)
    (path,) = [p for p in _generated(tmp_path) if p.name == "generated-0.tabletop"]
    for json_flag in ((), ("--json",)):
        result = tabletop(capsys, "info", *json_flag, str(path))
        assert result.code == 0, result.err
        assert "Trailing 11" in result.out


def test_a_conflicts_words_name_things_as_the_rules_name_them(every_map):
    for path in every_map:
        map_ = load_map(path)
        checked, _ = check_map_file_versioned(path)
        name = column_names(checked)
        ids = [t.id for t in map_.tokens] + [z.id for z in map_.zones] + [b.id for b in map_.borders]
        for object_id in [*ids, "", "nobody here"]:
            assert name(object_id) == name_of(map_, object_id), (path.name, object_id)
