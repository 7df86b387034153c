"""A big map's reading tells how far it got and can be stopped: the window shows a progress
bar with a Cancel button while a 100k-zone map is read."""

from __future__ import annotations

import pytest

from tabletop.io import MapFileError, ReadCancelled, map_from_bytes, map_to_text
from tabletop.io.read import STEPS
from tests.maps import zone_map


@pytest.fixture(scope="module")
def generated():
    return zone_map(60)


@pytest.fixture(scope="module")
def written(generated) -> bytes:
    return map_to_text(generated).encode()


def test_each_step_of_a_read_is_told_up_to_the_last(written, generated):
    """Told before the file is parsed, once it is, once its zones and its borders are made and
    once the whole map is checked: in order, each out of the same count."""
    heard: list[tuple[int, int]] = []
    loaded = map_from_bytes(written, "hill.tabletop", lambda done, total: heard.append((done, total)) or True)
    assert heard == [(step, STEPS) for step in range(STEPS + 1)]
    assert loaded == generated


@pytest.mark.parametrize("stop_at", range(STEPS + 1))
def test_a_read_stopped_at_any_step_raises_and_the_next_read_is_whole(written, generated, stop_at):
    with pytest.raises(ReadCancelled):
        map_from_bytes(written, "hill.tabletop", lambda done, total: done < stop_at)
    assert map_from_bytes(written) == generated


def test_a_read_begun_inside_anothers_progress_leaves_both_maps_right(written, generated):
    """The window handles events while it shows progress; a read started there (a recovery
    file, say) is a read of its own: both maps come out whole, and a key written twice in the
    outer file is still refused."""
    inner: list = []

    def read_another(done: int, total: int) -> bool:
        if not inner:
            inner.append(map_from_bytes(written))
        return True

    assert map_from_bytes(written, "outer.tabletop", read_another) == generated
    assert inner[0] == generated
    twice = written.replace(b'"name": ', b'"name": [],\n  "name": ', 1)
    assert twice != written
    with pytest.raises(MapFileError, match='the key "name" appears twice'):
        map_from_bytes(twice, "twice.tabletop", read_another)
