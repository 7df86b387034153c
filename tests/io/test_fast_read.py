"""Reading a current map straight from its bytes: the same map as the exact way, the same
refusals, a repeated key still refused, and one field set shared per class."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.io import MapFileError, load_map, map_from_bytes, map_to_text
from tabletop.io import read as read_module
from tabletop.io.given import given_keys
from tabletop.model import Map
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
def test_a_key_written_twice_anywhere_is_refused(map_, data, exact_way):
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


def test_a_loaded_map_shares_one_field_set_per_class_and_stays_editable(maps_dir):
    loaded = map_from_bytes(map_to_text(load_map(maps_dir / "warehouse.tabletop")).encode())
    first, second = loaded.zones[0], loaded.zones[1]
    assert first.model_fields_set is second.model_fields_set
    assert first.model_fields_set == set(type(first).model_fields)
    second.name = "Renamed"  # pydantic adds the name to the set: already there, nobody else changes
    assert first.model_fields_set == set(type(first).model_fields)
    assert first.name != "Renamed" and loaded.zones[1].name == "Renamed"
    copy = first.model_copy(update={"name": "Copy"})
    assert copy.model_fields_set is not first.model_fields_set and first.name != "Copy"


def test_given_keys_counts_dict_fields_and_every_object(maps_dir):
    loaded = load_map(maps_dir / "warehouse-conflict.tabletop")
    raw = (maps_dir / "warehouse-conflict.tabletop").read_bytes()
    assert given_keys(loaded) == raw.count(b'":')
    assert loaded.conflict is not None and any(entry.numbers for entry in loaded.conflict.log)


def test_long_lists_read_in_chunks_equal_the_exact_way_and_errors_name_the_right_zone(monkeypatch, exact_way):
    from tabletop.io import bulk_read
    from tests.benchmarks.mapgen import zone_map

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
