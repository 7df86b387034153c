"""A scene works out what a zone edit repaints from the zone as the change says it was, not from
a copy of the map of its own: a zone renamed in place repaints its own box (and the words the
arrangement moves), not its borders'; for the GM a zone fogged repaints the veil over its shape;
a zone moved, or for the players a zone fogged (its borders hide with it), repaints all the
document worked out. Undo
and a second scene opened late follow the same way."""

from __future__ import annotations

import pytest

from tabletop.document import MapDocument
from tabletop.document.commands import EditObject
from tabletop.geometry.single.shapes import zones_extent
from tabletop.model import PolygonShape
from tabletop.model.kinds import Kind
from tabletop.render.style import players_style
from tabletop.samples import warehouse
from tabletop.ui.scene.editor_scene import EditorScene
from tabletop.ui.scene.map_scene import MapScene


@pytest.fixture
def document(qapp) -> MapDocument:
    return MapDocument(warehouse())


def _heard(document: MapDocument, scene: MapScene, monkeypatch) -> tuple[list, list]:
    """The changes the document tells, and the boxes the scene's layer is given to paint again."""
    changes, dirtied = [], []
    document.edited.connect(changes.append)
    original = scene.layer.dirty
    monkeypatch.setattr(
        scene.layer, "dirty", lambda boxes, bulk=False: (dirtied.append(list(boxes)), original(boxes, bulk))
    )
    return changes, dirtied


def _lines(document: MapDocument) -> set:
    """The boxes of the border lines around the edited zone: a rename or a fog moves none."""
    return {document.layout.boxes[(Kind.BORDER, b)] for b in document.layout.borders_at["z2"]}


def _edit(document: MapDocument, what: str, **update) -> None:
    zone = document.get(Kind.ZONE, "z2").model_copy(update=update)
    document.undo_stack.push(EditObject(document, Kind.ZONE, zone, what))


def test_a_renamed_zone_repaints_its_own_box_and_a_moved_one_its_borders_too(document, monkeypatch):
    scene = EditorScene(document)
    changes, dirtied = _heard(document, scene, monkeypatch)
    own = document.layout.boxes[(Kind.ZONE, "z2")]
    _edit(document, "name", name="The middle")
    assert changes[-1].before[0].name == "Middle", "the change carries the zone as it was"
    painted = [box for boxes in dirtied for box in boxes]
    assert painted[0] == own and not _lines(document) & set(painted), "its box and words: the lines did not move"
    assert len(changes[-1].repaint) > 1, "the document's repaint holds its borders too"
    dirtied.clear()
    zone = document.get(Kind.ZONE, "z2")
    moved = PolygonShape(points=[(x + 5, y) for x, y in zone.shape.points])
    _edit(document, "shape", shape=moved)
    assert dirtied[0][: len(changes[-1].repaint)] == list(changes[-1].repaint), "a new shape repaints all around it"
    dirtied.clear()
    document.undo_stack.undo()
    assert changes[-1].before[0].shape == moved, "undo says what it took back"
    assert dirtied[0][: len(changes[-1].repaint)] == list(changes[-1].repaint)


def test_fog_repaints_the_gms_veil_alone_and_the_players_borders_too(document, monkeypatch):
    gm = EditorScene(document)
    gm_changes, gm_dirtied = _heard(document, gm, monkeypatch)
    _edit(document, "fogged", fogged=True)
    painted = [box for boxes in gm_dirtied for box in boxes]
    veil = zones_extent([document.get(Kind.ZONE, "z2")])
    assert painted[0] == veil and not _lines(document) & set(painted), "the veil over its shape, and words"
    players = MapScene(document, players_style())  # opened late: it has seen no edit before this one
    _, players_dirtied = _heard(document, players, monkeypatch)
    document.undo_stack.undo()
    assert gm_changes[-1].before[0].fogged
    assert players_dirtied[0] == list(gm_changes[-1].repaint), "its borders show or hide with it"
