"""Each of the whole map's rules (ids unique, a border's ends zones of the map and two different
ones, tokens, grids and the conflict naming what is on the map, the map's cap of points) is
refused in one line by the reader of a map file, by the model's own validator and by the
document's integrity before an edit, and the line is the problem the one module of those checks
(model/whole_map.py) gives for the same columns: no layer words a rule of its own."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import ValidationError

from tabletop.document import MapDocument
from tabletop.document.integrity import IntegrityError
from tabletop.io import MapFileError, map_from_bytes, map_to_text
from tabletop.model import Border, Conflict, Map, Participant, Token, ZoneLocation, whole_map
from tabletop.model.kinds import Kind
from tabletop.model.whole_map import (
    conflict_problems,
    end_problems,
    grid_problems,
    points_problems,
    repeated_ids,
    token_problems,
)
from tabletop.samples import af_encounter, warehouse

NAME = "sent.tabletop"


def _read(map_: Map, change: Callable[[dict[str, Any]], Any]) -> str:
    """The reader's one line for `map_` saved and then changed in its file."""
    document = json.loads(map_to_text(map_))
    change(document)
    with pytest.raises(MapFileError) as caught:
        map_from_bytes(json.dumps(document).encode(), NAME)
    message = str(caught.value)
    assert "\n" not in message
    return message


def _validated(data: dict[str, Any]) -> str:
    """The model's refusal of a map of records, its text without pydantic's frame."""
    with pytest.raises(ValidationError) as caught:
        Map.model_validate(data)
    return caught.value.errors()[0]["msg"].removeprefix("Value error, ")


def _refused_edit(document: MapDocument, kind: Kind, obj: Any) -> str:
    start, revision = document.map.model_copy(deep=True), document.revision
    with pytest.raises(IntegrityError) as caught:
        document.put(kind, obj)
    assert document.map == start and document.revision == revision, "a refused edit changes nothing"
    return str(caught.value)


def _no_name(end: str, k: int) -> None:
    return None


def test_a_border_naming_no_zone_is_refused_by_the_one_check(qapp):
    said = end_problems(["b23"], [1], [3], 3, _no_name)[0]
    assert _read(warehouse(), lambda d: d["borders"]["b"].__setitem__(1, 3)) == f"{NAME}: {said}"
    named = end_problems(["b23"], [1], [-1], 3, lambda end, k: "cellar")[0]
    data = warehouse().model_dump()
    data["borders"][1]["b"] = "cellar"
    assert _validated(data) == named == "border 'b23' names zone 'cellar', which is not on the map"
    edit = end_problems(["b9"], [0], [-1], None, lambda end, k: "cellar", would=True)[0]
    assert _refused_edit(MapDocument(warehouse()), Kind.BORDER, Border(id="b9", a="z1", b="cellar")) == edit
    assert edit == "border 'b9' would name zone 'cellar', which is not on the map"


def test_a_border_joining_a_zone_to_itself_is_refused_by_the_one_check(qapp):
    said = end_problems(["b12"], [0], [0], 3, lambda end, k: "z1")[0]
    assert said == "border 'b12' joins zone 'z1' to itself"
    assert _read(warehouse(), lambda d: d["borders"]["b"].__setitem__(0, 0)) == f"{NAME}: {said}"
    with pytest.raises(ValidationError, match=said):
        Border(id="b12", a="z1", b="z1")
    document = MapDocument(warehouse())
    unchecked = copy.copy(document.map.borders[0])  # as a copy made without its record's check
    object.__setattr__(unchecked, "b", unchecked.a)
    would = end_problems(["b12"], [0], [0], None, lambda end, k: "z1", would=True)[0]
    assert _refused_edit(document, Kind.BORDER, unchecked) == would == "border 'b12' would join zone 'z1' to itself"


def test_ids_twice_are_refused_by_the_one_check():
    said = repeated_ids("zone", ["z1", "z1", "z3"])[0]
    assert _read(warehouse(), lambda d: d["zones"]["id"].__setitem__(1, "z1")).startswith(f"{NAME}: {said}")
    data = warehouse().model_dump()
    data["tokens"][1]["id"] = "gatto"
    assert _validated(data) == repeated_ids("token", ["gatto", "gatto"])[0] == "two tokens have the id 'gatto'"


def test_a_token_in_no_zone_is_refused_by_the_one_check(qapp):
    stray = Token(id="gatto", name="Gatto", location=ZoneLocation(zone="cellar"))
    said = token_problems([stray], {"z1", "z2", "z3"}, {})[0]
    assert _read(warehouse(), lambda d: d["tokens"][0]["location"].__setitem__("zone", "cellar")) == f"{NAME}: {said}"
    data = warehouse().model_dump()
    data["tokens"][0]["location"]["zone"] = "cellar"
    assert _validated(data) == said
    would = token_problems([stray], {}, {}, would=True)[0]
    assert _refused_edit(MapDocument(warehouse()), Kind.TOKEN, stray) == would
    assert would == "token 'gatto' would stand in zone 'cellar', which is not on the map"


def test_a_grid_drawing_from_no_tile_set_is_refused_by_the_one_check(qapp):
    grid = af_encounter().grids[0].model_copy(update={"tile_set": "swamp"})
    said = grid_problems([grid], {"forest"})[0]
    assert _read(af_encounter(), lambda d: d["grids"][0].__setitem__("tile_set", "swamp")) == f"{NAME}: {said}"
    would = grid_problems([grid], set(), would=True)[0]
    assert _refused_edit(MapDocument(af_encounter()), Kind.GRID, grid) == would
    assert would == "grid 'creek' would draw from tile set 'swamp', which is not on the map"


def test_a_conflict_naming_no_token_is_refused_by_the_one_check(qapp):
    conflict = Conflict(system="af", participants=[Participant(token="nobody")])
    said = conflict_problems(conflict, {"gatto", "hargan"})[0]
    with_conflict = warehouse()
    with_conflict.set_conflict(Conflict(system="af", participants=[Participant(token="gatto")]))
    changed = _read(with_conflict, lambda d: d["conflict"]["participants"][0].__setitem__("token", "nobody"))
    assert changed == f"{NAME}: {said}"
    with pytest.raises(IntegrityError, match=f"^{said}$"):
        MapDocument(warehouse()).set_conflict(conflict)


def test_the_maps_cap_of_points_is_the_one_checks(monkeypatch):
    """The cap is lowered in the one module, and the reader and the model both follow it."""
    made = warehouse()
    data = made.model_dump()
    monkeypatch.setattr(whole_map, "MAX_MAP_POINTS", 11)
    said = points_problems(12)[0]
    assert said == "the map's polygons have 12 points together; a map has at most 11"
    assert _read(made, lambda d: None) == f"{NAME}: {said}"
    assert _validated(data) == said
