"""Validation problems in a GM's words: which number is out of bounds and why, which text
holds a character a map cannot keep. The model's own refusals, so every layer that makes or
reads a model object (the file reader, the rules, the panes) says them alike, never in
pydantic's words or patterns."""

from __future__ import annotations

import math
import re
import sys
from typing import Any

from pydantic import ValidationError

from tabletop.model.base import LINE_PATTERN, MAX_COORDINATE, MAX_LINE, MAX_TEXT, TEXT_PATTERN

NUMBERS = {
    "run": "a run speed",
    "climb": "a climb speed",
    "jump": "a jump speed",
    "swim": "a swim speed",
    "fly": "a fly speed",
    "reach": "a reach",
    "cost_from_a": "a pass value",
    "cost_from_b": "a pass value",
    "open_cost": "a door's cost to open",
    "altitude": "an altitude",
    "free_invokes": "a number of free invokes",
    "threshold": "a stress threshold",
    "defended_threshold": "a stress threshold",
    "boxes": "a number of stress boxes",
    "radius": "a radius",
    "area_size": "an area size",
    "scale": "a scale",
    "lattice_step": "a lattice step",
    "x": "a coordinate",
    "y": "a coordinate",
    "points": "a coordinate",
    "origin": "a coordinate",
    "row": "a row",
    "col": "a column",
}
"""The field a bound belongs to (the last name in the error's location), as a GM says it."""

UNKNOWN = ("extra_forbidden", "unexpected_keyword_argument")
"""A field no model has, as pydantic names it for a model and for a record (model/record.py)."""
MISSING = ("missing", "missing_argument", "missing_keyword_only_argument")
NOT_AN_OBJECT = ("model_type", "dataclass_type")
"""Something other than {...} where a zone's fill, a door or a token's speeds belong: pydantic
would name the class (FillStyle), which is no word of the game."""
JSON_KINDS = {
    type(None): "null",
    bool: "true or false",
    int: "a number",
    float: "a number",
    str: "a text",
    list: "a list",
}

WRONG_KIND = {
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "string_type": "a text in quotes",
    "list_type": "a list in brackets [...]",
    "tuple_type": "a list in brackets [...]",
}
"""A value of the wrong kind, and what the field holds, in JSON's words (the file's language)."""

LONG_TEXTS = {MAX_LINE: "a name, title or label", MAX_TEXT: "a note, description or story"}
"""What a text past its cap is, by the cap (model/base.py: Line and Text)."""
ID_FIELDS = ("id", "a", "b", "zone", "grid", "token", "tile_set", "order", "turn")
"""Fields that hold ids, whose cap may be a name's too."""
LIST_ITEMS = {
    "points": ("points", "a polygon has at most {}"),
    "aspects": ("aspects", "at most {} on one zone, border or token"),
    "scene_aspects": ("aspects", "a scene has at most {}"),
    "log": ("log entries", "a conflict's log has at most {}"),
    "tiles": ("tiles", "a grid has at most {}"),
    "reserve": ("sides", "a conflict has at most {}"),
    "fogged_areas": ("fogged areas", "a grid has at most {}"),
    "zones": ("zones", "a map has at most {}"),
    "borders": ("borders", "a map has at most {}"),
    "tokens": ("tokens", "a map has at most {}"),
    "grids": ("encounter grids", "a map has at most {}"),
    "tile_sets": ("tile sets", "a map has at most {}"),
    "tile_sets.tiles": ("tiles", "a tile set has at most {}"),
    "tile_set.tiles": ("tiles", "a tile set has at most {}"),
    "random_properties": ("entries", "a tile set's random properties have at most {}"),
    "segments": ("segments", "a tile has at most {}"),
    "areas": ("areas", "a segment has at most {}, the areas of its tile"),
    "properties": ("properties", "at most {}, each once"),
    "starts": ("setup marks", "a grid has at most {}, one a side"),
    "starts.tiles": ("tiles", "a setup mark has at most {}"),
    "edges": ("edges", "at most {}, each once"),
    "arrivals": ("edges", "at most {}, each once"),
    "passages": ("passages", "a border has at most {}"),
    "stress": ("stress tracks", "a token has at most {}"),
    "marked": ("marked boxes", "a stress track has at most {}"),
    "states": ("states", "at most {}, each once"),
    "consequences": ("consequences", "a token has at most {}"),
    "participants": ("participants", "a conflict has at most {}"),
    "order": ("turns in its order", "a conflict has at most {}"),
    "numbers": ("numbers", "a log entry has at most {}"),
    "reserve.reserve": ("defensive scores", "a reserve side keeps at most {}"),
    "core_values": ("Core Values", "a reserve side keeps at most {}"),
}
"""A list past its cap: what it holds and its cap in words, by the field's name, or by the
field's and its owner's where a name means two lists (a grid's tiles and a tile set's)."""
LIST_LEAST = {"points": "a polygon has at least {}"}
"""A list short of its least: its least in words, by the field's name (else "at least N")."""

