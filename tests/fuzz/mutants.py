"""Map mutants: the sample maps in maps/, each changed in one way an attacker or a broken disk
would, by a seeded generator, so a mutant is made again from its name alone.

A mutant's name is SOURCE-KIND-SEED (`warehouse-truncate-7`): `mutant(path, kind, seed)` gives the
same bytes every time, on every machine. The kinds:

drop        a key taken out of an object
duplicate   a key written twice in one object (the second value null)
retype      a value replaced by one of another JSON type
huge        a number made huge: past the model's bounds, past 2**63, 1e308, 4,300 and 4,301 digits
negative    a number made negative, or -0.0, or the most negative a float holds
nan         a number made NaN, Infinity, -Infinity or 1e400 (no JSON, or past a float)
long_text   a text made long (300 to 100,000 characters), with new lines and escapes at times
deep        a value replaced by lists nested 20 to 5,000 deep
wrong_id    an id or a reference to one replaced: by no object's, by another kind's, by a twin's
edge        a value set at the edge of what a map may hold, which it still loads: a game number
            of 0 or 1,000, a coordinate of 100,000, the least float, a 200-letter id, a name
            of markup, of right-to-left overrides or of 10,000 letters
truncate    the file cut short at any byte
flip        one to eight bytes with one bit flipped

Two kinds more for maps alone (MAP_KINDS), each on the map as Tabletop saves it now, its zones
and borders in columns (format 6):

column      a column changed: a value (a row or a count below 0, past the table, 1.0, true,
            a text, -0.0, the least float), a value taken out or put in, the column dropped or
            made another JSON type
encoded     the coordinates encoded as a big map's are (base64 of 64-bit floats), with a number
            made NaN, infinite, -0.0, the least float or just off the map, or the text cut,
            its padding changed, or a character replaced
"""

from __future__ import annotations

import base64
import json
import random
import re
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
MAPS = sorted((ROOT / "maps").glob("*.tabletop"))
KINDS = (
    "drop",
    "duplicate",
    "retype",
    "huge",
    "negative",
    "nan",
    "long_text",
    "deep",
    "wrong_id",
    "edge",
    "truncate",
    "flip",
)
MAP_KINDS = (*KINDS, "column", "encoded")
"""The kinds of map mutants: every kind, and two that only a map's columns can have."""
FRAGMENT = "@@fragment@@"
"""Stands in the document where raw JSON text (a number no float holds, NaN) goes once written."""


@dataclass(frozen=True)
class Mutant:
    source: Path
    kind: str
    seed: int
    raw: bytes

    @property
    def name(self) -> str:
        return f"{self.source.stem}-{self.kind}-{self.seed}"


def family(per_kind: int, first_seed: int = 0, maps: list[Path] | None = None) -> list[Mutant]:
    """`per_kind` mutants of every kind from every map, seeds counted from `first_seed`."""
    return [
        mutant(path, kind, seed)
        for path in maps or MAPS
        for kind in MAP_KINDS
        for seed in range(first_seed, first_seed + per_kind)
    ]


def sample(count: int, seed: int = 0) -> list[Mutant]:
    """`count` mutants, the kinds and the maps taken in turn (every one of each once `count`
    reaches their number), each mutant's seed chosen by `seed`."""
    chooser = random.Random(seed)
    return [mutant(MAPS[i % len(MAPS)], MAP_KINDS[i % len(MAP_KINDS)], chooser.randrange(10_000)) for i in range(count)]


