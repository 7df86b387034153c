"""The document is the only place the model changes: typed signals, caches kept current."""

from __future__ import annotations

from tabletop.document import MapDocument
from tabletop.document.changes import Action, Change
from tabletop.document.commands import AddObject, EditObject, MoveToken, remove_zone
from tabletop.model import Border, Passage, ZoneLocation
from tabletop.model.kinds import Kind
from tabletop.rules import reach
from tabletop.samples import warehouse


def test_every_change_says_what_changed(qapp):
    document = MapDocument(warehouse())
    seen: list[Change] = []
    document.edited.connect(seen.append)
    document.undo_stack.push(AddObject(document, "border", Border(id="b13", a="z1", b="z3")))
    document.undo_stack.undo()
    assert [(c.kind, c.object_ids, c.action) for c in seen] == [
        (Kind.BORDER, ("b13",), Action.ADDED),
        (Kind.BORDER, ("b13",), Action.REMOVED),
    ]
    assert seen[0].repaint == (document.layout.boxes.get((Kind.BORDER, "b13")) or seen[1].repaint[0],)
    assert seen[1].repaint, "a removed border's old box is repainted"


def test_the_zone_graph_follows_edits_without_a_rebuild(qapp):
    document = MapDocument(warehouse())
    graph = document.graph()
    assert reach(graph, "z1", 3).cost("z3") is None
    cheap = document.get("border", "b23").model_copy(update={"passages": [Passage(cost_from_a=0, cost_from_b=0)]})
    document.undo_stack.push(EditObject(document, "border", cheap, "passages"))
    assert document.graph() is graph
    assert reach(graph, "z1", 3).cost("z3") == 3
    document.undo_stack.undo()
    assert reach(graph, "z1", 3).cost("z3") is None


def test_removing_a_zone_takes_its_borders_and_tokens_and_undo_puts_them_back_in_place(qapp):
    document = MapDocument(warehouse())
    start = document.map.model_copy(deep=True)
    document.undo_stack.push(remove_zone(document, "z1"))
    assert [z.id for z in document.map.zones] == ["z2", "z3"]
    assert [b.id for b in document.map.borders] == ["b23"]
    assert [t.id for t in document.map.tokens] == ["hargan"]
    document.undo_stack.undo()
    assert document.map == start
    document.undo_stack.redo()
    document.undo_stack.undo()
    assert document.map == start


def test_moves_of_one_drag_merge_and_of_two_drags_do_not(qapp):
    document = MapDocument(warehouse())
    stack = document.undo_stack
    for zone in ("z2", "z3"):
        stack.push(MoveToken(document, "gatto", ZoneLocation(zone=zone), drag=1))
    stack.push(MoveToken(document, "gatto", ZoneLocation(zone="z2"), drag=2))
    assert stack.count() == 2
    assert stack.text(0) == "Move Gatto to East end"
    stack.undo()
    stack.undo()
    assert document.get("token", "gatto").location == ZoneLocation(zone="z1")


def test_new_ids_are_unused(qapp):
    document = MapDocument(warehouse())
    assert document.new_id("zone", "z") == "z-4"
    assert document.new_id("token", "token") == "token-3"


def test_a_token_dragged_back_to_where_it_started_is_not_an_edit(qapp):
    document = MapDocument(warehouse())
    stack = document.undo_stack
    stack.push(MoveToken(document, "gatto", ZoneLocation(zone="z2"), drag=7))
    stack.push(MoveToken(document, "gatto", ZoneLocation(zone="z1"), drag=7))
    assert stack.count() == 0 and not document.modified
    assert document.get("token", "gatto").location == ZoneLocation(zone="z1")


def test_typing_the_map_title_is_one_undo_step(qapp):
    from tabletop.document.commands import EditMap

    document = MapDocument(warehouse())
    for text in ("T", "Th", "The loading bay"):
        document.undo_stack.push(EditMap(document, text, document.map.notes))
    assert document.undo_stack.count() == 1 and document.map.title == "The loading bay"
    document.undo_stack.undo()
    assert document.map.title == "The warehouse"


def test_a_selection_given_in_words_or_kinds_is_held_as_kinds():
    document = MapDocument(warehouse())
    document.select([("zone", "z1"), (Kind.BORDER, document.map.borders[0].id)])
    assert document.selection == [(Kind.ZONE, "z1"), (Kind.BORDER, document.map.borders[0].id)]
    assert all(type(kind) is Kind for kind, _ in document.selection)


def test_many_objects_are_found_as_one_by_one(qapp):
    """get_many, runs of one kind at a time, gives what get gives for each key: kinds in any
    order, words or kinds, and None for what is not on the map."""
    document = MapDocument(warehouse())
    map_ = document.map
    keys = [("zone", z.id) for z in map_.zones[:3]] + [(Kind.BORDER, b.id) for b in map_.borders[:2]]
    keys += [("zone", "nowhere"), ("token", map_.tokens[0].id), ("zone", map_.zones[-1].id), ("grid", "none")]
    found = document.get_many(keys)
    assert found == [document.get(*key) for key in keys]
    assert found[5] is None and found[6] is map_.tokens[0] and found[-1] is None
    assert document.get_many([]) == []


def test_ids_by_kind_keep_their_order_across_runs_of_kinds():
    from tabletop.model.kinds import ids_by_kind

    keys = [("zone", "a"), ("zone", "b"), (Kind.BORDER, "x"), ("zone", "c"), ("token", "t"), (Kind.ZONE, "d")]
    assert ids_by_kind(keys) == {"zone": ["a", "b", "c", "d"], "border": ["x"], "token": ["t"]}
    assert ids_by_kind([]) == {}
