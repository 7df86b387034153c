"""The migration chain: each step upgrades a map file's JSON from one format version to the next.

A step is a plain function on the parsed JSON, registered under the version it reads. When
the format changes, bump FORMAT_VERSION in model/map.py, add a step here (a format that only
adds what a map may leave out: a line of ONLY_ADDED), and freeze a file of the old version under
tests/io/formats/: the tests load every frozen version.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.model import FORMAT_VERSION

Json = dict[str, Any]
Step = Callable[[Json], Json]


def _hidden_said_once(document: Json) -> Json:
    """Format 1 to 2: a token said "hidden" twice, as `hidden` and as the state "hidden";
    format 2 keeps the flag only, set when either said so."""
    tokens = document.get("tokens")
    if isinstance(tokens, list):  # anything else is for validation to refuse
        document["tokens"] = [_hidden_flag(token) for token in tokens]
    document["format_version"] = 2
    return document


def _hidden_flag(token: Any) -> Any:
    if isinstance(token, dict) and isinstance(token.get("states"), list) and "hidden" in token["states"]:
        return {**token, "states": [s for s in token["states"] if s != "hidden"], "hidden": True}
    return token


def _zones_and_borders_in_columns(document: Json) -> Json:
    """Format 5 to 6: format 6 keeps the zones and the borders in columns (io/columns.py), where
    format 5 wrote an object for each. The map is read as format 5 described it (the model, every
    refusal named as it was: `zones[3].name`), then its zones and borders put in columns."""
    from tabletop.io.column_writing import border_columns, zone_columns
    from tabletop.model import Map

    map_ = Map.model_validate({**document, "format_version": FORMAT_VERSION})  # read by today's model
    rows = {zone.id: row for row, zone in enumerate(map_.zones)}
    document["zones"] = zone_columns(map_.zones)
    document["borders"] = border_columns(map_.borders, rows)
    document["format_version"] = 6
    return document


ONLY_ADDED = {
    2: "format 3 adds what play needs (a conflict in progress, fog of war, setup marks on grids)",
    3: "format 4 adds what playing a round by the texts needs (a resister's consequences, problems "
    "for long actions, spin, an exchange's duration, who sets up or swings first)",
    4: "format 5 keeps the drawing lattice's step with the map, by default the one every map drew on",
    6: "format 7 says of each passage whether sight goes through it (`sight` in the table of passage "
    "kinds); by default a closed or locked door blocks it, a border with no passage is a wall",
    7: "format 8 gives a token a picture (`picture`: a path kept with the map and the crop its disc shows)",
    8: "format 9 keeps, with an AF encounter in play, each grid as the encounter began "
    "(`conflict.grids_at_start`), so an exchange's end trims only the tiles grown since; a format 8 "
    "map holds none, and its grids are trimmed to 3x3 as format 8 trimmed them",
    9: "format 10 says where on its border a passage is (`place` in the table of passage kinds, a "
    "point on the border's line where the badge stands); a format 9 passage has none, its badge at "
    "the line's middle",
}
"""The formats that only added what a map may leave out (why each came, by the version it
upgrades): a document of the older format is one of the next with none of it, so its step only
bumps the version."""


def _only_added(document: Json) -> Json:
    document["format_version"] += 1
    return document


STEPS: dict[int, Step] = {
    **dict.fromkeys(ONLY_ADDED, _only_added),
    1: _hidden_said_once,
    5: _zones_and_borders_in_columns,
}
"""STEPS[n] turns a format n document into a format n + 1 document."""


class MigrationError(ValueError):
    """A document whose version no step can upgrade; io/read.py names the file."""


def migrate(document: Json, steps: dict[int, Step] | None = None, target: int = FORMAT_VERSION) -> Json:
    """Upgrade a document step by step to the target version; the input is not changed."""
    steps = STEPS if steps is None else steps
    version = document.get("format_version")
    while version != target:
        step = steps.get(version)  # type: ignore[arg-type]
        if step is None:
            raise MigrationError(f"no migration from format version {version}")
        document = step(dict(document))
        if document.get("format_version") != version + 1:  # type: ignore[operator]
            raise MigrationError(f"the migration from format version {version} did not reach {version + 1}")  # type: ignore[operator]
        version = document["format_version"]
    return document
