"""Damaged maps read the quick way (io/bulk_read.py) give what the exact way gives: the same
map, or the same one line saying what is wrong; a key written twice is never taken."""

from __future__ import annotations

import copy
import re

import pytest
from hypothesis import HealthCheck, given, settings

from tabletop.io import MapFileError, load_map, map_from_bytes, map_to_text
from tabletop.io import read as read_module
from tabletop.io.bulk_read import read_current
from tests.io.damage import damage, damages, objects, outcome, pairs_tree, tabletop_layout
from tests.strategies import maps


@pytest.mark.parametrize(
    ("left_out", "keys_inside"),
    [(r',"fill":\{[^}]*\}', 3), (r',"passages":\[\{[^]]*\]', 4)],
    ids=["a zone's fill", "a border's passages"],
)
def test_a_default_holding_records_does_not_hide_keys_written_twice(maps_dir, parsing, left_out, keys_inside):
    """A zone without a fill gets a default one of three fields, a border without passages one
    passage of four; none of those keys are in the file, so they must not stand in for as
    many keys written twice."""
    text = map_to_text(load_map(maps_dir / "warehouse.tabletop"))
    short = re.sub(left_out, "", text, count=1)
    assert short != text
    assert outcome(map_from_bytes, short.encode()) == outcome(read_module._map_from_bytes, short.encode())
    doubled = short.replace('"name":', '"name":"Twice","name":', keys_inside)
    assert doubled.count('"name":"Twice"') == keys_inside
    with pytest.raises(MapFileError, match='the key "name" appears twice'):
        map_from_bytes(doubled.encode(), "doubled.tabletop")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(map_=maps(), changes=damages)
def test_a_damaged_map_reads_the_quick_way_as_the_exact_way(map_, changes, parsing):
    tree = pairs_tree(map_to_text(map_))
    for change in changes:
        damage(tree, *change)
    raw = tabletop_layout(tree).encode()
    assert outcome(map_from_bytes, raw) == outcome(read_module._map_from_bytes, raw)


@pytest.mark.parametrize(
    ("left_out", "twice"),
    [(',"threshold":3,', '"boxes":'), (',"defended_threshold":null}', '"marked":'), (',"fly":null}', '"run":')],
    ids=["a token's stress threshold", "a token's defended threshold", "a token's fly speed"],
)
def test_a_key_left_out_inside_a_token_does_not_hide_one_written_twice(maps_dir, parsing, left_out, twice):
    """A token is a model, its stress tracks records: their defaults are counted as much as a
    zone's, wherever in the map the key written twice stands."""
    text = map_to_text(load_map(maps_dir / "warehouse-conflict.tabletop"))
    short = text.replace(left_out, left_out[-1] if left_out.endswith("}") else ",", 1)
    assert short != text
    assert outcome(map_from_bytes, short.encode()) == outcome(read_module._map_from_bytes, short.encode())
    doubled = short.replace('"name":', '"name":"Twice","name":', 1)
    with pytest.raises(MapFileError, match='the key "name" appears twice'):
        map_from_bytes(doubled.encode(), "doubled.tabletop")
    before, _, after = short.rpartition(twice)  # far from the zones: in the last token
    doubled = before + twice + "1," + twice + after
    with pytest.raises(MapFileError, match=f"the key {twice[:-1]} appears twice"):
        map_from_bytes(doubled.encode(), "doubled.tabletop")


def test_whichever_key_is_left_out_a_key_written_twice_is_refused(maps_dir, parsing):
    """Each key of a map with zones, borders, tokens and a conflict left out in turn, and the
    title written twice up to six times (a left-out default may hold that many keys)."""
    text = map_to_text(load_map(maps_dir / "warehouse-conflict.tabletop"))
    tree = pairs_tree(text)
    places = [(n, k) for n, found in enumerate(objects(tree)) for k in range(len(found["pairs"])) if (n, k) != (0, 1)]
    assert tree["pairs"][1][0] == "title"  # the one key not left out: it is the one written twice
    assert len(places) > 250
    for n, k in places:
        short = copy.deepcopy(tree)
        objects(short)[n]["pairs"].pop(k)
        raw = tabletop_layout(short).encode()
        for times in range(1, 7):
            doubled = raw.replace(b'\n "title": ', b'\n "title": "Twice",' * times + b'\n "title": ', 1)
            assert read_current(doubled) is None  # the exact way then refuses it


@pytest.mark.parametrize("line", [-1, 6], ids=["after the last border", "at a chunk's end"])
def test_a_comma_too_many_in_a_big_file_is_refused_as_the_exact_way_refuses_it(monkeypatch, line):
    """Deleting the last border's line by hand leaves a comma before the list's end, which is
    not JSON; read by lines, a chunk's last comma must be taken off once, not all of them."""
    from tabletop.io import bulk_read
    from tests.maps import zone_map

    monkeypatch.setattr(bulk_read, "BIG_FILE", 0)
    monkeypatch.setattr(bulk_read, "CHUNK", 7)
    lines = map_to_text(zone_map(60)).encode().split(b"\n")
    borders = [n for n, text in enumerate(lines) if text.startswith(b'  {"id":"b')]
    lines[borders[line]] += b","
    raw = b"\n".join(lines)
    assert outcome(map_from_bytes, raw) == outcome(read_module._map_from_bytes, raw)
    assert outcome(map_from_bytes, raw).startswith("refused: damaged.tabletop: is not valid JSON")
