"""The JSON Schema of the map file, exported for editors and other tools."""

from __future__ import annotations

import json
from typing import Any

from tabletop.model import FORMAT_VERSION, Map


def map_schema() -> dict[str, Any]:
    schema = Map.model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"Tabletop map, format version {FORMAT_VERSION}"
    return schema


def map_schema_text() -> str:
    return json.dumps(map_schema(), indent=2) + "\n"