BOUNDS = {"less_than_equal": "at most {le}", "less_than": "less than {lt}", "greater_than_equal": "at least {ge}"}


def describe(error: ValidationError) -> str:
    """The first validation problem as a GM would say it, with where in the file it is."""
    first = error.errors(include_url=False)[0]
    where = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in first["loc"]).lstrip(".")
    message = words(error)
    count = error.error_count()
    more = f" (and {count - 1} more {'problem' if count == 2 else 'problems'})" if count > 1 else ""
    return f"{where}: {message}{more}" if where else f"{message}{more}"


def words(error: ValidationError) -> str:
    """The first validation problem as a GM would say it, without where (a field in a pane
    knows where it is)."""
    first = error.errors(include_url=False)[0]
    return _words(first) or first["msg"].removeprefix("Value error, ")


LONG_DIGITS = 20
"""A whole number longer than this is said by its length, not its digits (no field holds one)."""


def digits(number: int) -> int:
    """How many digits a whole number has, even past what Python will turn into text."""
    try:
        return len(str(abs(number)))
    except ValueError:  # past sys.get_int_max_str_digits()
        return math.floor(abs(number).bit_length() * math.log10(2)) + 1


def long_number(text: str) -> str | None:
    """The refusal of a whole number too long for Python to read (past 4,300 digits), with
    where it stands, in place of Python's own message; None when the text holds none."""
    limit = sys.get_int_max_str_digits()
    found = re.search(rf"-?\d{{{limit + 1},}}", text) if limit else None
    if found is None:
        return None
    start = found.start()
    line, column = text.count("\n", 0, start) + 1, start - text.rfind("\n", 0, start)
    count = len(found.group().lstrip("-"))
    where = f"at line {line}, column {column}"
    return f"holds a number {count} digits long {where}: no number on a map has more than a few digits"


def _words(problem: Any) -> str | None:
    kind, ctx, value = problem["type"], problem.get("ctx") or {}, problem.get("input")
    if kind in ("float_type", "float_parsing") and type(value) is int:  # too long to be a float
        return f"a number {digits(value)} digits long is far past any a map can hold"
    if kind == "finite_number" and isinstance(value, float) and math.isinf(value):
        return "a number past 1e308 is far past any a map can hold"
    if kind in UNKNOWN:
        return "is not a field Tabletop knows (a typo, or a file from a newer Tabletop?)"
    if kind in MISSING:
        return "is required and missing"
    if kind in NOT_AN_OBJECT:
        return f"should be an object in braces {{...}}, not {_given(value)}"
    if kind in WRONG_KIND and kind.startswith("int") and isinstance(value, float) and math.isfinite(value):
        return f"should be a whole number, not {value!r}"  # "not a number" would say the 2.5 is none
    if kind in WRONG_KIND:
        return f"should be {WRONG_KIND[kind]}, not {_given(value)}"
    if kind in BOUNDS:
        noun = NUMBERS.get(_field(problem), "a number")
        if noun == "a coordinate":
            return (
                f"a coordinate of {_number(value)} is off the map (at most {MAX_COORDINATE:.0f} map units either way)"
            )
        side = "less" if kind == "greater_than_equal" else "more"
        bound = BOUNDS[kind].format(**{name: _number(limit) for name, limit in ctx.items()})  # 1000, not 1000.0
        return f"{noun} of {_number(value)} is {side} than a map can mean ({bound})"
    if kind == "string_too_long" and isinstance(value, str):
        cap = ctx.get("max_length", 0)
        what = "an id" if _field(problem) in ID_FIELDS else LONG_TEXTS.get(cap)
        return f"is {len(value):,} characters long; {f'{what} is ' if what else ''}at most {cap:,}"
    if kind == "string_too_short":
        return "is empty: it needs at least 1 character"
    if kind == "too_long":
        return _list_words(problem, ctx)
    if kind == "too_short":
        return _short_list_words(problem, ctx)
    if kind == "string_unicode" and isinstance(value, str):
        bad = next((c for c in value if 0xD800 <= ord(c) <= 0xDFFF), "?")
        return f"holds a character that cannot be saved (a lone surrogate, U+{ord(bad):04X}): retype the text"
    if kind == "string_pattern_mismatch" and isinstance(value, str):
        return _text_words(ctx.get("pattern"), value) or _more_words(kind, ctx, value)
    return _more_words(kind, ctx, value)


