"""The map's own settings (title, notes, lattice step), its background picture, its conflict
and its tile sets are set whole, and each setting is one `edited` change naming the part and carrying what it replaced,
as an object edit does: a view listens to one signal, and a refused setting says nothing."""

from __future__ import annotations

import pytest

from tabletop.document import MapDocument
from tabletop.document.changes import Action, Change, Part
from tabletop.document.commands import EditMap, SetBackground
from tabletop.document.integrity import IntegrityError
from tabletop.model import Background, Conflict, Map, Participant, TileSet, Token
from tabletop.model.kinds import Kind


@pytest.fixture
def document(qapp) -> MapDocument:
    return MapDocument(Map(title="Docks", notes="Rain", tokens=[Token(id="kell")]))


def _tile_set(set_id: str) -> TileSet:
    return TileSet(id=set_id, tiles=[{"name": "clearing"}])


@pytest.fixture
def heard(document: MapDocument) -> list[Change]:
    changes: list[Change] = []
    document.edited.connect(changes.append)
    return changes


def test_each_setting_and_its_undo_is_one_change_with_what_it_replaced(document, heard):
    stack = document.undo_stack
    stack.push(EditMap(document, "Night docks", "Fog"))
    picture = Background(path="docks.png", scale=2.0)
    stack.push(SetBackground(document, picture))
    fight = Conflict(system="af", participants=[Participant(token="kell")])
    document.set_conflict(fight)
    document.set_tile_sets([_tile_set("woods")])
    assert [(c.kind, c.object_ids, c.action) for c in heard] == [
        (part, (), Action.CHANGED) for part in (Part.DETAILS, Part.BACKGROUND, Part.CONFLICT, Part.TILE_SETS)
    ]
    assert [c.before for c in heard] == [({"title": "Docks", "notes": "Rain"},), (None,), (None,), ([],)]
    stack.undo()
    assert heard[-1].kind is Part.BACKGROUND and heard[-1].before == (picture,)
    assert document.map.background is None
    stack.undo()
    assert heard[-1].before == ({"title": "Night docks", "notes": "Fog"},) and document.map.title == "Docks"


def test_a_part_is_never_taken_for_an_object_kind(document, heard):
    document.set_tile_sets([])
    assert heard[-1].kind != Kind.GRID and heard[-1].kind != "tile sets" and not isinstance(heard[-1].kind, str)


def test_a_refused_setting_changes_nothing_and_says_nothing(document, heard):
    with pytest.raises(IntegrityError, match="not on the map"):
        document.set_conflict(Conflict(system="af", participants=[Participant(token="nobody")]))
    with pytest.raises(IntegrityError, match="two tile sets would have the id 'a'"):
        document.set_tile_sets([_tile_set("a"), _tile_set("a")])
    assert heard == [] and document.map.conflict is None and document.map.tile_sets == []
