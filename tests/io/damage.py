"""Damaging a map file the way a hand edit or a bad merge does: keys left out, written twice,
moved, of the wrong type or unknown; then the file written back in Tabletop's layout (one
zone or border a line) so the quick reader still takes it up.

The file is held as a tree whose objects are lists of [key, value] pairs, so a key can be
written twice, which no dict can hold."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import strategies as st

from tabletop.io import MapFileError, map_to_text

LONG_LISTS = ("zones", "borders", "tokens", "grids", "tile_sets")
ODD_VALUES: list[Any] = [None, True, 0, -1, 1.5, 1001, 100001.0, "", "x", "#ffffff", [], {"pairs": []}]
"""Values of every JSON type, some just past a map's limits."""
KNOWN_KEYS = ["name", "id", "colour", "label", "door", "fill", "kind", "points", "passages", "extra"]


def pairs_tree(text: str) -> Any:
    return json.loads(text, object_pairs_hook=lambda pairs: {"pairs": [list(pair) for pair in pairs]})


def objects(node: Any, found: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Every object in the tree, the top level first."""
    found = [] if found is None else found
    if isinstance(node, dict):
        found.append(node)
        for _, value in node["pairs"]:
            objects(value, found)
    elif isinstance(node, list):
        for value in node:
            objects(value, found)
    return found


def damage(tree: Any, how: str, where: int, which: int, odd: int) -> None:
    """One change to the object at `where` (taken modulo the number of objects): `which`
    picks the pair, `odd` the odd value put in."""
    found = objects(tree)
    pairs = found[where % len(found)]["pairs"]
    if not pairs:
        how = "extra"
    pick = which % max(len(pairs), 1)
    value = copy.deepcopy(ODD_VALUES[odd % len(ODD_VALUES)])  # never one object in two places
    if how == "drop":
        pairs.pop(pick)
    elif how == "twice":  # the same key again, with its own value or an odd one
        key, old = pairs[pick]
        pairs.insert(odd % (len(pairs) + 1), [key, old if odd % 2 else value])
    elif how == "move":
        pairs.append(pairs.pop(pick))
    elif how == "retype":
        pairs[pick][1] = value
    else:
        pairs.insert(pick, [KNOWN_KEYS[odd % len(KNOWN_KEYS)], value])


def compact(node: Any) -> str:
    if isinstance(node, dict):
        return "{" + ",".join(json.dumps(key) + ":" + compact(value) for key, value in node["pairs"]) + "}"
    if isinstance(node, list):
        return "[" + ",".join(map(compact, node)) + "]"
    return json.dumps(node, ensure_ascii=False)


def tabletop_layout(tree: Any) -> str:
    """The tree written as io/write.py writes a map: top-level keys a line, long lists one item a line."""
    lines = []
    for key, value in tree["pairs"]:
        if key in LONG_LISTS and isinstance(value, list) and value:
            lines.append(f' "{key}": [\n  ' + ",\n  ".join(map(compact, value)) + "\n ]")
        else:
            lines.append(f" {json.dumps(key)}: {compact(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def outcome(read, raw: bytes) -> str:
    """The map read (as its file text), or the one line that refused it."""
    try:
        return map_to_text(read(raw, "damaged.tabletop"))
    except MapFileError as error:
        return f"refused: {error}"


damages = st.lists(
    st.tuples(
        st.sampled_from(["drop", "drop", "twice", "twice", "move", "retype", "extra"]),
        st.integers(0, 200),
        st.integers(0, 20),
        st.integers(0, 50),
    ),
    min_size=1,
    max_size=8,
)
"""Mostly keys left out and written twice: the quick reader's count of keys must not let
one make up for the other."""
