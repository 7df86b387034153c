"""A map saved mid-conflict exports for the players in every format, whichever way a
participant is kept from them: hidden, standing in a hidden zone, or under the fog."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage

from tabletop.io import load_map, save_map
from tabletop.model import Map
from tests.cli.run import tabletop
from tests.conftest import MAPS
from tests.mid_play import mid_encounter


def _raiders_fogged() -> tuple[Map, str, str]:
    """The AF encounter with both raiders' areas under the fog (the README's players' window)."""
    map_ = mid_encounter()
    spots = [(t.location.row, t.location.col) for t in map_.tokens if t.side == "raiders"]
    map_.grids[0].fogged_areas = spots
    return map_, "Mira", "Raider archer"


def _archer_hidden() -> tuple[Map, str, str]:
    map_ = mid_encounter()
    next(t for t in map_.tokens if t.id == "archer").hidden = True
    return map_, "Kell", "Raider archer"


def _standing_in_a_hidden_zone() -> tuple[Map, str, str]:
    """The Edgerunner warehouse in play with Hargan's zone hidden from the players."""
    map_ = load_map(MAPS / "warehouse-conflict.tabletop")
    hargan = next(t for t in map_.tokens if t.id == "hargan")
    next(z for z in map_.zones if z.id == hargan.location.zone).hidden = True
    return map_, "Gatto", "Hargan"


SITUATIONS = {"fogged": _raiders_fogged, "hidden": _archer_hidden, "hidden zone": _standing_in_a_hidden_zone}
MAGIC = {"png": b"\x89PNG\r\n\x1a\n", "svg": b"<?xml", "pdf": b"%PDF"}


@pytest.mark.parametrize("situation", SITUATIONS)
@pytest.mark.parametrize("who", ["--player", "--clean-player"])
@pytest.mark.parametrize("kind", MAGIC)
def test_a_map_in_play_exports_for_the_players(capsys, tmp_path, qapp, situation, who, kind):
    map_, seen, unseen = SITUATIONS[situation]()
    assert map_.conflict is not None and unseen in {t.name for t in map_.tokens}
    source = tmp_path / "mid.tabletop"
    save_map(map_, source)
    out = tmp_path / f"players.{kind}"
    result = tabletop(capsys, "export", str(source), "-o", str(out), who)
    assert (result.code, result.err) == (0, ""), result.err
    data = out.read_bytes()
    assert data.startswith(MAGIC[kind])
    if kind == "png":
        assert not QImage(str(out)).isNull()
    if kind == "svg":
        text = data.decode("utf-8")
        assert unseen not in text
        if who == "--player":
            assert seen in text
