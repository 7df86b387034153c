"""Reading a current map straight from its bytes: the same map as the exact way, the same
refusals, a repeated key still refused, and one field set shared per class."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.io import MapFileError, load_map, map_from_bytes, map_to_text
from tabletop.io import read as read_module
from tabletop.io.given import given_keys
from tabletop.model import Map
from tests.maps import zone_map
from tests.strategies import maps

FORMATS = Path(__file__).parent / "formats"


@pytest.fixture
def exact_way(monkeypatch):
    """Counts how often the slow, exact way had to read a file."""
    calls = []
    slow = read_module._map_from_bytes

    def counted(raw, path):
        calls.append(path)
        return slow(raw, path)

    monkeypatch.setattr(read_module, "_map_from_bytes", counted)
    return calls


def test_every_sample_map_is_read_the_fast_way_and_equals_the_exact_way(maps_dir, exact_way):
    for path in sorted(maps_dir.glob("*.tabletop")):
        raw = path.read_bytes()
        fast = map_from_bytes(raw, path.name)
        assert exact_way == [], f"{path.name} was read the slow way"
        assert fast == read_module._map_from_bytes(raw, path.name)
        exact_way.clear()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(map_=maps(), data=st.data())
def test_a_key_written_twice_anywhere_is_refused(map_, data, exact_way, parsing):
    text = map_to_text(map_)
    assert map_from_bytes(text.encode()) == map_
    opening = data.draw(st.sampled_from(list(re.finditer(r'\{"([a-z_]+)":', text))))
    key = opening.group(1)
    doubled = text[: opening.start()] + '{"' + key + '":null,' + text[opening.start() + 1 :]
    with pytest.raises(MapFileError, match=f'the key "{key}" appears twice'):
        map_from_bytes(doubled.encode(), "doubled.tabletop")


@pytest.mark.parametrize("big_from", [0, 2**40], ids=["numpy", "bytes"])
def test_white_space_before_a_colon_or_a_quote_in_a_text_reads_the_exact_way(
    maps_dir, exact_way, monkeypatch, big_from
):
    from tabletop.io import bulk_read

    monkeypatch.setattr(bulk_read, "BIG_FILE", big_from)
    raw = (maps_dir / "warehouse.tabletop").read_bytes()
    spaced = raw.replace(b'"title":', b'"title" :', 1)
    assert map_from_bytes(spaced) == map_from_bytes(raw)
    assert len(exact_way) == 1
    with pytest.raises(MapFileError, match='the key "title" appears twice'):
        map_from_bytes(spaced.replace(b'"title" :', b'"title" : "x", "title":', 1))
    quoted = raw.replace(b'"title":"', b'"title":"say \\":\\" ', 1).replace(b'"title": "', b'"title": "say \\":\\" ', 1)
    assert map_from_bytes(quoted).title.startswith('say ":"')


def test_no_format_version_or_an_old_one_goes_the_exact_way(maps_dir, exact_way):
    with pytest.raises(MapFileError, match="has no format_version"):
        map_from_bytes(b'{"title": "x"}')
    for version in (1, 2):
        assert load_map(FORMATS / f"v{version}.tabletop").format_version == Map().format_version
    assert len(exact_way) == 3


def test_a_loaded_maps_records_hold_no_dict_and_its_models_share_one_field_set(maps_dir):
    loaded = map_from_bytes(map_to_text(load_map(maps_dir / "warehouse-conflict.tabletop")).encode())
    zone, border = loaded.zones[0], loaded.borders[0]
    assert not hasattr(zone, "__dict__") and not hasattr(border.passages[0], "__dict__")
    first, second = loaded.tokens[0], loaded.tokens[1]
    assert first.model_fields_set is second.model_fields_set == set(type(first).model_fields)
    second.name = "Renamed"  # pydantic adds the name to the set: already there, nobody else changes
    assert first.model_fields_set == set(type(first).model_fields) and first.name != "Renamed"
    zone.name = "Renamed too"
    assert loaded.zones[0].name == "Renamed too" and loaded.zones[1].name != "Renamed too"


def test_a_key_left_out_does_not_hide_another_written_twice(maps_dir, exact_way):
    """A record keeps no note of what it was given: the defaults it took are counted, so a
    missing field cannot make up for a repeated one in the count of keys."""
    text = map_to_text(load_map(maps_dir / "warehouse.tabletop"))
    short = text.replace(',"fogged":false', "", 1)
    assert short != text and map_from_bytes(short.encode()) == map_from_bytes(text.encode())
    assert exact_way == []
    doubled = short.replace('"name":', '"name":"Twice","name":', 1)
    with pytest.raises(MapFileError, match='the key "name" appears twice'):
        map_from_bytes(doubled.encode(), "doubled.tabletop")
    passage = text.replace('"door":null', '"cost_from_a":2', 1)  # a passage's door left out, a cost twice
    assert passage != text
    with pytest.raises(MapFileError, match='the key "cost_from_a" appears twice'):
        map_from_bytes(passage.encode(), "doubled.tabletop")


def test_given_keys_counts_dict_fields_and_every_object(maps_dir):
    written = map_to_text(load_map(maps_dir / "warehouse-conflict.tabletop")).encode()
    loaded = map_from_bytes(written)
    assert given_keys(loaded) == written.count(b'":')  # a file Tabletop wrote gives every field
    assert loaded.conflict is not None and any(entry.numbers for entry in loaded.conflict.log)


def test_long_lists_read_in_chunks_equal_the_exact_way_and_errors_name_the_right_zone(monkeypatch, exact_way):
    from tabletop.io import bulk_read
    from tests.maps import zone_map

    monkeypatch.setattr(bulk_read, "CHUNK", 7)
    raw = map_to_text(zone_map(60)).encode()
    loaded = map_from_bytes(raw)
    assert exact_way == [] and len(loaded.zones) > 14 and len(loaded.borders) > 14
    assert loaded == read_module._map_from_bytes(raw, "<map>")
    lines = raw.split(b"\n")
    at = next(n for n, line in enumerate(lines) if b'"id":"z3-1"' in line)
    lines[at] = lines[at].replace(b'"hidden":false', b'"hidden":"maybe"')
    with pytest.raises(MapFileError) as refused:
        map_from_bytes(b"\n".join(lines), "hill.tabletop")
    place = [z.id for z in loaded.zones].index("z3-1")
    assert f"zones[{place}].hidden" in str(refused.value) and place >= 7  # past the first chunk
    assert exact_way


@pytest.mark.parametrize("version", [b"3.0", b"3e0", b"30e-1"])
def test_a_format_version_written_as_a_fraction_is_refused_as_before(version):
    """3.0 equals 3 in Python, but the exact way refuses a version that is not a whole number."""
    raw = b'{"format_version":' + version + b',"title":"x"}'
    with pytest.raises(MapFileError, match=r"has an unknown format_version 3\.0"):
        map_from_bytes(raw, "fraction.tabletop")


def test_a_key_written_twice_in_a_dict_field_is_refused_the_exact_way(maps_dir):
    """A log entry's numbers and a reserve side's scores are dicts: jiter keeps the last of a
    repeated key there too, and their keys are counted like any object's."""
    from tabletop.model import Conflict, LogEntry, ReserveSide

    conflict = Conflict(
        system="reserve",
        reserve=[ReserveSide(name="Runners", reserve={"Fight": 3, 'Wi"ts:': 2})],
        log=[LogEntry(exchange=1, numbers={"roll": 4, 'a":b': -2})],
    )
    map_ = load_map(maps_dir / "warehouse.tabletop").model_copy(update={"conflict": conflict})
    raw = map_to_text(map_).encode()
    assert map_from_bytes(raw) == map_
    for key in (b'"Fight":', b'"roll":', b'"Wi\\"ts:":', b'"a\\":b":'):
        doubled = raw.replace(key, key + b"1," + key, 1)
        assert doubled != raw
        with pytest.raises(MapFileError, match="appears twice") as refused:
            map_from_bytes(doubled, "doubled.tabletop")
        with pytest.raises(MapFileError) as exact:
            read_module._map_from_bytes(doubled, "doubled.tabletop")
        assert str(refused.value) == str(exact.value)


