"""Whatever a GM types and whatever a rule works out, the document never holds a map the
loader refuses: random edit sequences through the document's commands, each field changed as
a command changes it (model_copy with an update), then save and open give the same map."""

from __future__ import annotations

import math
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from tabletop.document import MapDocument
from tabletop.document.commands import EditObject, MoveToken, SetConflict, remove
from tabletop.io import load_map, map_to_text, save_map
from tabletop.model import Aspect, StressTrack, Zone, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.model.record import Record
from tabletop.samples import SAMPLES
from tests.strategies import maps

TEXTS = ["a b", "", "x\ny", "\x1b[31m", "\u2028", "\ud800", "Loading Bay", "#12345", "red", "#aabbcc"]
"""Ids with spaces, empty names, line breaks, terminal escapes, what UTF-8 cannot write, colours."""
NUMBERS = [-1, 0, 3, 1000, 1001, 10**7, 0.5, 100_000.0, 100_001.0, -1e6, math.nan, math.inf, 2**64]
"""Pass values and invokes over 1000, coordinates past 100,000, what JSON cannot write."""
ANY = [None, True, [], "x", 7]


@st.composite
def altered(draw, value, depth: int = 0):
    """The value changed as an edit may change it: a field of a record (a stress track's marks,
    a fill's colour, an aspect's name) set through model_copy, as the commands and rules do."""
    if isinstance(value, Record | BaseModel) and depth < 4:
        name = draw(st.sampled_from(sorted(type(value).model_fields)))
        return value.model_copy(update={name: draw(altered(getattr(value, name), depth + 1))})
    if isinstance(value, list) and value and draw(st.booleans()):
        at = draw(st.integers(0, len(value) - 1))
        return [*value[:at], draw(altered(value[at], depth + 1)), *value[at + 1 :]]
    if isinstance(value, list):
        return draw(st.sampled_from([[], [*value, *value[:1]], [*value, 1001]]))
    if isinstance(value, tuple) and value:
        at = draw(st.integers(0, len(value) - 1))
        return (*value[:at], draw(altered(value[at], depth + 1)), *value[at + 1 :])
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return draw(st.sampled_from(NUMBERS))
    if isinstance(value, str):
        return draw(st.sampled_from(TEXTS))
    return draw(st.sampled_from(ANY + TEXTS[:2] + NUMBERS[:5]))


def _objects(document: MapDocument) -> list[tuple[Kind, str]]:
    return [
        (kind, obj.id)
        for kind in (Kind.ZONE, Kind.BORDER, Kind.TOKEN, Kind.GRID)
        for obj in getattr(document.map, kind.plural)
    ]


def _step(draw, document: MapDocument) -> None:
    """One edit a GM or a rule may make; a refusal (ValueError) leaves the map as it was."""
    objects = _objects(document)
    action = draw(st.sampled_from(["edit", "edit", "edit", "move", "remove", "conflict", "undo", "redo"]))
    if action == "undo":
        document.undo_stack.undo()
    elif action == "redo":
        document.undo_stack.redo()
    elif action == "conflict" and document.map.conflict is not None:
        document.undo_stack.push(SetConflict(document, draw(altered(document.map.conflict)), "Step"))
    elif action == "move" and document.map.tokens:
        token = draw(st.sampled_from(document.map.tokens))
        zone = draw(st.sampled_from([None, *(z.id for z in document.map.zones)]))
        document.undo_stack.push(MoveToken(document, token.id, None if zone is None else ZoneLocation(zone=zone)))
    elif action == "remove" and objects:
        command = remove(document, [draw(st.sampled_from(objects))])
        if command is not None:
            document.undo_stack.push(command)
    elif objects:
        kind, object_id = draw(st.sampled_from(objects))
        obj = document.get(kind, object_id)
        name = draw(st.sampled_from(sorted(f for f in type(obj).model_fields if f != "id")))
        after = obj.model_copy(update={name: draw(altered(getattr(obj, name)))})
        document.undo_stack.push(EditObject(document, kind, after, name))


def _sample(draw):
    if draw(st.booleans()):
        return draw(maps(max_zones=4))
    return SAMPLES[draw(st.sampled_from(sorted(SAMPLES)))]()


@settings(max_examples=60)
@given(st.data())
def test_no_edit_sequence_saves_a_map_the_loader_refuses(qapp, data):
    document = MapDocument(_sample(data.draw))
    refused = 0
    for _ in range(data.draw(st.integers(1, 8))):
        try:
            _step(data.draw, document)
        except ValueError:  # a ValidationError too: refused, nothing changed
            refused += 1
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "edited.json"
        save_map(document.map, path, backup=False)
        loaded = load_map(path)
    assert map_to_text(loaded) == map_to_text(document.map)
    assert loaded.model_dump() == document.map.model_dump()


@pytest.mark.parametrize(
    ("obj", "update"),
    [
        (Aspect(name="Dark"), {"name": ""}),
        (Aspect(name="Dark"), {"free_invokes": 1001}),
        (StressTrack(name="health", boxes=3), {"marked": [4]}),
        (StressTrack(name="health", boxes=3, marked=[3]), {"boxes": 2}),
    ],
)
def test_a_record_copy_refuses_a_value_outside_its_limits(obj, update):
    with pytest.raises(ValidationError):
        obj.model_copy(update=update)


def test_a_copy_checks_the_fields_changed_together_as_one(qapp):
    track = StressTrack(name="health", boxes=5, marked=[5])
    fewer = track.model_copy(update={"boxes": 3, "marked": [1]})  # neither alone would hold
    assert (fewer.boxes, fewer.marked) == (3, [1])


def test_a_zone_copy_refuses_a_colour_and_an_id_the_file_could_not_hold(qapp):
    zone = SAMPLES["warehouse"]().zones[0]
    with pytest.raises(ValidationError):
        zone.model_copy(update={"id": "loading bay"})
    with pytest.raises(ValidationError):
        zone.fill.model_copy(update={"colour": "red"})
    assert isinstance(zone.model_copy(update={"name": "Loading Bay"}), Zone)
