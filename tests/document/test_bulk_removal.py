"""Removing most of a map at once finds what stands on the zones in one pass: the same parts
as asked zone by zone, and one undo step that puts everything back."""

from __future__ import annotations

import pytest

from tabletop.document import MapDocument
from tabletop.document.commands import AddObject
from tabletop.document.commands import edits as edits_module
from tabletop.document.commands.edits import remove
from tabletop.model import Token, ZoneLocation
from tests.maps import zone_map


def _parts(document, keys) -> list[tuple[str, set[str]]]:
    return [(part.kind, {obj.id for obj in part.objs}) for part in edits_module.removal_parts(document, keys)]


def _scout_in(document, zone_id: str) -> None:
    scout = Token(id="t", name="Scout", location=ZoneLocation(zone=zone_id))
    document.undo_stack.push(AddObject(document, "token", scout))


def test_a_bulk_removal_takes_the_same_borders_and_tokens_as_zone_by_zone(qapp, monkeypatch):
    document = MapDocument(zone_map(150))
    document.undo_stack.push(
        AddObject(document, "token", Token(id="t", name="Scout", location=ZoneLocation(zone="z2-2")))
    )
    zones = [z.id for z in document.map.zones[::2] if z.id != "z2-2"] + ["z2-2"]
    keys = [("zone", z) for z in zones] + [("border", document.map.borders[1].id), ("token", "x")]
    monkeypatch.setattr(edits_module, "BULK_ZONES", 10**9)
    one_by_one = _parts(document, keys)
    monkeypatch.setattr(edits_module, "BULK_ZONES", 5)
    assert _parts(document, keys) == one_by_one
    parts = dict(one_by_one)
    assert list(parts) == ["token", "border", "zone"]
    assert parts["token"] == {"t"} and parts["zone"] == set(zones)
    assert document.layout.borders_at["z2-2"] <= parts["border"]
    assert document.map.borders[1].id in parts["border"]


def test_removing_a_whole_map_is_one_step_undone_whole(qapp, monkeypatch):
    monkeypatch.setattr(edits_module, "BULK_ZONES", 5)
    map_ = zone_map(150)
    document = MapDocument(map_)
    document.undo_stack.push(
        AddObject(document, "token", Token(id="t", name="Scout", location=ZoneLocation(zone="z2-2")))
    )
    before = document.map.model_dump()
    command = remove(document, [("zone", z.id) for z in document.map.zones])
    assert command.text() == "Delete 150 objects"
    document.undo_stack.push(command)
    assert document.map.zones == [] and document.map.borders == [] and document.map.tokens == []
    document.undo_stack.undo()
    assert document.map.model_dump() == before


def test_a_whole_map_put_back_is_laid_out_afresh_as_a_fresh_layout_would_be(qapp, monkeypatch):
    """Delete of everything undone puts 150 zones, then their borders, back: each most of the
    map, so the layout is made afresh (one vectorised pass), not object by object. It answers as
    a fresh layout does, the integrity checks read its borders, and the change repaints it all."""
    from tabletop.document import indexes
    from tabletop.document.integrity import IntegrityError
    from tabletop.geometry.whole.layout import MapLayout
    from tabletop.geometry.whole.tables import union_of

    monkeypatch.setattr(edits_module, "BULK_ZONES", 5)
    document = MapDocument(zone_map(150))
    document.undo_stack.push(remove(document, [("zone", z.id) for z in document.map.zones]))
    one_by_one, repainted = [], []
    for name in ("set_zone", "set_borders"):
        monkeypatch.setattr(MapLayout, name, lambda *args, name=name: one_by_one.append(name))
    document.edited.connect(lambda change: repainted.extend(change.repaint))
    document.undo_stack.undo()
    assert one_by_one == [] and len(document.map.borders) > indexes.BULK
    fresh = MapLayout(document.map)
    layout = document.layout
    assert dict(layout.lines) == dict(fresh.lines) and dict(layout.boxes) == dict(fresh.boxes)
    assert {z: set(b) for z, b in layout.borders_at.items()} == {z: set(b) for z, b in fresh.borders_at.items()}
    whole = union_of(list(fresh.boxes.values()))
    around = union_of(repainted)
    assert around[:2] <= whole[:2] and around[2:] >= whole[2:], "the change repaints the whole map"
    zone = document.map.zones[40]
    x, y = zone.shape.centre()
    assert zone.id in layout.zones_at(x, y)
    with pytest.raises(IntegrityError, match="still names zone"):
        document.drop("zone", zone.id)
    assert document.graph().ids == [z.id for z in document.map.zones]


def test_a_layout_made_afresh_during_its_preparation_is_the_one_prepared(qapp, monkeypatch):
    """The preparation after an open prepares the layout the document holds: one made afresh
    between two of its steps is prepared from the start, the old one let go unprepared."""
    from tabletop.document.preparation import _layout_steps

    monkeypatch.setattr(edits_module, "BULK_ZONES", 5)
    document = MapDocument(zone_map(150))
    steps = _layout_steps(document)
    next(steps)
    old = document.layout
    document.undo_stack.push(remove(document, [("zone", z.id) for z in document.map.zones]))
    document.undo_stack.undo()
    assert document.layout is not old
    for _ in steps:
        pass
    assert document.layout._cell_index is not None and old._cell_index is None


def test_every_other_zone_removed_and_put_back_stands_where_it_stood(qapp, monkeypatch):
    """Undo puts removed objects back among the others in one merge: each where it stood."""
    monkeypatch.setattr(edits_module, "BULK_ZONES", 5)
    document = MapDocument(zone_map(150))
    before = document.map.model_dump()
    document.undo_stack.push(remove(document, [("zone", z.id) for z in document.map.zones[1::2]]))
    assert len(document.map.zones) == 75
    document.undo_stack.undo()
    assert document.map.model_dump() == before
    assert [document.position("zone", z.id) for z in document.map.zones] == list(range(150))
    document.undo_stack.redo()
    document.undo_stack.undo()
    assert document.map.model_dump() == before
