"""What the players may see: the map as the GM prepared it, less what the GM keeps back.

The players' picture (a projector, a second window, an export for the table) is painted from
this filtered copy, so nothing hidden can reach it by a forgotten check in the painting.
"""

from __future__ import annotations

from tabletop.model import Map, Token, ZoneLocation


def token_hidden(token: Token) -> bool:
    """A token is hidden by its flag or by the "hidden" state; either keeps it off the players' map."""
    return token.hidden or "hidden" in token.states


def players_view(map_: Map) -> Map:
    """A valid copy of the map without hidden zones (and the borders that touch them), hidden
    tokens and tokens standing in hidden zones, the map's notes and every zone's GM notes."""
    shown = [zone for zone in map_.zones if not zone.hidden]
    shown_ids = {zone.id for zone in shown}
    borders = [border for border in map_.borders if border.a in shown_ids and border.b in shown_ids]
    tokens = [
        token
        for token in map_.tokens
        if not token_hidden(token)
        and not (isinstance(token.location, ZoneLocation) and token.location.zone not in shown_ids)
    ]
    zones = [zone.model_copy(update={"gm_notes": ""}) if zone.gm_notes else zone for zone in shown]
    return Map.model_validate(
        {
            **{name: getattr(map_, name) for name in type(map_).model_fields},
            "notes": "",
            "zones": zones,
            "borders": borders,
            "tokens": tokens,
        }
    )
