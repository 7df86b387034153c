"""A piece of a map to copy: the chosen zones with the borders among them, tokens, grids and
their tile sets; pasted, it takes free ids, keeps its references and moves by an offset."""

from __future__ import annotations

from tabletop.document.fragments import piece_of, placed
from tabletop.model import Map
from tabletop.model.kinds import Kind
from tabletop.samples import af_encounter, warehouse


def _taken(map_: Map):
    ids = {(Kind.ZONE, z.id) for z in map_.zones} | {(Kind.BORDER, b.id) for b in map_.borders}
    ids |= {(Kind.TOKEN, t.id) for t in map_.tokens} | {(Kind.GRID, g.id) for g in map_.grids}
    return lambda kind, object_id: (Kind(kind), object_id) in ids


def test_only_the_borders_among_the_chosen_zones_come_along():
    map_ = warehouse()
    two = [z.id for z in map_.zones[:2]]
    piece, _ = piece_of(map_, [("zone", z) for z in two])
    assert [z.id for z in piece.zones] == two
    assert piece.borders and all(b.a in two and b.b in two for b in piece.borders)
    assert len(piece.borders) == sum(1 for b in map_.borders if b.a in two and b.b in two)
    assert piece_of(map_, []) is None


def test_pasted_on_its_own_map_a_piece_takes_new_ids_and_its_references_follow():
    map_ = warehouse()
    chosen = [("zone", z.id) for z in map_.zones] + [("token", t.id) for t in map_.tokens]
    piece, homes = piece_of(map_, chosen)
    ready = placed(piece, homes, map_, _taken(map_), (40.0, 20.0))
    new_zones = {z.id for z in ready.zones}
    assert not new_zones & {z.id for z in map_.zones}
    assert all(b.a in new_zones and b.b in new_zones for b in ready.borders)
    assert all(t.location.zone in new_zones for t in ready.tokens)
    first, moved = map_.zones[0].shape.points[0], ready.zones[0].shape.points[0]
    assert (moved[0] - first[0], moved[1] - first[1]) == (40.0, 20.0)
    whole = map_.model_copy(
        update={
            "zones": map_.zones + ready.zones,
            "borders": map_.borders + ready.borders,
            "tokens": map_.tokens + ready.tokens,
        }
    )
    assert Map.model_validate(whole.model_dump()) == whole, "the map with the copy is a map that loads"


def test_a_token_copied_without_its_zone_keeps_it_on_the_same_map_and_waits_off_another():
    map_ = warehouse()
    token = map_.tokens[0]
    piece, homes = piece_of(map_, [("token", token.id)])
    assert piece.tokens[0].location is None and homes.homes == {token.id: token.location}
    same = placed(piece, homes, map_, _taken(map_), (0.0, 0.0))
    assert same.tokens[0].location == token.location and same.tokens[0].id != token.id
    other = placed(piece, homes, Map(), _taken(Map()), (0.0, 0.0))
    assert other.tokens[0].location is None and other.tokens[0].id == token.id


def test_a_grid_comes_with_its_tile_set_and_its_tokens_onto_another_map():
    map_ = af_encounter()
    grid = map_.grids[0]
    chosen = [("grid", grid.id)] + [("token", t.id) for t in map_.tokens]
    piece, homes = piece_of(map_, chosen)
    assert [s.id for s in piece.tile_sets] == [grid.tile_set] and homes.homes == {}
    ready = placed(piece, homes, Map(), _taken(Map()), (20.0, 0.0))
    assert ready.tile_sets == piece.tile_sets and ready.grids[0].tile_set == grid.tile_set
    assert ready.grids[0].origin == (grid.origin[0] + 20.0, grid.origin[1])
    assert all(t.location.grid == grid.id for t in ready.tokens)
    again = placed(piece, homes, map_, _taken(map_), (0.0, 0.0))
    assert again.tile_sets == [] and again.grids[0].id != grid.id
    assert all(t.location.grid == again.grids[0].id for t in again.tokens)


def test_an_offset_past_the_edge_of_the_world_is_held_at_it():
    map_ = warehouse()
    piece, homes = piece_of(map_, [("zone", map_.zones[0].id)])
    ready = placed(piece, homes, Map(), _taken(Map()), (1e9, -1e9))
    Map(zones=ready.zones)  # within the coordinates a map may hold
    assert max(x for x, _ in ready.zones[0].shape.points) == 100_000.0


def test_a_copy_of_an_object_with_the_longest_id_takes_a_numbered_id_a_map_holds():
    longest = "z" * 200
    map_ = warehouse()
    zone = map_.zones[0].model_copy(update={"id": longest})
    map_ = map_.model_copy(update={"zones": [zone, *map_.zones[1:]], "borders": [], "tokens": []})
    piece, homes = piece_of(map_, [("zone", longest)])
    ready = placed(piece, homes, map_, _taken(map_), (40.0, 20.0))
    (copied,) = ready.zones
    assert copied.id != longest and copied.id.startswith("z" * 190) and len(copied.id) <= 200
    whole = map_.model_copy(update={"zones": map_.zones + ready.zones})
    assert Map.model_validate(whole.model_dump()) == whole
