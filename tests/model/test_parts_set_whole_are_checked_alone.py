"""The map's parts set whole (its title and notes, background picture, conflict and tile sets)
are checked for what each can break, never with the whole map: a refused one leaves the map as
it was, and an accepted one is what the loader reads back."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from tabletop.io import map_from_bytes, map_to_text
from tabletop.model import (
    AreaLocation,
    Background,
    Border,
    Conflict,
    EncounterGrid,
    LogEntry,
    Map,
    NodeShape,
    Participant,
    ReserveSide,
    Tile,
    TileSet,
    Token,
    Zone,
)
from tabletop.model import map as map_module
from tabletop.model.base import MAX_TILE_SETS


def _tile_set(set_id: str) -> TileSet:
    return TileSet(id=set_id, tiles=[{"name": "clearing"}])


@pytest.fixture
def docks() -> Map:
    grid = EncounterGrid(id="pier", name="Pier", tiles=[Tile(row=0, col=0)], tile_set="woods")
    return Map(
        title="Docks",
        zones=[Zone(id="quay", shape=NodeShape(x=0, y=0))],
        tokens=[Token(id="kell"), Token(id="ash", location=AreaLocation(grid="pier", row=0, col=0))],
        grids=[grid],
        tile_sets=[_tile_set("woods")],
    )


def _read_back(map_: Map) -> Map:
    return map_from_bytes(map_to_text(map_).encode("utf-8"), "docks.tabletop")


def test_each_part_accepted_is_what_the_loader_reads_back(docks):
    docks.set_details(title="Night docks", notes="Fog on the water")
    docks.set_background(Background(path="docks.png", scale=2.0))
    docks.set_conflict(Conflict(system="af", participants=[Participant(token="kell")]))
    docks.set_tile_sets([_tile_set("woods"), _tile_set("marsh")])
    assert _read_back(docks) == docks
    assert (docks.title, docks.background.path, docks.conflict.participants[0].token) == (
        "Night docks",
        "docks.png",
        "kell",
    )
    docks.set_background(None)
    docks.set_conflict(None)
    assert docks.background is None and docks.conflict is None


def test_a_part_is_set_without_checking_the_rest_of_the_map():
    """A map holding a broken reference elsewhere still takes a part that is fine itself: an
    assignment would have checked the whole map, and refused for a border it did not touch."""
    broken = Map.model_construct(title="Docks", borders=[Border(id="b", a="gone", b="lost")])
    with pytest.raises(ValidationError, match="zone 'gone'"):
        broken.title = "Night docks"
    broken.set_details(title="Night docks", notes="")
    broken.set_conflict(Conflict(system="af"))
    assert (broken.title, broken.conflict.system) == ("Night docks", "af")


def test_a_text_the_map_cannot_keep_is_refused(docks):
    with pytest.raises(ValidationError):
        docks.set_details(title="Docks\x00", notes="")
    assert docks.title == "Docks" and docks.notes == ""


def test_a_picture_path_worked_out_unchecked_is_refused(docks):
    unchecked = Background.model_construct(path="maps\nold/docks.png", x=0.0, y=0.0, scale=1.0, opacity=1.0)
    with pytest.raises(ValueError, match="the background picture cannot be saved"):
        docks.set_background(unchecked)
    assert docks.background is None


@pytest.mark.parametrize(
    ("conflict", "said"),
    [
        (Conflict.model_construct(system="af", turn="ghost"), "would not load: .*'ghost', who does not take part"),
        (
            Conflict.model_construct(system="reserve", reserve=[ReserveSide(name=f"S{n}") for n in range(101)]),
            "would not load: .*at most 100",
        ),
        (Conflict(system="af", participants=[Participant(token="nobody")]), "token 'nobody', which is not on the map"),
    ],
    ids=["turn of no participant", "too many sides", "participant off the map"],
)
def test_a_conflict_that_would_not_load_is_refused(docks, conflict, said):
    with pytest.raises(ValueError, match=said):
        docks.set_conflict(conflict)
    assert docks.conflict is None


def test_a_log_past_its_cap_is_refused(docks, monkeypatch):
    monkeypatch.setattr(map_module, "MAX_LOG", 2)
    long = Conflict(system="af").model_copy(update={"log": [LogEntry(exchange=1)] * 3})
    with pytest.raises(ValueError, match="log would hold more than 2 entries"):
        docks.set_conflict(long)
    assert docks.conflict is None


def test_tile_sets_sharing_an_id_or_leaving_a_grid_without_its_set_are_refused(docks):
    with pytest.raises(ValueError, match="two tile sets would have the id"):
        docks.set_tile_sets([_tile_set("woods"), _tile_set("woods")])
    with pytest.raises(ValueError, match="grid 'pier' would draw from tile set 'woods', which is not on the map"):
        docks.set_tile_sets([_tile_set("marsh")])
    assert [s.id for s in docks.tile_sets] == ["woods"]


def test_tile_sets_past_the_cap_a_map_opens_with_are_refused(docks):
    """The reader counts a map's tile sets before it reads one: a map given more would save and
    then not open."""
    many = [_tile_set("woods"), *(_tile_set(f"set-{n}") for n in range(MAX_TILE_SETS))]
    with pytest.raises(ValueError, match=f"the map would have {MAX_TILE_SETS + 1} tile sets; a map has at most"):
        docks.set_tile_sets(many)
    assert [s.id for s in docks.tile_sets] == ["woods"]
    docks.set_tile_sets(many[:MAX_TILE_SETS])
    assert len(_read_back(docks).tile_sets) == MAX_TILE_SETS
