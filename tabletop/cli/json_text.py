"""JSON text exactly as json.dumps(value, indent=2, ensure_ascii=False) makes it, made quickly and
written out as it is made.

json.dumps indents through its pure-Python encoder, a generator step per value: seconds and a
heap of small strings for `tabletop info --json` on a big map. pydantic-core's encoder
(Rust) indents by the same rules (two spaces, ", " and ": ", "[]" and "{}") but may write a number
otherwise (1e-7 for json's 1e-07, say): each piece is written by it only where its compact text
equals json's (json's C encoder, quick), else by json.dumps as before. A long list goes CHUNK
items at a time, each written out before the next is made: the whole text is never held.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

import pydantic_core

INDENT = "  "
CHUNK = 5000
"""Items of a long list made and written at a time (a few hundred KB of text)."""


def write_indented(value: Any, stream: TextIO, level: int = 0) -> None:
    """Write `value` as json.dumps(value, indent=2, ensure_ascii=False) would make it, as if it
    stood `level` deep in a bigger value (its lines after the first indented by that much)."""
    if type(value) is dict and value and all(type(key) is str for key in value):
        inner = "\n" + INDENT * (level + 1)
        stream.write("{")
        for number, (key, item) in enumerate(value.items()):
            stream.write(("," if number else "") + inner + json.dumps(key, ensure_ascii=False) + ": ")
            write_indented(item, stream, level + 1)
        stream.write("\n" + INDENT * level + "}")
    elif type(value) is list and len(value) > CHUNK:
        inner = "\n" + INDENT * (level + 1)
        stream.write("[")
        for start in range(0, len(value), CHUNK):
            stream.write(("," if start else "") + inner + _items(value[start : start + CHUNK], level + 1))
        stream.write("\n" + INDENT * level + "]")
    else:
        stream.write(_pretty(value).replace("\n", "\n" + INDENT * level))  # a raw newline is never in a string


def _items(items: list[Any], level: int) -> str:
    """The (non-empty) items as they stand in a list `level` deep: one after another, separated
    by a comma and a new line at that indent, the first one's indent left to the caller."""
    text = _pretty(items)  # "[\n  item,\n  item\n]"
    return text[4:-2].replace("\n", "\n" + INDENT * (level - 1))


def _pretty(value: Any) -> str:
    """json.dumps(value, indent=2, ensure_ascii=False), by pydantic-core where that is the same."""
    try:
        same = pydantic_core.to_json(value) == json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
        if same:
            return pydantic_core.to_json(value, indent=2).decode()
    except (ValueError, TypeError):  # a value one of them cannot write (a lone surrogate): json says what
        pass
    return json.dumps(value, indent=2, ensure_ascii=False)