def test_an_unknown_field_and_a_missing_one_are_named_in_a_gms_words(maps_dir):
    text = map_to_text(load_map(maps_dir / "warehouse.tabletop"))
    with pytest.raises(MapFileError, match=r"zones\[0\]\.colour: is not a field Tabletop knows"):
        map_from_bytes(text.replace('"fogged":false', '"colour":"red"', 1).encode(), "typo.tabletop")
    with pytest.raises(MapFileError, match=r"borders\[0\]\.a: is required and missing"):
        map_from_bytes(re.sub(r'"a":"[^"]*",', "", text, count=1).encode(), "short.tabletop")


def test_a_big_file_is_parsed_by_lines_unless_its_items_span_lines(maps_dir, exact_way, parsing, monkeypatch):
    from tabletop.io import bulk_read

    whole = monkeypatch.setattr
    made = []
    by_lines = bulk_read._by_lines
    whole(bulk_read, "_by_lines", lambda raw: made.append(by_lines(raw)[0] is not None) or by_lines(raw))
    original = load_map(maps_dir / "warehouse-conflict.tabletop")
    text = map_to_text(original)
    made.clear()
    assert map_from_bytes(text.encode()) == original
    assert made == ([True] if parsing == "by lines" else [])
    spread = text.replace(',"name":', ',\n  "name":')  # JSON still, but not one item a line
    assert spread.count("\n") > text.count("\n")
    assert map_from_bytes(spread.encode()) == original
    inside = text.replace('},{"name":', '},\n  {"name":', 1)  # a zone's aspects over two lines: a chunk cut there
    assert inside.count("\n") == text.count("\n") + 1
    assert map_from_bytes(inside.encode()) == original  # whole in its chunk, or cut there: the exact way reads it
    exact_way.clear()
    pretty = (maps_dir / "warehouse-conflict.tabletop").read_bytes()  # indented by hand, as the samples are
    made.clear()
    assert map_from_bytes(pretty) == original
    assert made == ([False] if parsing == "by lines" else [])
    assert exact_way == []


