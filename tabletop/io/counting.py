"""Validators that count the defaults their records take, for the quick reader's key count.

A record (model/record.py) keeps no note of which fields its input gave. The quick reader
(io/bulk_read.py) proves a file has no repeated key by counting keys two ways; for a record it
counts every field and takes away each default used, which these validators count.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterator
from typing import Any

from pydantic import TypeAdapter
from pydantic_core import SchemaValidator


class Defaults:
    """How many record fields of the current read took their default. A record keeps no note
    of what its input gave, so the quick reader validates with defaults that count themselves
    (the reader runs on one thread at a time: see `bulk_read._READING`)."""

    taken = 0

    @classmethod
    def counting(cls, schema: dict[str, Any]) -> dict[str, Any]:
        """`schema` (a field's default) as a default that counts each time it is used."""
        made = schema.get("default_factory")
        if made is None:
            value = schema["default"]
            made = functools.partial(copy.deepcopy, value)

        def taken() -> Any:
            cls.taken += 1
            return made()

        return {"type": "default", "schema": schema["schema"], "default_factory": taken}


def _counting_defaults(schema: Any) -> Any:
    """A copy of a pydantic-core schema whose record fields count the defaults they take."""
    if isinstance(schema, list):
        return [_counting_defaults(part) for part in schema]
    if not isinstance(schema, dict):
        return schema
    copied = {key: _counting_defaults(value) for key, value in schema.items()}
    if copied.get("type") == "dataclass-field" and copied["schema"].get("type") == "default":
        copied["schema"] = Defaults.counting(copied["schema"])
    return copied


def validator(kind: Any, last_check: bool = True) -> SchemaValidator:
    """A validator of `kind` whose records count their defaults. pydantic-core puts a class's
    own validator wherever a schema names a finished class, which would drop the counting, so
    the records are marked unfinished while it is built (tests/io/test_fast_read.py proves
    the count is right: a key left out and another written twice is refused). Without
    `last_check`, the check `kind` runs once it is whole is left out, for the caller to run."""
    schema = _counting_defaults(TypeAdapter(kind).core_schema)
    if not last_check and schema["type"] == "function-after":
        schema = schema["schema"]
    records = set(_records(schema))
    for cls in records:
        cls.__pydantic_complete__ = False
    try:
        return SchemaValidator(schema)
    finally:
        for cls in records:
            cls.__pydantic_complete__ = True


def _records(schema: Any) -> Iterator[type]:
    if isinstance(schema, list):
        for part in schema:
            yield from _records(part)
    elif isinstance(schema, dict):
        if schema.get("type") == "dataclass":
            yield schema["cls"]
        for value in schema.values():
            yield from _records(value)
