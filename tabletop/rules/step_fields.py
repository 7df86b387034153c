"""What a play step takes, declared once: each rule system lists its moves and steps with
their fields, and the dock builds its form from them, `tabletop play` checks a JSON step
against them and `tabletop schema --play` describes them. So a field added to a move shows in
the window, works on the command line and is documented, with no other edit.

A step is a plain dict, as JSON writes it: {"do": "act", "actor": "Kell", "action": "attack",
"target": "Raider"}. `checked` turns its names into ids and refuses what does not fit, in one
line naming the field."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from tabletop.model import AreaLocation, Conflict, EncounterGrid, Map
from tabletop.model.base import LINE_PATTERN, MAX_GAME_NUMBER, TEXT_PATTERN
from tabletop.rules.area_names import area_from_text, is_area_text
from tabletop.rules.names import find_border, find_holder, find_token, find_zone

FieldKind = Literal[
    "token",  # any token on the map, by name or id
    "participant",  # a token taking part in the conflict
    "tokens",  # several tokens
    "order",  # participants, in an order the GM gives
    "zone",  # a zone
    "border",  # a border: its label, "Zone – Zone", or its id
    "target",  # what an attack, defense or recovery works on: a token or a border
    "place",  # where a move ends: a zone, or an area of the mover's grid: "C5" or [row, col]
    "holder",  # what an aspect is on: "scene", or a token, zone or border ("zone Middle")
    "aspect",  # an aspect's name
    "track",  # a stress track's name
    "number",  # a whole number from `low` to `high`
    "flag",  # true or false
    "line",  # one line of text
    "text",  # text for the log (a story)
    "choice",  # one of `choices`
    "boxes",  # stress box numbers
    "facing",  # degrees: 0 faces up, 90 right
    "by_token",  # a whole number for each of several tokens (bids, reflexes)
    "sides",  # a side for each of several tokens
    "passages",  # a border's passages, as the map file writes them
    "resist",  # what a resister pays: stress on a track, consequences, invokes
    "data",  # plain JSON the step's own rules check (reserve sides, a confrontation)
]
MoveKind = Literal["action", "snap", "reaction", "step"]
DO_OF: dict[str, str] = {"action": "act", "snap": "snap", "reaction": "react"}
"""The `do` word of each kind of move named in its step under its kind: {"do": "act", "action":
"attack"}; the other steps are their own `do` word."""
LIMIT = MAX_GAME_NUMBER
"""The largest shift, roll or number a step may give either way (a game's numbers are small)."""


@dataclass(frozen=True)
class Field:
    """One thing a move or step takes: its key, what kind of value, and words for the GM."""

    name: str
    kind: FieldKind
    label: str = ""
    required: bool = False
    choices: tuple[str, ...] = ()
    low: int = -LIMIT
    high: int = LIMIT
    help: str = ""
    default: Any = None
    """What a form shows before the GM changes it (a compel succeeded unless said otherwise)."""
    asked: bool = False
    """Given when the rules ask for it (past the grid's edge, a threshold for a target with no
    track): the form leaves it out and the dock asks at that moment."""
    only_if: tuple[str, Any] | None = None
    """Shown in the form only while another field has this value (a dive's place, while the
    guard is a dive): a stray click on the map is then no destination."""
    among: Literal["all", "participants", "others"] = "all"
    """Which tokens a `tokens` field offers: reinforcements come from those not taking part."""

    @property
    def title(self) -> str:
        return self.label or self.name.replace("_", " ").capitalize()


@dataclass(frozen=True)
class Move:
    """A move a participant makes (an action, a snap, a reaction) or a step of the conflict
    (`kind` "step": next turn, end of exchange, a compel...), in the text's words."""

    word: str
    kind: MoveKind
    fields: tuple[Field, ...] = ()
    says: str = ""
    """The text's own words about it, shown beside the form."""
    hidden: bool = False
    """Not offered in the form's list (it has a button or a key of its own)."""

    @property
    def do(self) -> str:
        return DO_OF.get(self.kind, self.word)


ACTOR = Field("actor", "participant", "Who", required=True)
STORY = Field("story", "text", "Story", help="a story detail for the log")


def fields_of(move: Move) -> tuple[Field, ...]:
    """Every field a step of this move takes, its actor and story included."""
    if move.kind == "step":
        return move.fields
    return (ACTOR, *move.fields, STORY)


class FieldMissing(ValueError):
    """A step without a field it needs: `field` is the step's key, which the command line names
    (the window shows the field's title instead)."""

    def __init__(self, text: str, field: str, spec: Field | None = None, word: str = "") -> None:
        super().__init__(text)
        self.field, self.spec, self.word = field, spec, word


def checked(map_: Map, conflict: Conflict | None, step: Mapping[str, Any], move: Move) -> dict[str, Any]:
    """The step with every field checked and every name made an id; ValueError names the first
    field that does not fit. Unknown fields are refused: a typo must not be dropped silently."""
    allowed = {f.name: f for f in fields_of(move)}
    header = {"do", move.kind if move.kind in DO_OF else ""}
    unknown = [key for key in step if key not in allowed and key not in header]
    if unknown:
        takes = ", ".join(allowed) or "nothing more"
        raise ValueError(f"'{move.word}' takes no field '{unknown[0]}' (it takes {takes})")
    out: dict[str, Any] = {}
    for name, spec in allowed.items():
        if name not in step or step[name] is None:
            if spec.required:
                raise FieldMissing(f"'{move.word}' needs {spec.title.lower()}", name, spec, move.word)
            continue
        try:
            if spec.kind == "place" and isinstance(step[name], str):
                out[name] = _place_named(map_, conflict, step[name], out)
                continue
            out[name] = _value(map_, conflict, spec, step[name])
        except (ValueError, KeyError) as error:
            text = error.args[0] if error.args else str(error)
            raise ValueError(f"{name}: {text}") from None
    return out


def _value(map_: Map, conflict: Conflict | None, spec: Field, value: Any) -> Any:
    kind = spec.kind
    if kind in ("token", "participant", "target"):
        return _token_or_border(map_, conflict, kind, _text(value))
    if kind in ("tokens", "order"):
        return [_token_or_border(map_, conflict, "token", _text(v)) for v in _list(value)]
    if kind == "zone":
        return find_zone(map_, _text(value)).id
    if kind == "border":
        return find_border(map_, _text(value)).id
    if kind == "place":
        if isinstance(value, (list, tuple)):
            row, col = (_number(v, -10_000, 10_000) for v in _pair(value))
            return (row, col)
        return find_zone(map_, _text(value)).id
    if kind == "holder":
        return _holder_pair(map_, list(value)) if isinstance(value, (list, tuple)) else find_holder(map_, _text(value))
    if kind in ("aspect", "track", "line", "text"):
        text = _text(value)
        if not re.match(TEXT_PATTERN if kind == "text" else LINE_PATTERN, text):
            raise ValueError("plain text, without control characters" if kind == "text" else "one line of plain text")
        return text
    if kind == "number":
        return _number(value, spec.low, spec.high)
    if kind == "flag":
        if not isinstance(value, bool):
            raise ValueError(f"true or false, not {_shown(value)}")
        return value
    if kind == "choice":
        text = _text(value)
        if text not in spec.choices:
            raise ValueError(f"'{text}' is not one of {', '.join(spec.choices)}")
        return text
    if kind == "boxes":
        return [_number(v, 1, 100) for v in _list(value)]
    if kind == "facing":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or abs(value) > 1e6:
            raise ValueError(f"a facing is a number of degrees, not {_shown(value)}")
        return float(value) % 360.0
    if kind in ("by_token", "sides"):
        if not isinstance(value, dict):
            raise ValueError("an object naming each token")
        found = {}
        for key, item in value.items():
            token = _token_or_border(map_, conflict, "token", _text(key))
            found[token] = _number(item, spec.low, spec.high) if kind == "by_token" else _text(item)
        return found
    if kind == "passages":
        return list(_list(value))
    if kind == "resist":
        return _resist(value)
    return value  # data: the step's own rules check it


def _place_named(map_: Map, conflict: Conflict | None, text: str, found: dict[str, Any]) -> str | tuple[int, int]:
    """A place typed as text: a zone by id or name, else an area by its name on the mover's
    grid ("C5"), global (row, col) as the step's array gives it."""
    try:
        return find_zone(map_, text).id
    except ValueError:
        grid = _grid_of_move(map_, conflict, found)
        if grid is None or not is_area_text(text):
            raise
    return area_from_text(grid, text)


def _grid_of_move(map_: Map, conflict: Conflict | None, found: dict[str, Any]) -> EncounterGrid | None:
    """The grid a step's area is on: the mover's; for arrivals, as rules/af_participants
    places them, the encounter's (where its participants stand), else one an arrival stands
    on; else the map's first."""
    tokens = {t.id: t for t in map_.tokens}
    participants = [p.token for p in conflict.participants] if conflict is not None else []
    for movers in ([found["actor"]] if found.get("actor") else [], participants, found.get("tokens") or []):
        places = [tokens[t].location for t in movers if t in tokens]
        standing = {where.grid for where in places if isinstance(where, AreaLocation)}
        grid = next((g for g in map_.grids if g.id in standing), None)
        if grid is not None:
            return grid
    return map_.grids[0] if map_.grids else None


def _token_or_border(map_: Map, conflict: Conflict | None, kind: str, key: str) -> str:
    if kind == "target":
        if any(token.id == key for token in map_.tokens):
            return key  # an id is itself (the dock gives ids): no border's name need be read
        found = []
        for find in (find_token, find_border):
            try:
                found.append(find(map_, key).id)
            except ValueError as error:
                if "more than one" in str(error):
                    raise
        if not found:
            raise ValueError(f"no token or border '{key}' on the map")
        if len(found) > 1 and key not in found:  # an id is itself; a name both have is not enough
            raise ValueError(f"'{key}' names a token and a border: give the one meant by its id")
        return key if key in found else found[0]
    token = find_token(map_, key).id
    if kind == "participant" and (conflict is None or all(p.token != token for p in conflict.participants)):
        raise ValueError(f"'{key}' does not take part in the conflict")
    return token


def _holder_pair(map_: Map, value: list) -> tuple[str, str]:
    kind, key = (_text(v) for v in _pair(value))
    return find_holder(map_, f"{kind} {key}" if kind != "scene" else "scene")


def _resist(value: Any) -> dict[str, Any]:
    """What a resister pays: {"stress": n, "track": name, "consequences": [{"name", "shifts"}],
    "invokes": n, "shifts": n}; each part optional, "shifts" taken on the GM's word."""
    if isinstance(value, int) and not isinstance(value, bool):
        return {"shifts": _number(value, 0, LIMIT)}
    if not isinstance(value, dict):
        raise ValueError("an object: stress, track, consequences, invokes or shifts")
    unknown = set(value) - {"stress", "track", "consequences", "invokes", "shifts"}
    if unknown:
        raise ValueError(f"a resist takes no '{sorted(unknown)[0]}' (stress, track, consequences, invokes, shifts)")
    out: dict[str, Any] = {}
    for key in ("stress", "invokes", "shifts"):
        if key in value:
            out[key] = _number(value[key], 0, LIMIT)
    if "track" in value:
        out["track"] = _text(value["track"])
    consequences = []
    for item in _list(value.get("consequences", [])):
        if not isinstance(item, dict) or set(item) - {"name", "shifts"} or "name" not in item:
            raise ValueError('a consequence is {"name": ..., "shifts": n}')
        consequences.append({"name": _text(item["name"]), "shifts": _number(item.get("shifts", 0), 0, LIMIT)})
    if consequences:
        out["consequences"] = consequences
    return out


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"text, not {_shown(value)}")
    if len(value) > 10_000:
        raise ValueError("at most 10,000 characters")
    return value.strip()


def _number(value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"a whole number, not {_shown(value)}")
    if not low <= value <= high:
        raise ValueError(f"a whole number from {low} to {high}, not {value}")
    return value


def _list(value: Any) -> list:
    if not isinstance(value, list):
        raise ValueError(f"a list, not {_shown(value)}")
    if len(value) > 1000:
        raise ValueError("at most 1,000 items")
    return value


def _pair(value: list) -> list:
    if len(value) != 2:
        raise ValueError("a pair [row, column]")
    return value


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 30 else text[:27] + "..."


@dataclass(frozen=True)
class TurnKey:
    """One of the dock's big buttons: the step it takes, its words and its key. `query` keys
    ask the system (who may act) rather than take a step."""

    do: str
    label: str
    key: str
    query: bool = False


@dataclass(frozen=True)
class Column:
    """A column of the turn list: its heading, and a tip saying what it shows."""

    title: str
    tip: str = ""
