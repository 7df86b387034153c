"""Reading a map of the current format in bulk: the quick way for the files Tabletop writes.

The exact way (io/read.py) parses the whole file into dicts with a hook on every object,
then validates the whole map: a 100k-zone file held twice, as dicts and as objects. Here the
file is parsed in Rust (jiter, through pydantic-core), and its two long lists, zones and
borders, are validated a chunk at a time while their dicts are let go, so the parsed file
and the map are hardly ever both whole in memory. Anything unusual (an older format, an
error to word for the GM, a key that might be written twice) returns None, and the caller
reads the file the exact way, which says what is wrong.
"""

from __future__ import annotations

import codecs
from typing import Any

from pydantic import TypeAdapter, ValidationError
from pydantic_core import from_json

from tabletop.io.given import given_keys
from tabletop.io.limits import MAX_FILE_BYTES
from tabletop.model import FORMAT_VERSION, Border, Map, Zone

CHUNK = 5_000
"""Objects validated at a time: small enough that a chunk's dicts are a few MB."""

_LONG_LISTS = {"zones": TypeAdapter(list[Zone]), "borders": TypeAdapter(list[Border])}

SPACES = b" \t\n\r"
BIG_FILE = 4 * 2**20
"""From this size on the colons are found with numpy: 0.1 s for a 70 MB file, not 0.4 s."""


def _keys_in_file(raw: bytes) -> int | None:
    """The `":` pairs in the file (every key's end, and any such pair inside a text), or None
    when white space stands before some colon: a key written `"name" :` would not be counted."""
    if len(raw) < BIG_FILE:
        if any(bytes((space,)) + b":" in raw for space in SPACES):
            return None
        return raw.count(b'":')
    import numpy as np

    text = np.frombuffer(raw, dtype=np.uint8)
    before = text[np.flatnonzero(text[1:] == ord(":"))]  # the byte before each colon
    if np.isin(before, np.frombuffer(SPACES, dtype=np.uint8)).any():
        return None
    return int(np.count_nonzero(before == ord('"')))


def read_current(raw: bytes) -> Map | None:
    """The map in `raw`, or None when the exact way must read it.

    jiter keeps the last of a repeated key. The file's `":` pairs count every key once (and
    any `":` inside a text, which only makes that count larger); the objects built count each
    key they were given once. Equal counts prove no key was repeated, provided no key has
    white space before its colon, which the first test rules out."""
    if len(raw) > MAX_FILE_BYTES or raw.startswith(codecs.BOM_UTF8):
        return None
    keys_in_file = _keys_in_file(raw)
    if keys_in_file is None:
        return None
    try:
        document = from_json(raw, allow_inf_nan=False)
    except ValueError:
        return None
    if not isinstance(document, dict):
        return None
    version = document.get("format_version")
    if type(version) is not int or version != FORMAT_VERSION:  # 3.0 equals 3, yet is no format version
        return None
    counted = 0
    try:
        for name, adapter in _LONG_LISTS.items():
            items = document.get(name)
            if isinstance(items, list):
                document[name], keys = _in_chunks(items, adapter)
                counted += keys
        map_ = Map.model_validate(document)
    except ValidationError:
        return None
    counted += given_keys(map_, skip=tuple(_LONG_LISTS))
    return map_ if counted == keys_in_file else None


def _in_chunks(items: list[Any], adapter: TypeAdapter) -> tuple[list[Any], int]:
    """The objects of one long list and the keys they were given; each chunk's dicts are
    dropped from `items` as soon as its objects exist, so their memory is used again."""
    built: list[Any] = []
    keys = 0
    for start in range(0, len(items), CHUNK):
        objects = adapter.validate_python(items[start : start + CHUNK])
        items[start : start + CHUNK] = [None] * len(objects)
        keys += given_keys(objects)
        built += objects
    return built, keys
