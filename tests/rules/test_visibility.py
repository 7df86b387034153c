"""The players' view of a map holds nothing the GM keeps back, and is itself a valid map."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tabletop.io.read import map_from_bytes
from tabletop.io.write import map_to_text
from tabletop.model import Map, ZoneLocation
from tabletop.rules.visibility import border_shown, players_view, token_hidden, token_shown, zone_shown
from tabletop.samples import nephrite_net
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
