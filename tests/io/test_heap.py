"""Reading a map pauses the cycle collector only while it reads; it never freezes the process's."""

from __future__ import annotations

import gc

from tabletop.heap import collector_paused
from tabletop.io import load_map


def test_loading_a_map_freezes_nothing_and_restores_the_collector(maps_dir):
    frozen = gc.get_freeze_count()
    assert gc.isenabled()
    map_ = load_map(maps_dir / "warehouse.tabletop")
    assert map_.zones
    # frozen objects that die meanwhile leave the count: only a count grown says io froze some
    assert gc.get_freeze_count() <= frozen, "io must not move the caller's objects out of the collector's sight"
    assert gc.isenabled()


def test_loading_with_the_collector_off_leaves_it_off(maps_dir):
    gc.disable()
    try:
        load_map(maps_dir / "warehouse.tabletop")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_editors_building_freezes_what_it_built():
    with collector_paused():
        built = [[i] for i in range(1000)]
        assert not gc.isenabled()
    assert gc.isenabled()
    assert gc.get_freeze_count() >= len(built)
    gc.unfreeze()
