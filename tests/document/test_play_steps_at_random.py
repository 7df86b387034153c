"""Random steps from every system's own declarations, played on the sample conflicts: a step
the rules refuse changes nothing; a step taken is one undo step that undoes to the exact map
and conflict before it (and redoes to the one after); the map after a sequence saves and
opens again as the same map. The steps are drawn from what each move declares it takes, so a
move or field a system adds is played here with no edit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.document import MapDocument
from tabletop.document.commands import apply_step
from tabletop.io import load_map, save_map
from tabletop.model import Map
from tabletop.rules import systems
from tabletop.rules.step_fields import DO_OF, Field, Move

MAPS = Path(__file__).resolve().parents[2] / "maps"
SAMPLES = ("warehouse-conflict.tabletop", "af-encounter-round3.tabletop")
SKIPPED = {"start", "close"}
"""Steps that end the conflict itself; the rest are drawn."""


def _moves(rules: systems.RuleSystem) -> list[Move]:
    return [m for m in (*rules.moves, *systems.steps_of(rules)) if m.word not in SKIPPED]


def _value(data, map_: Map, spec: Field) -> Any:
    """A value for a field, as a GM might give it: mostly things on the map, sometimes not."""
    conflict = map_.conflict
    tokens = [t.id for t in map_.tokens]
    taking = [p.token for p in conflict.participants] if conflict is not None else []
    kind = spec.kind
    if kind in ("token", "participant"):
        return data.draw(st.sampled_from(taking or tokens))
    if kind == "target":
        borders = [b.id for b in map_.borders if b.stress is not None]
        return data.draw(st.sampled_from(tokens + borders))
    if kind == "tokens":
        return data.draw(st.lists(st.sampled_from(tokens), min_size=1, max_size=2, unique=True))
    if kind == "order":
        return data.draw(st.permutations(taking))
    if kind == "zone":
        return data.draw(st.sampled_from([z.id for z in map_.zones] or ["nowhere"]))
    if kind == "place":
        if map_.grids:
            return data.draw(st.tuples(st.integers(-1, 16), st.integers(-1, 16)).map(list))
        return data.draw(st.sampled_from([z.id for z in map_.zones]))
    if kind == "holder":
        holders = ["scene", *(f"zone {z.id}" for z in map_.zones[:3]), *(f"token {t}" for t in tokens)]
        return data.draw(st.sampled_from(holders))
    if kind == "aspect":
        return data.draw(st.sampled_from(["Crates everywhere", "Dug in", "Smoke"]))
    if kind == "track":
        return data.draw(st.sampled_from(["health", "cool", ""]))
    if kind == "number":
        return data.draw(st.integers(max(spec.low, -3), min(spec.high, 8)))
    if kind == "flag":
        return data.draw(st.booleans())
    if kind in ("line", "text"):
        return data.draw(st.sampled_from(["", "A story", "runners", "corp", "band", "raiders"]))
    if kind == "choice":
        return data.draw(st.sampled_from(spec.choices))
    if kind == "boxes":
        return data.draw(st.lists(st.integers(1, 5), max_size=2, unique=True))
    if kind == "facing":
        return float(data.draw(st.sampled_from([0, 90, 180, 270, 45])))
    if kind == "by_token":
        chosen = data.draw(st.lists(st.sampled_from(taking or tokens), min_size=1, max_size=2, unique=True))
        return {t: data.draw(st.integers(0, 4)) for t in chosen}
    if kind == "sides":
        return {data.draw(st.sampled_from(tokens)): data.draw(st.sampled_from(["band", "raiders"]))}
    if kind == "resist":
        return {"stress": data.draw(st.integers(0, 3)), "track": "health"}
    return None  # passages, data: given by hand, not drawn


def _step(data, map_: Map) -> dict[str, Any]:
    rules = systems.of(map_.conflict)
    move = data.draw(st.sampled_from(_moves(rules)))
    step: dict[str, Any] = {"do": DO_OF.get(move.kind, move.word)}
    if move.kind in DO_OF:
        step[move.kind] = move.word
        step["actor"] = data.draw(st.sampled_from([p.token for p in map_.conflict.participants]))
    for spec in move.fields:
        if spec.required or data.draw(st.booleans()):
            value = _value(data, map_, spec)
            if value is not None:
                step[spec.name] = value
    return step


def _next_turn(map_: Map) -> dict[str, Any]:
    """A step the rules take on either sample: the next turn, to one who may act when asked whom."""
    rules = systems.of(map_.conflict)
    step: dict[str, Any] = {"do": "next"}
    if any(spec.name == "who" for spec in rules.move("step", "next").fields):
        step["who"] = rules.who_may_act(map_.conflict)[0]
    return step


@pytest.mark.parametrize("sample", SAMPLES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_steps_undo_exactly_refusals_change_nothing_and_saves_reopen(qapp, tmp_path, sample, data):
    document = MapDocument(load_map(MAPS / sample))
    taken = 0
    for number in range(10):
        if document.map.conflict is None or document.map.conflict.ended:
            break
        step = _step(data, document.map) if number else _next_turn(document.map)
        before = document.map.model_copy(deep=True)
        graph = document.graph() if document.map.zones else None
        try:
            outcome = systems.perform(document.map, document.map.conflict, step, graph=graph)
        except ValueError:
            assert document.map == before, f"{step} was refused but changed the map"
            continue
        try:
            apply_step(document, outcome)
        except ValueError:  # the document refused what would break the map: nothing pushed
            assert document.map == before
            continue
        taken += 1
        after = document.map.model_copy(deep=True)
        assert Map.model_validate(document.map.model_dump()) == document.map, f"{step} left an invalid map"
        document.undo_stack.undo()
        assert document.map == before, f"undo of {step} did not give the map back"
        document.undo_stack.redo()
        assert document.map == after, f"redo of {step} did not take it again"
    assert taken >= 1, "not even the next turn was taken"
    path = tmp_path / f"played-{taken}.tabletop"
    save_map(document.map, path)
    assert load_map(path) == document.map
