"""Sight on a zone map: which zones a party token sees from where it stands.

One sees into a neighbouring zone through a border that lets sight through (model/borders.py:
a border with any passage seen through, an open door, a window, open ground), and on from there,
up to a range the GM sets in borders crossed. The walk asks the document's index of which
borders touch a zone, so a move costs the zones within range, not the whole map: no rays are
cast over pixels. Hidden zones stop sight: the players must not learn, by fog lifted beyond,
that something the GM keeps back lies between. Qt-free.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping

from tabletop.model import Border, Map, Token, Zone, ZoneLocation
from tabletop.rules.visibility import on_players_side, token_hidden

DEFAULT_SIGHT_RANGE = 3
"""Borders a party token sees across when the GM has not said: a room, the corridor, the next room."""
MAX_SIGHT_RANGE = 99

FindBorder = Callable[[str], Border | None]
FindZone = Callable[[str], Zone | None]


def zones_in_sight(
    origins: Iterable[str],
    borders_at: Mapping[str, Collection[str]],
    find_border: FindBorder,
    find_zone: FindZone,
    reach: int = DEFAULT_SIGHT_RANGE,
) -> set[str]:
    """Every zone seen from one of `origins` (those included) across at most `reach` borders
    that let sight through, entering no hidden zone."""
    seen: set[str] = set()
    frontier = []
    for zone_id in origins:
        zone = find_zone(zone_id)
        if zone is not None and not zone.hidden and zone_id not in seen:
            seen.add(zone_id)
            frontier.append(zone_id)
    for _ in range(max(0, reach)):
        nearer = []
        for zone_id in frontier:
            for border_id in borders_at.get(zone_id, ()):
                border = find_border(border_id)
                if border is None or border.blocks_sight:
                    continue
                beyond = border.other(zone_id)
                if beyond in seen:
                    continue
                zone = find_zone(beyond)
                if zone is None or zone.hidden:
                    continue
                seen.add(beyond)
                nearer.append(beyond)
        if not nearer:
            break
        frontier = nearer
    return seen


def seers(tokens: Iterable[Token], players_side: str) -> list[str]:
    """The zones the players' tokens stand in: tokens of their side the players see (a hidden
    token of theirs, a scout the GM keeps off the table, sees nothing for them)."""
    return [
        token.location.zone
        for token in tokens
        if isinstance(token.location, ZoneLocation) and on_players_side(token, players_side) and not token_hidden(token)
    ]


def party_sight(map_: Map, players_side: str, reach: int = DEFAULT_SIGHT_RANGE) -> set[str]:
    """The zones the players' side sees now, from the map alone (for a caller without the
    document's indexes: the command line, tests)."""
    borders_at: dict[str, list[str]] = {}
    for border in map_.borders:
        borders_at.setdefault(border.a, []).append(border.id)
        borders_at.setdefault(border.b, []).append(border.id)
    return zones_in_sight(
        seers(map_.tokens, players_side),
        borders_at,
        {b.id: b for b in map_.borders}.get,
        {z.id: z for z in map_.zones}.get,
        reach,
    )
