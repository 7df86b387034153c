"""The JSON Schema of the map file, exported for editors and other tools."""

from __future__ import annotations

import json
from typing import Any

from tabletop.model import FORMAT_VERSION, Map
from tabletop.model.record import Record


def map_schema() -> dict[str, Any]:
    schema = Map.model_json_schema(mode="validation")
    for name, kind in _records().items():
        part = schema.get("$defs", {}).get(name)
        if part is not None:  # pydantic lists a record's Field() fields first: back in the file's order
            part["properties"] = {field: part["properties"][field] for field in kind.model_fields}
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"Tabletop map, format version {FORMAT_VERSION}"
    return schema


def map_schema_text() -> str:
    return json.dumps(map_schema(), indent=2) + "\n"


def _records() -> dict[str, type[Record]]:
    found: dict[str, type[Record]] = {}
    pending = list(Record.__subclasses__())
    while pending:
        kind = pending.pop()
        if "model_fields" in vars(kind):  # not the plain class the slotted dataclass replaced
            found[kind.__name__] = kind
        pending += kind.__subclasses__()
    return found
