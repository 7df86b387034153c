"""The players' view of a map holds nothing the GM keeps back, and is itself a valid map."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from tabletop.io.read import map_from_bytes
from tabletop.io.write import map_to_text
from tabletop.model import AreaLocation, Aspect, EncounterGrid, Map, Segment, Tile, Token, ZoneLocation
from tabletop.rules import Terrain, visibility
from tabletop.rules.visibility import (
    HeldFog,
    border_shown,
    fogged_set,
    players_view,
    token_hidden,
    token_shown,
    zone_shown,
)
from tabletop.samples import nephrite_net
from tests.mid_play import mid_encounter
from tests.strategies import maps


@st.composite
def secret_maps(draw) -> Map:
    """Random maps with GM notes on zones and tokens hidden by flag as well as by state."""
    map_ = draw(maps())
    zones = [z.model_copy(update={"gm_notes": draw(st.sampled_from(["", "trap under the rug"]))}) for z in map_.zones]
    tokens = [t.model_copy(update={"hidden": draw(st.booleans())}) for t in map_.tokens]
    return Map.model_validate({**dict(map_), "zones": zones, "tokens": tokens, "notes": "the mole is Hargan"})


@given(secret_maps())
def test_the_players_view_holds_no_hidden_zone_token_or_note(map_):
    view = players_view(map_)
    assert map_from_bytes(map_to_text(view).encode()) == view, "the loader takes it back"
    assert view.problems() == []
    shown = {z.id for z in view.zones}
    assert all(not z.hidden and not z.gm_notes for z in view.zones)
    assert all(b.a in shown and b.b in shown for b in view.borders)
    assert view.notes == ""
    for token in view.tokens:
        assert not token_hidden(token)
        assert not isinstance(token.location, ZoneLocation) or token.location.zone in shown
    # nothing else is lost: every zone, border and token the players may see is still there
    assert [z.id for z in view.zones] == [z.id for z in map_.zones if not z.hidden]
    hidden_zones = {z.id for z in map_.zones if z.hidden}
    assert len(view.borders) == sum(1 for b in map_.borders if not {b.a, b.b} & hidden_zones)
    kept = [t.id for t in map_.tokens if not token_hidden(t) and t.location.zone not in hidden_zones]
    assert [t.id for t in view.tokens] == kept
    assert view.title == map_.title


def test_the_players_view_saves_like_any_map():
    map_ = nephrite_net()
    vault = next(z for z in map_.zones if z.name == "Research vault")
    vault.hidden = True
    text = map_to_text(players_view(map_))
    assert "Research vault" not in text
    assert "Gateway" in text


@given(secret_maps())
def test_object_by_object_questions_agree_with_the_view(map_):
    """A players' scene that filters the GM's indexes one object at a time shows what the view holds."""
    find_zone = {z.id: z for z in map_.zones}.get
    view = players_view(map_)
    assert [z.id for z in map_.zones if zone_shown(z)] == [z.id for z in view.zones]
    assert [b.id for b in map_.borders if border_shown(b, find_zone)] == [b.id for b in view.borders]
    assert [t.id for t in map_.tokens if token_shown(t, find_zone)] == [t.id for t in view.tokens]


@st.composite
def fogged_maps(draw) -> Map:
    """Random maps with fogged zones (named uniquely, so a leak is found by its name), a grid
    with terrain and fogged areas, and tokens on it."""
    map_ = draw(secret_maps())
    zones = [
        z.model_copy(update={"fogged": True, "name": f"secret-{z.id}", "aspects": [Aspect(name=f"lair-{z.id}")]})
        if draw(st.booleans())
        else z
        for z in map_.zones
    ]
    areas = [(r, c) for r in range(5) for c in range(5)]
    segment = Segment(name="thicket", areas=draw(st.lists(st.sampled_from(areas), min_size=1, unique=True)))
    fogged = draw(st.lists(st.sampled_from(areas), unique=True))
    grid = EncounterGrid(
        id="g", tiles=[Tile(row=0, col=0, segments=[segment.model_copy(update={"properties": ["rough"]})])]
    )
    grid = grid.model_copy(update={"fogged_areas": fogged})
    on_grid = [
        Token(id=f"a{i}", name=f"ambusher-{i}", location=AreaLocation(grid="g", row=r, col=c))
        for i, (r, c) in enumerate(draw(st.lists(st.sampled_from(areas), max_size=4)))
    ]
    return Map.model_validate({**dict(map_), "zones": zones, "grids": [grid], "tokens": [*map_.tokens, *on_grid]})


@given(fogged_maps())
def test_no_fogged_or_hidden_zone_leaves_its_name_token_or_note_in_the_players_view(map_):
    view = players_view(map_)
    saved = map_to_text(view)
    assert map_from_bytes(saved.encode()) == view, "the loader takes it back"
    fogged = {z.id for z in map_.zones if z.fogged and not z.hidden}
    gone = {z.id for z in map_.zones if z.hidden}
    for zone in map_.zones:
        if zone.id in fogged or zone.id in gone:
            assert f"secret-{zone.id}" not in saved and f"lair-{zone.id}" not in saved
    assert {z.id for z in view.zones if z.fogged} == fogged
    assert all(not z.name and not z.aspects and not z.description for z in view.zones if z.fogged)
    assert all(not {b.a, b.b} & (fogged | gone) for b in view.borders)
    assert all(t.location.zone not in fogged | gone for t in view.tokens if isinstance(t.location, ZoneLocation))
    assert "trap under the rug" not in saved and "the mole is Hargan" not in saved
    (grid,) = map_.grids
    fog_areas = set(grid.fogged_areas)
    on_grid = [t for t in view.tokens if isinstance(t.location, AreaLocation)]
    assert all((t.location.row, t.location.col) not in fog_areas for t in on_grid)
    assert len(on_grid) == sum(
        1
        for t in map_.tokens
        if isinstance(t.location, AreaLocation) and (t.location.row, t.location.col) not in fog_areas
    )
    ground = Terrain(view.grids[0]).ground
    assert not set(ground) & fog_areas, "no terrain is told under the fog"
    assert set(Terrain(grid).ground) - fog_areas == set(ground), "the clear terrain is all there"


@given(fogged_maps())
def test_held_fog_is_what_the_players_keep_while_the_gm_stages_changes(map_):
    held = HeldFog.of(map_)
    revealed = Map.model_validate(
        {
            **dict(map_),
            "zones": [z.model_copy(update={"fogged": False}) for z in map_.zones],
            "grids": [g.model_copy(update={"fogged_areas": []}) for g in map_.grids],
        }
    )
    assert players_view(revealed, held) == players_view(map_)
    find_zone = {z.id: z for z in revealed.zones}.get
    find_grid = {g.id: g for g in revealed.grids}.get
    view = players_view(map_)
    assert [t.id for t in revealed.tokens if token_shown(t, find_zone, find_grid, held)] == [t.id for t in view.tokens]


def test_a_fogged_zone_and_area_round_trip_through_the_file():
    map_ = nephrite_net()
    map_.zones[0].fogged = True
    grid = EncounterGrid(id="g", tiles=[Tile(row=0, col=0)], fogged_areas=[(0, 1), (4, 4), (-7, 12)])
    map_ = Map.model_validate({**dict(map_), "grids": [grid]})
    again = map_from_bytes(map_to_text(map_).encode())
    assert again == map_
    assert again.zones[0].fogged and again.grids[0].fogged_areas == [(0, 1), (4, 4), (-7, 12)]


def test_a_fogged_area_listed_twice_is_refused_with_the_grid_named():
    with pytest.raises(ValidationError, match="grid 'g' lists a fogged area twice"):
        EncounterGrid(id="g", tiles=[Tile(row=0, col=0)], fogged_areas=[(1, 1), (1, 1)])


def test_the_fogged_area_sets_kept_for_quick_questions_stay_bounded():
    """A Reveal drag over a grid fogged all over makes a new list of fogged areas per mouse move;
    the sets kept for them must not grow with the drag."""
    grid = EncounterGrid(id="g", tiles=[Tile(row=r, col=c) for r in range(50) for c in range(50)])
    everywhere = [(r, c) for r in range(250) for c in range(250)]
    for step in range(60):
        grid = grid.model_copy(update={"fogged_areas": everywhere[step + 1 :]})  # as a drag revealing (0, step)
        assert (0, step) not in fogged_set(grid) and (1, step) in fogged_set(grid)
    assert sum(len(areas) for areas, _ in visibility._AREA_SETS.values()) <= visibility.MAX_HELD_AREAS


def test_a_hidden_participant_leaves_no_trace_in_the_players_conflict():
    """A participant the players do not see is not in their copy of the conflict, nor is its
    turn: they keep the turn their banner names, and the log (which names every actor) stays
    with the GM. The copy is a map the loader takes back."""
    map_ = mid_encounter()
    conflict = map_.conflict
    assert conflict.turn == "archer" and any(entry.actor for entry in conflict.log)
    archer = next(t for t in map_.tokens if t.id == "archer")
    archer.hidden = True
    view = players_view(map_)
    text = map_to_text(view)
    assert map_from_bytes(text.encode()) == view
    assert "archer" not in text and archer.name not in text
    seen = view.conflict
    assert [p.token for p in seen.participants] == [p.token for p in conflict.participants if p.token != "archer"]
    assert seen.order == [token for token in conflict.order if token != "archer"]
    assert seen.turn == "mira", "the last turn the players saw, as their banner says"
    assert seen.log == [] and seen.exchange == conflict.exchange and seen.round == conflict.round


def test_a_participant_under_fog_is_as_unseen_as_a_hidden_one():
    map_ = mid_encounter()
    kell = next(t for t in map_.tokens if t.id == "kell")
    grid = next(g for g in map_.grids if g.id == kell.location.grid)
    grid.fogged_areas = [(kell.location.row, kell.location.col)]
    view = players_view(map_)
    assert "kell" not in {p.token for p in view.conflict.participants} | set(view.conflict.order)
    assert view.conflict.turn == "archer"


def test_the_turn_the_players_saw_is_never_of_one_removed_since():
    """Mira's turn, then the hidden archer's; the GM removes Mira: the players' copy shows no
    one's turn rather than naming one who takes part no more, and still loads."""
    from tabletop.rules import systems
    from tabletop.rules.play import applied

    map_ = mid_encounter()
    next(t for t in map_.tokens if t.id == "archer").hidden = True
    map_ = applied(map_, systems.perform(map_, map_.conflict, {"do": "remove", "tokens": ["mira"]}))
    assert map_.conflict.turn == "archer"
    view = players_view(map_)
    assert view.conflict.turn is None
    assert map_from_bytes(map_to_text(view).encode()) == view
