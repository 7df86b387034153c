"""What the players may see: the map as the GM prepared it, less what the GM keeps back.

The players' picture (a projector, a second window, an export for the table) is painted from
this filtered copy, so nothing hidden can reach it by a forgotten check in the painting. A
scene that paints from the GM's own indexes asks the same questions object by object.
"""

from __future__ import annotations

from collections.abc import Callable

from tabletop.model import Border, Map, Token, Zone, ZoneLocation


def token_hidden(token: Token) -> bool:
    """A token hidden from the players (one flag; old files' "hidden" state became it)."""
    return token.hidden


def zone_shown(zone: Zone | None) -> bool:
    return zone is not None and not zone.hidden


def border_shown(border: Border, find_zone: Callable[[str], Zone | None]) -> bool:
    """A border is shown when both its zones are."""
    return zone_shown(find_zone(border.a)) and zone_shown(find_zone(border.b))


def token_shown(token: Token, find_zone: Callable[[str], Zone | None]) -> bool:
    """A token is shown unless it is hidden or stands in a hidden zone."""
    if token_hidden(token):
        return False
    return not isinstance(token.location, ZoneLocation) or zone_shown(find_zone(token.location.zone))


def players_view(map_: Map) -> Map:
    """A valid copy of the map without hidden zones (and the borders that touch them), hidden
    tokens and tokens standing in hidden zones, the map's notes and every zone's GM notes."""
    find_zone = {zone.id: zone for zone in map_.zones}.get
    shown = [zone for zone in map_.zones if zone_shown(zone)]
    zones = [zone.model_copy(update={"gm_notes": ""}) if zone.gm_notes else zone for zone in shown]
    return Map.model_validate(
        {
            **{name: getattr(map_, name) for name in type(map_).model_fields},
            "notes": "",
            "zones": zones,
            "borders": [border for border in map_.borders if border_shown(border, find_zone)],
            "tokens": [token for token in map_.tokens if token_shown(token, find_zone)],
        }
    )
