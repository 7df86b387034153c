"""Play and undo: removing a fighter takes it out of the conflict in the same undo step, and
undoing any sequence of play steps returns an equal map, conflict and log included."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.document import MapDocument
from tabletop.document.commands import apply_step, play_step, remove
from tabletop.model import Conflict, Map, Participant, Token, Zone
from tabletop.rules import af, edgerunner
from tabletop.rules.play import Step
from tabletop.samples import af_encounter, warehouse


@pytest.fixture
def document(qapp) -> MapDocument:
    zones = [Zone(id="bay", name="Loading bay", shape={"kind": "node", "x": 0, "y": 0})]
    tokens = [Token(id="gatto", location={"kind": "zone", "zone": "bay"}), Token(id="hargan"), Token(id="jade")]
    return MapDocument(Map(zones=zones, tokens=tokens))


def test_removing_a_fighter_drops_it_from_the_conflict_in_one_undo_step(document: MapDocument) -> None:
    start = Conflict(
        system="af",
        participants=[Participant(token="gatto"), Participant(token="hargan")],
        order=["gatto", "hargan"],
        turn="gatto",
    )
    play_step(document, start, "Start")
    document.undo_stack.push(remove(document, [("token", "gatto")]))
    conflict = document.map.conflict
    assert document.get("token", "gatto") is None
    assert ([p.token for p in conflict.participants], conflict.order, conflict.turn) == (["hargan"], ["hargan"], None)
    document.undo_stack.undo()
    assert document.map.conflict == start
    assert document.get("token", "gatto") is not None


def test_removing_a_zone_takes_its_fighters_out_of_the_conflict(document: MapDocument) -> None:
    play_step(document, Conflict(system="edgerunner", participants=[Participant(token="gatto")]), "Start")
    command = remove(document, [("zone", "bay")])
    assert command.text() == "Remove zone Loading bay with 1 token; the conflict ends"
    document.undo_stack.push(command)
    assert document.map.conflict.participants == [] and document.map.conflict.ended == "ended"
    document.undo_stack.undo()
    assert [p.token for p in document.map.conflict.participants] == ["gatto"]
    assert document.map.conflict.ended is None


# -- undo of whole exchanges -------------------------------------------------------------------


REFLEXES = {"kell": 3, "mira": 5, "raider": 2, "archer": 4}


def _af_step(map_, conflict, move):
    kind, who, what = move
    actor = conflict.turn or conflict.order[0]
    if kind == "next":
        return af.next_turn(map_, conflict)
    if kind == "act":
        return af.act(map_, conflict, actor, af.ACTIONS[what % len(af.ACTIONS)], target=conflict.order[who % 4])
    if kind == "snap":
        return af.snap(map_, conflict, actor, ("fend", "quip", "prepare", "equip")[what % 4])
    if kind == "end":
        return af.end_exchange(map_, conflict)
    return Step(af.use_guard(conflict, conflict.order[who % 4]), "guard")


def _edgerunner_step(map_, conflict, move):
    kind, who, what = move
    tokens = ("gatto", "hargan")
    if kind == "next":
        waiting = edgerunner.whos_next(conflict)
        return Step(edgerunner.claim(conflict, waiting[who % len(waiting)]), "claim") if waiting else None
    actor = conflict.turn
    if actor is None:
        return None
    if kind == "act":
        target = tokens[who % 2]
        return edgerunner.attack(map_, conflict, actor, target, ("health", "cool")[what % 2], what % 5)
    if kind == "snap":
        return edgerunner.maneuver(map_, conflict, actor, ("scene", ""), f"Aspect {what}", what % 7)
    if kind == "end":
        return Step(edgerunner.end_exchange(conflict), "end exchange")
    return edgerunner.compel(conflict, actor, bool(what % 2), aspect="Hot-headed")


MOVES = st.lists(
    st.tuples(
        st.sampled_from(["next", "next", "act", "snap", "end", "guard"]),
        st.integers(0, 3),
        st.integers(0, 9),
    ),
    min_size=1,
    max_size=25,
)


def _play(document: MapDocument, moves, step_of) -> int:
    """Apply the moves the rules accept; returns how many became undo steps."""
    applied = 0
    for move in moves:
        try:
            step = step_of(document.map, document.map.conflict, move)
        except ValueError:
            continue  # the rules refused (e.g. out of reach): the GM would be told, nothing changes
        if step is None:
            continue
        apply_step(document, step)
        applied += 1
    return applied


@given(moves=MOVES, system=st.sampled_from(["af", "edgerunner"]))
def test_undo_of_any_sequence_of_play_steps_returns_an_equal_map(qapp, moves, system) -> None:
    map_ = af_encounter() if system == "af" else warehouse()
    document = MapDocument(map_)
    if system == "af":
        apply_step(document, af.start(document.map, list(REFLEXES), {}, REFLEXES))
        step_of = _af_step
    else:
        apply_step(document, edgerunner.start(document.map, ["gatto", "hargan"]))
        step_of = _edgerunner_step
    started = document.map.model_copy(deep=True)
    applied = _play(document, moves, step_of)
    after = document.map.model_copy(deep=True)
    assert document.undo_stack.count() == applied + 1
    for _ in range(applied):
        document.undo_stack.undo()
    assert document.map == started
    for _ in range(applied):
        document.undo_stack.redo()
    assert document.map == after


def test_undo_of_a_whole_af_exchange_returns_the_map_before_it(qapp) -> None:
    document = MapDocument(af_encounter())
    before = document.map.model_copy(deep=True)
    apply_step(document, af.start(document.map, list(REFLEXES), {}, REFLEXES))
    while document.map.conflict.exchange == 1:
        conflict = document.map.conflict
        apply_step(document, af.act(document.map, conflict, conflict.turn, "defend"))
        apply_step(document, af.next_turn(document.map, document.map.conflict))
    assert document.map.conflict.exchange == 2
    assert document.undo_stack.count() == 1 + 2 * 5 * 4
    while document.undo_stack.canUndo():
        document.undo_stack.undo()
    assert document.map == before
