"""Validators that count the defaults their records take, for the quick reader's key count.

A record (model/record.py) keeps no note of which fields its input gave. The quick reader
(io/bulk_read.py) proves a file has no repeated key by counting keys two ways; for a record it
counts every field and takes away each default used, which these validators count, with the
keys inside a default that holds records: a count too high could hide a key written twice.
"""

from __future__ import annotations

import copy
import functools
import threading
from collections.abc import Iterator
from typing import Any

from pydantic import TypeAdapter
from pydantic_core import SchemaValidator

from tabletop.io.given import keys_inside


class _Defaults(threading.local):
    """How many keys the current read's objects hold that its file did not give: each record
    field that took its default, and every key inside a default that holds records (a zone's
    default fill, a border's default passage), which the walk of given keys counts as given.
    Counted per thread (the window reads a map on a worker thread while its own thread may read
    a recovery file); a read begun inside another on one thread keeps the outer count aside."""

    taken = 0

    def counting(self, schema: dict[str, Any], own: int = 1) -> dict[str, Any]:
        """`schema` (a field's default) as a default that counts each time it is used: `own`
        for the field itself (a model's field is not counted: its set of given names says)."""
        made = schema.get("default_factory")
        if made is None:
            value = schema["default"]
            made = functools.partial(copy.deepcopy, value)

        def taken() -> Any:
            value = made()
            self.taken += own + keys_inside(value)
            return value

        return {"type": "default", "schema": schema["schema"], "default_factory": taken}


Defaults = _Defaults()


def _counting_defaults(schema: Any) -> Any:
    """A copy of a pydantic-core schema whose record fields count the defaults they take."""
    if isinstance(schema, list):
        return [_counting_defaults(part) for part in schema]
    if not isinstance(schema, dict):
        return schema
    copied = {key: _counting_defaults(value) for key, value in schema.items()}
    field = copied.get("type")
    if field in ("dataclass-field", "model-field") and copied["schema"].get("type") == "default":
        copied["schema"] = Defaults.counting(copied["schema"], own=int(field == "dataclass-field"))
    return copied


def validator(kind: Any, last_check: bool = True, apart: tuple[type, ...] = ()) -> SchemaValidator:
    """A validator of `kind` whose records count their defaults. pydantic-core puts a class's
    own validator wherever a schema names a finished class, which would drop the counting
    (in a record, or in a record inside a model: a token's stress track), so the records and
    models are marked unfinished while it is built (tests/io/test_fast_read*.py prove the
    count is right: a key left out and another written twice is refused). Without
    `last_check`, the check `kind` runs once it is whole is left out, for the caller to run;
    so are the after-checks of the records in `apart`, which the caller runs over all of them at
    once (a Python call for each of 350k records was 0.16 s of a 100k-zone map's read)."""
    schema = _without_checks(_counting_defaults(TypeAdapter(kind).core_schema), apart)
    if not last_check and schema["type"] == "function-after":
        schema = schema["schema"]
    finished = {cls: cls.__pydantic_complete__ for cls in _classes(schema)}
    for cls in finished:
        cls.__pydantic_complete__ = False
    try:
        return SchemaValidator(schema)
    finally:
        for cls, was in finished.items():
            cls.__pydantic_complete__ = was


def _without_checks(schema: Any, apart: tuple[type, ...]) -> Any:
    """`schema` with the after-checks (model_validator(mode="after")) of the records in `apart` left out."""
    if isinstance(schema, list):
        return [_without_checks(part, apart) for part in schema]
    if not isinstance(schema, dict) or not apart:
        return schema
    inner = schema.get("schema")
    if schema.get("type") == "function-after" and isinstance(inner, dict) and inner.get("cls") in apart:
        return _without_checks(inner, apart)
    return {key: _without_checks(value, apart) for key, value in schema.items()}


def _classes(schema: Any) -> Iterator[type]:
    """Every record and model class `schema` names."""
    if isinstance(schema, list):
        for part in schema:
            yield from _classes(part)
    elif isinstance(schema, dict):
        if schema.get("type") in ("dataclass", "model"):
            yield schema["cls"]
        for value in schema.values():
            yield from _classes(value)
