"""The document never holds a map the loader would refuse: removing a grid or a zone takes
what stands on it, a broken edit is refused before anything changes, and random edit
sequences (add, remove, move, undo, redo) always save to a map that loads back equal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.document import MapDocument
from tabletop.document.commands import AddObject, EditObject, MoveToken, SetBackground, remove, remove_grid
from tabletop.document.commands.play import play_step
from tabletop.document.integrity import IntegrityError
from tabletop.io import map_from_bytes
from tabletop.io.write import map_to_text
from tabletop.model import AreaLocation, Background, Border, Conflict, NodeShape, Token, Zone, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.model.play_reserve import ReserveSide
from tabletop.samples import af_encounter, warehouse


def _saved_and_loaded(document: MapDocument):
    return map_from_bytes(map_to_text(document.map).encode(), "edited.tabletop")


def test_removing_a_grid_takes_its_tokens_in_one_undo_step(qapp):
    document = MapDocument(af_encounter())
    start = document.map.model_copy(deep=True)
    on_grid = document.tokens_on(Kind.GRID, "creek")
    assert len(on_grid) == 4
    document.undo_stack.push(remove_grid(document, "creek"))
    assert document.map.grids == [] and document.map.tokens == []
    assert document.undo_stack.count() == 1
    assert document.undo_stack.text(0) == "Remove grid The creek with 4 tokens"
    assert _saved_and_loaded(document) == document.map
    document.undo_stack.undo()
    assert document.map == start


def test_an_edit_that_would_break_a_reference_is_refused_and_changes_nothing(qapp):
    document = MapDocument(af_encounter())
    start = document.map.model_copy(deep=True)
    revision = document.revision
    with pytest.raises(IntegrityError, match="still stands on grid 'creek'"):
        document.drop(Kind.GRID, "creek")
    stray = Token(id="stray", name="Stray", location=AreaLocation(grid="creek", row=40, col=0))
    with pytest.raises(IntegrityError, match=r"would stand outside grid 'creek' \(row 40, column 0\)"):
        document.put(Kind.TOKEN, stray)
    with pytest.raises(IntegrityError, match="zone 'nowhere'"):
        document.put(Kind.BORDER, Border(id="b", a="nowhere", b="nowhere-else"))
    unknown_set = document.map.grids[0].model_copy(update={"tile_set": "no-such-set"})
    with pytest.raises(IntegrityError, match="tile set 'no-such-set'"):
        document.put(Kind.GRID, unknown_set)
    assert document.map == start and document.revision == revision


def test_deleting_a_zone_and_a_token_standing_in_it_removes_the_token_once(qapp):
    document = MapDocument(warehouse())
    command = remove(document, [(Kind.ZONE, "z1"), (Kind.TOKEN, "gatto")])
    removed = [(p.kind, obj.id) for p in command.parts for obj in p.objs]
    assert removed.count((Kind.TOKEN, "gatto")) == 1
    document.undo_stack.push(command)
    assert document.get(Kind.TOKEN, "gatto") is None and document.get(Kind.ZONE, "z1") is None


OPS = st.sampled_from(["add_zone", "add_border", "add_token", "remove", "move", "undo", "redo"])


def _apply(document: MapDocument, op: str, n: int) -> None:
    stack, map_ = document.undo_stack, document.map
    if op == "undo":
        stack.undo()
    elif op == "redo":
        stack.redo()
    elif op == "add_zone":
        zone_id = document.new_id(Kind.ZONE, "node")
        stack.push(AddObject(document, Kind.ZONE, Zone(id=zone_id, shape=NodeShape(x=n * 37 % 900, y=n % 500))))
    elif op == "add_border" and len(map_.zones) >= 2:
        a, b = map_.zones[n % len(map_.zones)].id, map_.zones[(n + 1) % len(map_.zones)].id
        stack.push(AddObject(document, Kind.BORDER, Border(id=document.new_id(Kind.BORDER, "border"), a=a, b=b)))
    elif op == "add_token":
        token_id = document.new_id(Kind.TOKEN, "token")
        if map_.grids and n % 2:
            where = AreaLocation(grid=map_.grids[0].id, row=n % 15, col=(n // 3) % 15)
        elif map_.zones:
            where = ZoneLocation(zone=map_.zones[n % len(map_.zones)].id)
        else:
            return
        stack.push(AddObject(document, Kind.TOKEN, Token(id=token_id, location=where)))
    elif op == "remove":
        everything = [(k, o.id) for k in Kind for o in getattr(map_, k.plural)]
        if everything:
            stack.push(remove(document, [everything[n % len(everything)]]))
    elif op == "move" and map_.tokens and map_.zones:
        token = map_.tokens[n % len(map_.tokens)]
        stack.push(MoveToken(document, token.id, ZoneLocation(zone=map_.zones[n % len(map_.zones)].id), drag=n))


@settings(max_examples=60)
@given(
    start=st.sampled_from([warehouse, af_encounter]),
    steps=st.lists(st.tuples(OPS, st.integers(0, 1000)), min_size=1, max_size=25),
)
def test_every_edit_sequence_saves_a_map_that_loads_back_equal(qapp, start, steps):
    document = MapDocument(start())
    for op, n in steps:
        _apply(document, op, n)
        assert document.map.problems() == []
        assert _saved_and_loaded(document) == document.map
        assert set(document.layout.zone_ids()) == {z.id for z in document.map.zones}
        assert set(document.layout.border_ids()) == {b.id for b in document.map.borders}
        assert all(document.layout.border(b.id) is b for b in document.map.borders)


def test_a_conflict_the_loader_would_refuse_is_refused_and_changes_nothing(qapp):
    """Play steps copy the conflict without checking: the document checks it whole."""
    document = MapDocument(af_encounter())
    start = document.map.model_copy(deep=True)
    crowded = Conflict.model_construct(system="reserve", reserve=[ReserveSide(name=f"S{n}") for n in range(101)])
    with pytest.raises(IntegrityError, match="at most 100"):
        document.set_conflict(crowded)
    stranger = Conflict.model_construct(system="af", turn="ghost")
    with pytest.raises(IntegrityError, match="names 'ghost', who does not take part"):
        document.set_conflict(stranger)
    assert document.map == start
    fine = Conflict(system="reserve", reserve=[ReserveSide(name=f"S{n}") for n in range(100)])
    document.set_conflict(fine)
    assert _saved_and_loaded(document).conflict == fine


def test_a_refused_play_step_leaves_neither_half_a_step_nor_an_undo_entry(qapp):
    """The map edits of a step come before its conflict: when the conflict is refused, they are
    taken back, and nothing marks the map modified."""
    document = MapDocument(af_encounter())
    start = document.map.model_copy(deep=True)
    token = document.map.tokens[0]
    turned = token.model_copy(update={"facing": (token.facing + 90) % 360})
    broken = Conflict.model_construct(system="af", turn="ghost")
    with pytest.raises(IntegrityError, match="ghost"):
        play_step(document, broken, "Turn and end", [EditObject(document, Kind.TOKEN, turned)])
    with pytest.raises(IntegrityError, match="ghost"):
        play_step(document, broken, "End")
    assert document.map == start
    assert document.undo_stack.count() == 0 and not document.modified


def test_a_background_path_no_file_could_hold_is_refused_and_leaves_no_undo_entry(qapp):
    document = MapDocument(af_encounter())
    picture = Background(path="creek.png")
    document.undo_stack.push(SetBackground(document, picture))
    assert _saved_and_loaded(document).background == picture
    broken = Background.model_construct(path="maps\nold/creek.png")  # a worked-out path, unchecked
    with pytest.raises(IntegrityError, match="background picture cannot be saved"):
        document.undo_stack.push(SetBackground(document, broken))
    assert document.map.background == picture and document.undo_stack.count() == 1


def test_a_refused_edit_leaves_no_undo_step_and_no_unsaved_mark(qapp):
    from tabletop.document.commands import EditObject

    document = MapDocument(af_encounter())
    stray = document.map.tokens[0].model_copy(update={"location": ZoneLocation(zone="nowhere")})
    with pytest.raises(IntegrityError, match="zone 'nowhere'"):
        document.undo_stack.push(EditObject(document, "token", stray))
    assert document.undo_stack.count() == 0 and not document.modified
    with pytest.raises(IntegrityError):
        document.undo_stack.push(AddObject(document, "border", Border(id="b", a="nowhere", b="else")))
    assert document.undo_stack.count() == 0 and not document.modified


def test_the_zones_a_border_may_name_follow_every_edit_undo_and_redo(qapp):
    """Integrity reads the zones on the map from the document's places by id: a zone added,
    removed, or put back by undo is known or not at once."""
    document = MapDocument(warehouse())
    added = Zone(id="annex", shape=NodeShape(x=10.0, y=10.0, radius=5.0))
    document.undo_stack.push(AddObject(document, Kind.ZONE, added))
    document.put(Kind.BORDER, Border(id="to-annex", a="z1", b="annex"))
    document.drop(Kind.BORDER, "to-annex")
    document.undo_stack.undo()  # the annex gone again
    with pytest.raises(IntegrityError, match="zone 'annex', which is not on the map"):
        document.put(Kind.BORDER, Border(id="to-annex", a="z1", b="annex"))
    document.undo_stack.redo()
    document.put(Kind.BORDER, Border(id="to-annex", a="z1", b="annex"))
    assert document.get(Kind.BORDER, "to-annex").b == "annex"
    with pytest.raises(IntegrityError, match="border 'to-annex' still names zone 'annex'"):
        document.drop(Kind.ZONE, "annex")


def _said(check) -> str | None:
    try:
        check()
    except IntegrityError as error:
        return str(error)
    return None


@pytest.mark.parametrize("opened", [True, False], ids=["borders as opened", "borders asked since"])
def test_checks_of_many_objects_say_what_the_first_one_checked_alone_says(qapp, opened):
    """Putting or dropping many zones and borders checks them together: the same refusal, for
    the same first object, as checking them one by one in their order, and none where none."""
    from tests.maps import zone_map

    document = MapDocument(zone_map(60))
    integrity, map_ = document.integrity, document.map
    if not opened:
        for zone in map_.zones[::3]:
            integrity.border_ends.get(zone.id)  # its set made, as an edit or a reach makes it
    lonely = Zone(id="lonely", shape=NodeShape(x=5000.0, y=5000.0))
    document.undo_stack.push(AddObject(document, "zone", lonely))
    document.undo_stack.push(AddObject(document, "token", Token(id="t", name="T", location=ZoneLocation(zone="z2-2"))))
    for zones in ([lonely], [lonely, map_.zones[9], map_.zones[7]], [map_.zones[-1], lonely, map_.zones[14]]):
        one_by_one = next(filter(None, (_said(lambda z=z: integrity.check_drop(Kind.ZONE, z)) for z in zones)), None)
        assert _said(lambda zones=zones: integrity.check_drop_many(Kind.ZONE, zones)) == one_by_one
    token_first = [z for z in map_.zones if z.id == "z2-2"] + [map_.zones[3]]
    assert "token 't' still stands" in _said(lambda: integrity.check_drop_many(Kind.ZONE, token_first))
    assert _said(lambda: integrity.check_drop_many(Kind.ZONE, [lonely])) is None
    borders = [b.model_copy(update={"id": f"new{k}"}) for k, b in enumerate(map_.borders[:5])]
    assert _said(lambda: integrity.check_put_many(Kind.BORDER, borders, [None] * 5)) is None
    borders[3] = borders[3].model_copy(update={"b": "nowhere"})
    borders[4] = borders[4].model_copy(update={"a": "elsewhere"})
    expected = _said(lambda: integrity.check_put(Kind.BORDER, borders[3], None))
    assert "'nowhere'" in expected
    assert _said(lambda: integrity.check_put_many(Kind.BORDER, borders, [None] * 5)) == expected
