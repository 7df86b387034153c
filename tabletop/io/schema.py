"""The JSON Schema of the map file, exported for editors and other tools: the model's own,
with the zones and borders as the file keeps them, in columns (io/columns.py)."""

from __future__ import annotations

import json
from typing import Any

from tabletop.io.columns import BORDER_COLUMNS, ZONE_COLUMNS
from tabletop.model import FORMAT_VERSION, Map
from tabletop.model.base import MAX_POINTS

ROW = {"type": "integer", "minimum": 0}


def map_schema() -> dict[str, Any]:
    schema = Map.model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = f"Tabletop map, format version {FORMAT_VERSION}"
    defs = schema["$defs"]
    zone, border = defs["Zone"]["properties"], defs["Border"]["properties"]  # each row's, in the columns
    coordinate = defs["PolygonShape"]["properties"]["points"]["items"]["prefixItems"][0]
    schema["properties"]["zones"] = _table(
        "The zones, a column for each field (one left out holds its default in every zone)",
        {name: zone[name] for name in ("id", *ZONE_COLUMNS)},
        looks=_list({"$ref": "#/$defs/FillStyle"}, "Each distinct fill once"),
        look=_list(ROW, "Each zone's fill: its row among the looks"),
        point_counts=_list({**ROW, "maximum": MAX_POINTS}, "Each zone's count of points; 0 for a node"),
        points={
            "description": "Every polygon's points, x then y, one polygon after another: numbers, or their "
            "little-endian 64-bit floats in base64 (as Tabletop writes them)",
            "anyOf": [_list(coordinate), {"type": "string", "contentEncoding": "base64"}],
        },
        nodes=_list({"$ref": "#/$defs/NodeShape"}, "The shape of each zone with no points, in order"),
    )
    schema["properties"]["borders"] = _table(
        "The borders, a column for each field (one left out holds its default in every border)",
        {name: border[name] for name in ("id", *BORDER_COLUMNS)},
        a=_list(ROW, "Each border's first zone: its row among the zones"),
        b=_list(ROW, "Each border's second zone: its row among the zones"),
        passage_counts=_list(ROW, "Each border's count of passages (none: one passage of the defaults)"),
        passages=_list(ROW, "Every border's passages, one border after another: each a row of passage_kinds"),
        passage_kinds=_list({"$ref": "#/$defs/Passage"}, "Each distinct passage once"),
    )
    return schema


def _list(items: dict[str, Any], description: str = "") -> dict[str, Any]:
    return {"type": "array", "items": items} | ({"description": description} if description else {})


def _table(description: str, fields: dict[str, Any], **columns: dict[str, Any]) -> dict[str, Any]:
    properties = {
        name: _list({k: v for k, v in field.items() if k not in ("default", "title")}) for name, field in fields.items()
    }
    return {
        "description": description,
        "type": "object",
        "additionalProperties": False,
        "required": ["id"],
        "properties": properties | columns,
    }


def map_schema_text() -> str:
    return json.dumps(map_schema(), indent=2) + "\n"
