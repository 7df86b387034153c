"""A key written twice in a JSON object: refused while parsing, and placed for the refusal.

Python's fast JSON parser tells nothing of where an object stood, and in a big file a GM
cannot find "the key "name" appears twice" alone. Only once a file is refused, it is parsed
again by the pure-Python parser, which can say where each object opens. A big file is first
searched line by line (Tabletop writes each column of the zones and borders, each token and
each grid to a line of its own), so the slow parse only ever reads one line of it: a line that
is a whole value, or a key and its value (a column's line).
"""

from __future__ import annotations

import contextlib
import json
import json.decoder
import json.scanner
import re
from typing import Any

WHOLE_TEXT = 4 * 2**20
"""Above this size the slow parse reads only the line that holds the repeated key."""
KEY_BEFORE = re.compile(r'\s*"(?:[^"\\]|\\.)*"\s*:\s*')
"""A line's key, when the line is a key and its value (`"aspects": [...]`)."""


class RepeatedKey(ValueError):
    """A JSON object with a key written twice: which value was meant is not knowable."""

    def __init__(self, key: str) -> None:
        super().__init__(f'the key "{key[:40]}" appears twice in one object')
        self.key = key


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as a dict (json's object_pairs_hook), refusing a repeated key."""
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        raise RepeatedKey(next(key for key, _ in pairs if key in seen or seen.add(key)))
    return result


def repeated_key_place(text: str, key: str) -> tuple[int, int] | None:
    """The line and column (from 1) where the first object holding a repeated key opens, or
    None when it cannot be found (the text holds no such object, or is no JSON at all). `key`
    is the key the fast parser found twice: a line that holds it once can be passed over."""
    if len(text) <= WHOLE_TEXT:
        return _place(text)
    written = json.dumps(key) + ":"
    for number, line in enumerate(text.splitlines(), 1):
        if line.count(written) < 2:
            continue
        keyed = KEY_BEFORE.match(line)
        start = keyed.end() if keyed else len(line) - len(line.lstrip())
        value = line[start:].rstrip().rstrip(",")
        try:
            json.loads(value, object_pairs_hook=unique_keys)
        except RepeatedKey:
            found = _place(value)
            return (number, start + found[1]) if found else (number, start + 1)
        except ValueError:
            continue  # not a whole JSON value on its own: a bracket, a key and a list's opening
    return None


def _place(text: str) -> tuple[int, int] | None:
    opened: list[int] = []

    def parse_object(s_and_end: tuple[str, int], *rest: Any) -> Any:
        try:
            return json.decoder.JSONObject(s_and_end, *rest)
        except RepeatedKey:
            if not opened:  # the innermost object is the first to hear of it
                opened.append(s_and_end[1] - 1)
            raise

    decoder = json.JSONDecoder(object_pairs_hook=unique_keys)
    decoder.parse_object = parse_object
    decoder.scan_once = json.scanner.py_make_scanner(decoder)
    with contextlib.suppress(ValueError, RecursionError):  # refused again: only the place was sought
        decoder.decode(text)
    if not opened:
        return None
    position = opened[0]
    return text.count("\n", 0, position) + 1, position - text.rfind("\n", 0, position)