def test_a_broken_reference_is_refused_after_the_lists_are_in(maps_dir, parsing):
    text = map_to_text(load_map(maps_dir / "warehouse-conflict.tabletop"))
    border = re.search(r'\{"id":"([^"]+)","a":"([^"]+)"', text)
    broken = text.replace(border.group(0), border.group(0).replace(border.group(2), "nowhere"), 1)
    with pytest.raises(MapFileError, match=f"border '{border.group(1)}' names zone 'nowhere', which is not on the map"):
        map_from_bytes(broken.encode(), "broken.tabletop")


@pytest.mark.parametrize("big", [False, True], ids=["small file", "big file"])
def test_the_keys_in_a_file_are_counted_unless_a_colon_has_white_space_before_it(monkeypatch, big):
    """Every colon after a quote: counted at once; a colon in a text too: each colon's byte
    before looked at (with numpy from BIG_FILE on), and any white space there gives no count."""
    from tabletop.io import bulk_read

    monkeypatch.setattr(bulk_read, "BIG_FILE", 0 if big else 1 << 40)
    assert bulk_read._keys_in_file(b'{"a":1,"b":{"c":"d"}}') == 3
    assert bulk_read._keys_in_file(b'{"a":"at 10:30","b":"x\\":"}') == 3  # a `":` in a text counts too
    for space in (" ", "\t", "\n", "\r"):
        assert bulk_read._keys_in_file(f'{{"a":"at 10:30","b"{space}:1}}'.encode()) is None
        assert bulk_read._keys_in_file(f'{{"a"{space}:1}}'.encode()) is None


def test_a_long_first_line_does_not_make_the_whole_list_one_chunk(monkeypatch):
    """Chunks are sized from the median line of the list's first lines: a world polygon of
    3,000 points drawn first (a 60 KB line) leaves the others' chunks as short as ever, and
    reading them gives the same map (sized from the mean, every chunk was one line)."""
    from tabletop.io import bulk_read
    from tabletop.model import PolygonShape, Zone

    map_ = zone_map(3000)
    world = [(20000.0 + 10 * math.cos(k / 500), 20000.0 + 10 * math.sin(k / 500)) for k in range(3000)]
    map_.zones.insert(0, Zone(id="world", name="World", shape=PolygonShape(points=world)))
    raw = map_to_text(map_).encode()
    monkeypatch.setattr(bulk_read, "BIG_FILE", 0)
    _, lists = bulk_read._by_lines(raw)
    chunks = [text for text, _ in bulk_read._lines(raw, lists["zones"], 100)]
    longest_other = max(len(line) for line in raw.split(b"\n")[1:] if b'"id":"z' in line)
    assert len(chunks) > 25 and max(map(len, chunks[1:])) < 101 * longest_other
    assert map_from_bytes(raw) == map_


def test_a_line_without_its_comma_where_a_chunk_ends_is_refused(monkeypatch):
    """Each chunk's last comma is taken off to make it a JSON list: one missing there would
    have gone unseen. The exact way says where it is missing."""
    from tabletop.io import bulk_read

    monkeypatch.setattr(bulk_read, "BIG_FILE", 0)
    monkeypatch.setattr(bulk_read, "CHUNK", 1)
    lines = map_to_text(zone_map(20)).split("\n")
    at = next(k for k, line in enumerate(lines) if line.startswith("  {")) + 2
    lines[at] = lines[at].rstrip(",")
    with pytest.raises(MapFileError, match=f"line {at + 2}.*','"):
        map_from_bytes("\n".join(lines).encode(), "comma.tabletop")
