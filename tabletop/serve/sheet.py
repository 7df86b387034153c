"""What the players' page says in words: the turn banner, and a player's own sheet (their
token's stress boxes, aspects and free invokes, consequences, states, what is left of the turn
and whose turn is next). Worked out from what the players may see (rules/visibility.py) and the
players' initiative strip (rules/initiative_strip.py), so a token, a name or a turn the players'
window would not show is never written here either. Qt-free: plain dicts, sent as JSON."""

from __future__ import annotations

from collections.abc import Callable

from tabletop.model import Map
from tabletop.rules import systems
from tabletop.rules.initiative_strip import strip_rows
from tabletop.rules.visibility import LIVE, Fog, token_shown


def shown_tokens(map_: Map, fog: Fog = LIVE) -> Callable[[str], bool]:
    """Whether the players see a token, by id, under the fog they are shown."""
    zones = {zone.id: zone for zone in map_.zones}
    grids = {grid.id: grid for grid in map_.grids}
    tokens = {token.id: token for token in map_.tokens}

    def shown(token_id: str) -> bool:
        token = tokens.get(token_id)
        return token is not None and token_shown(token, zones.get, grids.get, fog)

    return shown


def token_name(map_: Map) -> Callable[[str], str]:
    tokens = {token.id: token for token in map_.tokens}
    return lambda token_id: tokens[token_id].label if token_id in tokens else token_id


def banner(map_: Map, fog: Fog = LIVE) -> str:
    """The players' banner, as their window's strip words it: whose turn (only a token they
    see), the round and the exchange; empty when no conflict runs."""
    conflict = map_.conflict
    if conflict is None:
        return ""
    if conflict.ended:
        return "The conflict is over"
    return systems.of(conflict).banner(conflict, shown_tokens(map_, fog), token_name(map_))


def player_sheet(map_: Map, token_id: str, fog: Fog = LIVE) -> dict:
    """The sheet of the token handed to a player; only its place holder ("shown": false) while
    the players do not see it (hidden, or where the fog or their sight hides it)."""
    shown = shown_tokens(map_, fog)
    token = next((t for t in map_.tokens if t.id == token_id), None)
    if token is None or not shown(token_id):
        return {"shown": False}
    rows = strip_rows(map_, shown, token_name(map_))
    now = next((row.name for row in rows if row.now), "")
    following = next((row.name for row in rows if row.next), "")
    own = next((row for row in rows if row.token == token_id), None)
    return {
        "shown": True,
        "name": token.label,
        "colour": token.colour,
        "stress": [{"name": t.name, "boxes": t.boxes, "marked": sorted(set(t.marked))} for t in token.stress],
        "aspects": [{"name": a.name, "free_invokes": a.free_invokes} for a in token.aspects],
        "consequences": [{"name": c.name, "shifts": c.shifts} for c in token.consequences],
        "states": list(token.states),
        "turn": {
            "in_conflict": own is not None,
            "yours": bool(own and own.now),
            "out": bool(own and own.out),
            "now": now,
            "next": following,
            "marks": [list(mark) for mark in own.marks] if own else [],
        },
    }
