"""A big map's reading tells how far it got and can be stopped: the window shows a progress
bar with a Cancel button while a 100k-zone map is read (several seconds)."""

from __future__ import annotations

import pytest

from tabletop.io import MapFileError, ReadCancelled, bulk_read, map_from_bytes, map_to_text
from tabletop.io import read as read_module
from tests.maps import zone_map


@pytest.fixture(scope="module")
def written() -> bytes:
    return map_to_text(zone_map(60)).encode()


def test_each_chunk_read_is_told_up_to_every_zone_and_border(written, parsing):
    """Told in items, or (read by lines) in bytes of the zones' and borders' lines: counting a
    big file's lines first took 0.03 s."""
    heard: list[tuple[int, int]] = []
    loaded = map_from_bytes(written, "hill.tabletop", lambda done, total: heard.append((done, total)) or True)
    total = len(loaded.zones) + len(loaded.borders)
    if parsing == "by lines":
        lines = written.split(b"\n")
        total = sum(len(line) + 1 for line in lines if line.startswith(b"  {")) - 2  # each list's last newline is not
    assert len(heard) >= 2 and {t for _, t in heard} == {total}
    assert [d for d, _ in heard] == sorted(d for d, _ in heard) and heard[-1][0] == total
    assert loaded == read_module._map_from_bytes(written, "hill.tabletop")


def test_a_read_stopped_halfway_raises_and_the_next_read_is_whole(written, parsing):
    def stop_at_half(done: int, total: int) -> bool:
        return done < total // 2

    with pytest.raises(ReadCancelled):
        map_from_bytes(written, "hill.tabletop", stop_at_half)
    assert map_from_bytes(written) == read_module._map_from_bytes(written, "<map>")
    twice = written.replace(b'"name":"Zone 0-0"', b'"name":"Zone 0-0","name":"Zone 0-0"', 1)
    with pytest.raises(MapFileError, match="appears twice"):
        map_from_bytes(twice, "twice.tabletop")


def test_a_read_begun_inside_anothers_progress_leaves_both_maps_right(written, parsing):
    """The window handles events while it shows progress; a read started there (a recovery
    file, say) must not upset the count that proves the outer file has no key written twice."""
    inner: list = []

    def read_another(done: int, total: int) -> bool:
        if not inner:
            inner.append(map_from_bytes(written))
        return True

    assert map_from_bytes(written, "outer.tabletop", read_another) == read_module._map_from_bytes(written, "<map>")
    assert inner[0] == read_module._map_from_bytes(written, "<map>")
    twice = written.replace(b'"label":""', b'"label":"","label":""', 1)
    with pytest.raises(MapFileError):
        map_from_bytes(twice, "twice.tabletop", read_another)
    assert bulk_read.Defaults.taken == 0
