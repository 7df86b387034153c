"""Things on the map by what the GM calls them, both ways: a token, zone or border named for a
message, the log, an undo text or the Markdown log ("West end – Middle" for a border without a
label of its own), and a name or an id typed in a play step found again.

A name that fits two things is refused rather than guessed: a step applied to the wrong token
is worse than a step that asks again."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from tabletop.model import Border, Map, Token, Zone

BORDER_DASH = " – "
"""Between a border's two zones when it has no label of its own: "West end – Middle"."""

Named = TypeVar("Named", Token, Zone, Border)


def border_name(map_: Map, border: Border) -> str:
    """A border's label, else its two zones' names joined by a dash."""
    if border.label:
        return border.label
    return BORDER_DASH.join(_zone_name(map_, end) for end in (border.a, border.b))


def _zone_name(map_: Map, zone_id: str) -> str:
    zone = next((z for z in map_.zones if z.id == zone_id), None)
    return zone.label if zone is not None else zone_id


def name_of(map_: Map, object_id: str) -> str:
    """What the GM calls the token, zone or border with this id (the log's actor and target);
    other text (the scene, a side, an aspect) as it is."""
    if not object_id:
        return ""
    token = next((t for t in map_.tokens if t.id == object_id), None)
    if token is not None:
        return token.label
    zone = next((z for z in map_.zones if z.id == object_id), None)
    if zone is not None:
        return zone.label
    border = next((b for b in map_.borders if b.id == object_id), None)
    if border is not None:
        return border_name(map_, border)
    return object_id


def _one(found: list[Named], key: str, what: str) -> Named:
    unique = list({id(obj): obj for obj in found}.values())
    if len(unique) > 1:
        names = ", ".join(f"'{obj.id}'" for obj in unique[:4])
        raise ValueError(f"'{key}' names more than one {what} ({names}): give its id")
    if not unique:
        raise ValueError(f"no {what} '{key}' on the map")
    return unique[0]


def _by_name(objects: Iterable[Named], key: str, names) -> list[Named]:
    """Objects with this id, else with this name (case and spaces ignored)."""
    objects = list(objects)
    exact = [obj for obj in objects if obj.id == key]
    if exact:
        return exact
    wanted = " ".join(key.split()).casefold()
    return [obj for obj in objects if " ".join(names(obj).split()).casefold() == wanted]


def find_token(map_: Map, key: str) -> Token:
    """A token by id or by name; ValueError names the problem."""
    return _one(_by_name(map_.tokens, key, lambda t: t.label), key, "token")


def find_zone(map_: Map, key: str) -> Zone:
    """A zone by id or by name."""
    return _one(_by_name(map_.zones, key, lambda z: z.label), key, "zone")


def find_border(map_: Map, key: str) -> Border:
    """A border by id, by its label, or by its two zones' names ("West end – Middle", with a
    dash, a hyphen or "to" between them, either way round)."""
    found = _by_name(map_.borders, key, lambda b: b.label or b.id)
    if found:
        return _one(found, key, "border")
    for dash in ("–", "—", " - ", " to ", "-"):
        if dash in key:
            one, _, other = key.partition(dash)
            try:
                ends = {find_zone(map_, one.strip()).id, find_zone(map_, other.strip()).id}
            except ValueError:
                continue
            return _one([b for b in map_.borders if {b.a, b.b} == ends], key, "border")
    raise ValueError(f"no border '{key}' on the map (name it by its label or as 'Zone – Zone')")


HOLDER_KINDS = ("token", "zone", "border")


def find_holder(map_: Map, key: str) -> tuple[str, str]:
    """What an aspect is on: ("scene", "") for the scene, else (kind, id) of a token, zone or
    border named as "zone Middle", "token Gatto", "border West end – Middle", or by a name only
    one of them has."""
    text = " ".join(str(key).split())
    if text.casefold() in ("scene", "the scene", ""):
        return ("scene", "")
    kind, _, rest = text.partition(" ")
    finders = {"token": find_token, "zone": find_zone, "border": find_border}
    if kind.casefold() in finders and rest:
        return (kind.casefold(), finders[kind.casefold()](map_, rest).id)
    found = []
    for kind, finder in finders.items():
        try:
            found.append((kind, finder(map_, text).id))
        except ValueError as error:
            if "more than one" in str(error):
                raise
    if len(found) > 1:
        raise ValueError(f"'{text}' names a {found[0][0]} and a {found[1][0]}: say which, as '{found[0][0]} {text}'")
    if not found:
        raise ValueError(f"nothing called '{text}' holds aspects on the map (a token, zone or border, or the scene)")
    return found[0]