def mutant(path: Path, kind: str, seed: int) -> Mutant:
    """The mutant of the map at `path` of this kind and seed: the same bytes every time."""
    chance = random.Random(f"{path.stem}/{kind}/{seed}")
    text = path.read_text(encoding="utf-8")
    if kind == "truncate":
        raw = text.encode("utf-8")
        return Mutant(path, kind, seed, raw[: chance.randrange(len(raw))])
    if kind == "flip":
        raw = bytearray(text.encode("utf-8"))
        for _ in range(chance.randint(1, 8)):
            raw[chance.randrange(len(raw))] ^= 1 << chance.randrange(8)
        return Mutant(path, kind, seed, bytes(raw))
    if kind == "duplicate":
        return Mutant(path, kind, seed, _duplicated(text, chance).encode("utf-8"))
    document = json.loads(text)
    fragment = MUTATIONS[kind](document, chance)
    written = json.dumps(document, indent=1, ensure_ascii=chance.random() < 0.5)
    if fragment is not None:
        written = written.replace(json.dumps(FRAGMENT), fragment, 1)
    return Mutant(path, kind, seed, written.encode("utf-8", "surrogatepass"))


def _places(value: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Every (place, value) in a document, the document itself first."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _places(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _places(item, (*path, i))


def _set(document: Any, place: tuple, value: Any) -> None:
    parent = document
    for part in place[:-1]:
        parent = parent[part]
    parent[place[-1]] = value


def _pick(document: Any, chance: random.Random, want=lambda value: True) -> tuple | None:
    found = [place for place, value in _places(document) if place and want(value)]
    return chance.choice(found) if found else None


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _drop(document: Any, chance: random.Random) -> None:
    objects = [value for _, value in _places(document) if isinstance(value, dict) and value]
    target = chance.choice(objects)
    del target[chance.choice(sorted(target))]


def _retype(document: Any, chance: random.Random) -> None:
    place = _pick(document, chance)
    if place is None:
        return
    others = ["text", 0, -3, 2.5, True, None, [], {}, [1, "a"], {"id": "z1"}]
    _set(document, place, chance.choice(others))


HUGE = ("1001", "100001", "9223372036854775808", "1e308", "1.7976931348623157e308", "9" * 4300, "9" * 4301)


def _huge(document: Any, chance: random.Random) -> str:
    place = _pick(document, chance, _number) or _pick(document, chance)
    _set(document, place, FRAGMENT)
    return chance.choice(HUGE)


def _negative(document: Any, chance: random.Random) -> str | None:
    place = _pick(document, chance, _number) or _pick(document, chance)
    _set(document, place, FRAGMENT)
    return chance.choice(["-1", "-0.0", "-1000000000", "-1.7976931348623157e308", "-" + "9" * 30])


def _nan(document: Any, chance: random.Random) -> str:
    place = _pick(document, chance, _number) or _pick(document, chance)
    _set(document, place, FRAGMENT)
    return chance.choice(["NaN", "Infinity", "-Infinity", "1e400", "-1e400", '"NaN"'])


def _long_text(document: Any, chance: random.Random) -> None:
    place = _pick(document, chance, lambda value: isinstance(value, str)) or _pick(document, chance)
    length = chance.choice([300, 5_000, 100_000])
    piece = chance.choice(["x", "Ж", "word ", "a\nb", "\x1b[31m", "<img src='x'>", "\u202e"])
    _set(document, place, (piece * length)[:length])


def _deep(document: Any, chance: random.Random) -> str:
    place = _pick(document, chance)
    _set(document, place, FRAGMENT)
    depth = chance.choice([20, 33, 100, 1_000, 5_000])
    return "[" * depth + "]" * depth


def _ids(document: Any) -> list[str]:
    """Every id the map gives its objects."""
    return [
        value["id"] for _, value in _places(document) if isinstance(value, dict) and isinstance(value.get("id"), str)
    ]


def _wrong_id(document: Any, chance: random.Random) -> None:
    ids = set(_ids(document))
    place = _pick(document, chance, lambda value: isinstance(value, str) and value in ids)
    if place is None:
        place = _pick(document, chance, lambda value: isinstance(value, str)) or _pick(document, chance)
    _set(document, place, chance.choice(["nowhere", "", " ", *sorted(ids), "z1\n"]))


EDGE_NUMBERS = ("0", "1000", "100000.0", "-100000.0", "5e-324", "0.5", "-0.0")
EDGE_TEXTS = (
    "i" * 200,
    "<img src='/etc/passwd' width=30000>",
    "<b>bold</b> &amp; <a href='x'>link</a>",
    "\u202eright to left\u202c",
    "W" * 10_000,
    "  spaced  ",
    "emoji \U0001f409 and CJK \u6f22\u5b57",
)


def _edge(document: Any, chance: random.Random) -> str | None:
    if chance.random() < 0.5:
        place = _pick(document, chance, _number)
        if place is not None:
            _set(document, place, FRAGMENT)
            return chance.choice(EDGE_NUMBERS)
    place = _pick(document, chance, lambda value: isinstance(value, str)) or _pick(document, chance)
    _set(document, place, chance.choice(EDGE_TEXTS))
    return None


def _in_columns(document: dict[str, Any]) -> None:
    """The map as Tabletop saves it now, its zones and borders in columns, in place of the old."""
    from tabletop.io import map_from_bytes, map_to_text

    saved = json.loads(map_to_text(map_from_bytes(json.dumps(document).encode())))
    document.clear()
    document.update(saved)


COLUMN_VALUES = (
    "-1",
    "0",
    "1",
    "3",
    "1000000000",
    "9223372036854775808",
    "1.0",
    "0.5",
    "true",
    "null",
    '"0"',
    "[]",
    "-0.0",
    "5e-324",
    "100000.0",
    "100000.1",
)


def _column(document: Any, chance: random.Random) -> str | None:
    _in_columns(document)
    tables = [document[name] for name in ("zones", "borders") if document[name]["id"]] or [document["zones"]]
    table = chance.choice(tables)
    name = chance.choice(sorted(table))
    column = table[name]
    how = chance.choice(("value", "value", "shorter", "longer", "drop", "retype"))
    if how == "value" and isinstance(column, list) and column:
        _set(column, _pick(column, chance), FRAGMENT)
        return chance.choice(COLUMN_VALUES)
    if how == "shorter" and isinstance(column, list) and column:
        del column[chance.randrange(len(column))]
    elif how in ("value", "shorter", "longer") and isinstance(column, list):
        column.insert(chance.randrange(len(column) + 1), chance.choice(column) if column else 0)
    elif how == "drop":
        del table[name]
    else:
        table[name] = FRAGMENT
        return chance.choice(['"AAAA"', "0", "{}", "null", '"z1"', "[[]]"])
    return None


ENCODED_NUMBERS = (float("nan"), float("inf"), -float("inf"), -0.0, 5e-324, 100_000.0, 100_000.00000000003, -1e308)


def _encoded(document: Any, chance: random.Random) -> None:
    _in_columns(document)
    numbers = list(document["zones"]["points"])
    how = chance.choice(("number", "number", "cut", "padding", "character"))
    if how == "number" and numbers:
        numbers[chance.randrange(len(numbers))] = chance.choice(ENCODED_NUMBERS)
    text = base64.b64encode(struct.pack(f"<{len(numbers)}d", *numbers)).decode("ascii")
    if how == "cut":
        text = text[: chance.randrange(len(text) + 1)]
    elif how == "padding":
        text = chance.choice([text.rstrip("="), text + "=", text + "==", text + "AA=="])
    elif how == "character" and text:
        place = chance.randrange(len(text))
        text = text[:place] + chance.choice("!=A/+ \u0416\n") + text[place + 1 :]
    document["zones"]["points"] = text


MUTATIONS = {
    "edge": _edge,
    "drop": _drop,
    "retype": _retype,
    "huge": _huge,
    "negative": _negative,
    "nan": _nan,
    "long_text": _long_text,
    "deep": _deep,
    "wrong_id": _wrong_id,
    "column": _column,
    "encoded": _encoded,
}

KEY = re.compile(r'"[A-Za-z_]+": ')


def _duplicated(text: str, chance: random.Random) -> str:
    """The text with one of its keys written again, just before itself, its value null."""
    found = list(KEY.finditer(text))
    where = chance.choice(found)
    return text[: where.start()] + where.group() + "null, " + text[where.start() :]