def _more_words(kind: str, ctx: dict[str, Any], value: Any) -> str | None:
    """The rarer refusals a hand-edited file meets: a word not among the choices, a shape or a
    place without its kind, a number too long to read, a number that must be above 0."""
    if kind == "literal_error":
        choices = str(ctx.get("expected", "")).replace("'", "")
        return f"should be one of {choices}, not {_given(value)}"
    if kind == "union_tag_not_found":
        return 'should say what kind it is ("kind": ...), and says none'
    if kind == "union_tag_invalid":
        tags = str(ctx.get("expected_tags", "")).replace("'", "")
        return f'has a "kind" Tabletop does not know: it should be one of {tags}'
    if kind in ("dict_type", "model_attributes_type"):
        return f"should be an object in braces {{...}}, not {_given(value)}"
    if kind == "int_parsing_size":
        return "holds a number too long to read: no number on a map has more than a few digits"
    if kind == "finite_number":
        return "should be a number, not NaN or infinity"
    if kind == "greater_than":
        return f"should be more than {_number(ctx.get('gt'))}, not {_number(value)}"
    if kind == "string_pattern_mismatch" and str(ctx.get("pattern", "")).startswith("^#"):
        return f"should be a colour written #rrggbb (six hexadecimal digits), not {_given(value)}"
    return None


def _list_words(problem: Any, ctx: dict[str, Any]) -> str:
    names = [part for part in problem["loc"] if isinstance(part, str)]
    owned = ".".join(names[-2:])
    items, cap = LIST_ITEMS.get(owned) or LIST_ITEMS.get(_field(problem), ("items", "at most {}"))
    count = ctx.get("actual_length")
    held = f"holds {count:,} {items}" if count is not None else f"holds too many {items}"
    most = ctx.get("max_length", 0)
    return f"{held}; {cap.format(f'{most:,}')}"


def _short_list_words(problem: Any, ctx: dict[str, Any]) -> str:
    field = _field(problem)
    items = LIST_ITEMS.get(field, ("items",))[0]
    count = ctx.get("actual_length")
    held = f"holds {count:,} {items[:-1] if count == 1 else items}" if count is not None else f"holds too few {items}"
    least = ctx.get("min_length", 1)
    return f"{held}; {LIST_LEAST.get(field, 'at least {}').format(f'{least:,}')}"


def _field(problem: Any) -> str:
    """The name of the field a problem is in (the last name in its location)."""
    return next((part for part in reversed(problem["loc"]) if isinstance(part, str)), "")


def _text_words(pattern: str | None, value: str) -> str | None:
    if pattern == TEXT_PATTERN:
        bad = next((c for c in value if not c.isprintable() and c not in "\n\t"), None)
        rule = "notes may hold text, new lines and tabs only"
    elif pattern == LINE_PATTERN:
        bad = next((c for c in value if not c.isprintable()), None)
        rule = "names, titles and labels are one line of plain text"
    elif pattern is not None and value and "\\s" in pattern:
        return "an id is one word of printable characters, without spaces"
    else:
        return None
    if bad is None:
        return None
    if bad in "\r\n\u2028\u2029":
        return f"holds a line break: {rule}"
    return f"holds a control character (U+{ord(bad):04X}): {rule}"


def _given(value: Any) -> str:
    """What the file holds instead, as JSON names it: true, a text, an object..."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return JSON_KINDS.get(type(value), "an object" if isinstance(value, dict) else "that")


def _number(value: Any) -> str:
    if type(value) is int and digits(value) > LONG_DIGITS:
        return f"a number {digits(value)} digits long"
    if isinstance(value, float):  # short, unless short is another number: 100000.00000000003 is not 100000
        return f"{value:g}" if float(f"{value:g}") == value or not math.isfinite(value) else repr(value)
    return str(value)
