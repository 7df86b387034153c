"""A grid removed while an AF encounter runs takes its start (`conflict.grids_at_start`) with it,
in the same undo step: a grid made later under the freed id began nothing, so an exchange's end
trims it to 3x3 as the text says ("At the end of each exchange tiles should be removed until the
zone is a 3x3 grid again"), not to the removed grid's prepared tiles."""

from __future__ import annotations

from tabletop.document import MapDocument
from tabletop.document.commands import apply_step, remove
from tabletop.model import AreaLocation
from tabletop.model.kinds import Kind
from tabletop.rules import af
from tabletop.rules.growth import grow
from tabletop.samples import af_encounter


def _yard(map_, grid_id: str = "yard"):
    """A second grid beside the creek, grown to 4x4 tiles, with nobody on it."""
    creek = map_.grids[0]
    yard = creek.model_copy(update={"id": grid_id, "name": "Yard", "origin": (5000.0, 0.0)})
    for edge in ("east", "south"):
        yard = grow(yard, map_.tile_sets[0], edge)
    return yard


def test_a_grid_removed_mid_encounter_takes_its_start_and_undo_brings_it_back(qapp):
    map_ = af_encounter()
    document = MapDocument(map_.model_copy(update={"grids": [*map_.grids, _yard(map_)]}))
    fighters = [t.id for t in document.map.tokens]
    apply_step(document, af.start(document.map, fighters, {}, {t: 5 - i for i, t in enumerate(fighters)}))
    assert {s.grid for s in document.map.conflict.grids_at_start} == {"creek", "yard"}
    document.undo_stack.push(remove(document, [(Kind.GRID, "yard")]))
    conflict = document.map.conflict
    assert [s.grid for s in conflict.grids_at_start] == ["creek"] and conflict.ended is None
    document.undo_stack.undo()
    assert {s.grid for s in document.map.conflict.grids_at_start} == {"creek", "yard"}


def test_a_grid_made_under_a_removed_grids_id_is_trimmed_to_3x3(qapp):
    map_ = af_encounter()
    document = MapDocument(map_.model_copy(update={"grids": [*map_.grids, _yard(map_)]}))
    fighters = [t.id for t in document.map.tokens]
    apply_step(document, af.start(document.map, fighters, {}, {t: 5 - i for i, t in enumerate(fighters)}))
    document.undo_stack.push(remove(document, [(Kind.GRID, "yard")]))
    document.put(Kind.GRID, _yard(document.map))  # a new 4x4 grid under the freed id
    archer = document.get(Kind.TOKEN, "archer")  # a fighter steps onto it: a grid of the encounter
    document.put(Kind.TOKEN, archer.model_copy(update={"location": AreaLocation(grid="yard", row=2, col=2)}))
    apply_step(document, af.end_exchange(document.map, document.map.conflict))
    yard = document.get(Kind.GRID, "yard")
    assert len(yard.tiles) == 9, "it began nothing: trimmed to 3x3 tiles"
