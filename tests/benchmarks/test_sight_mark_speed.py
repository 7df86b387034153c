"""Speed of a players' token's step with fog by sight on, on the 10k-zone map fogged all over:
the move lifting what comes into sight, then both windows' next frames (the players' shade and,
with View ▸ Show Players' Sight, the GM's mark following the move). Measured with the GM's mark
off (as before it was made) and on, alternately in one run, against the players' window's target
of 16 ms a step for both windows (median). Figures in docs/SPEED.md.

Run with: .venv/bin/python -m pytest tests/benchmarks/test_sight_mark_speed.py -o addopts="" --benchmark-only
"""

# ruff: noqa: F811  (the editor benchmarks' fixtures are taken in by name)
from __future__ import annotations

import pytest

from tabletop.document.commands import AddObject
from tabletop.model import Token, ZoneLocation
from tests.benchmarks.test_editor_speed import big_map_file, discard_on_close, frame, window  # noqa: F401
from tests.benchmarks.test_fog_by_sight_speed import _walk
from tests.benchmarks.test_player_speed import _players, _zone_near_centre


@pytest.mark.parametrize("mark", [False, True], ids=["gm mark off", "gm mark on"])
@pytest.mark.parametrize("reach", [3, 10])
def test_a_sighted_step_repaints_both_windows_10k(benchmark, qtbot, window, reach, mark):
    document = window.document
    zones = [zone.model_copy(update={"fogged": True}) for zone in document.map.zones]
    document.replace_map(document.map.model_copy(update={"zones": zones}), None)
    start = _zone_near_centre(window)
    document.undo_stack.push(
        AddObject(document, "token", Token(id="kell", name="Kell", side="runners", location=ZoneLocation(zone=start)))
    )
    window.later.finish()
    fog, shown = window.fog, window.players_sight
    fog.set_players_side("runners")
    fog.set_sight_range(reach)
    fog.by_sight_action.setChecked(True)
    shown.action.setChecked(mark)
    player = _players(qtbot, window)
    steps = iter(_walk(document, start, 120))

    def step_and_paint():
        document.undo_stack.push(fog._revealing_move(document, "kell", ZoneLocation(zone=next(steps))))
        return frame(window.view), frame(player.view)

    benchmark.pedantic(step_and_paint, rounds=100, iterations=1, warmup_rounds=5)
    assert (shown.mark is not None) == mark
    if mark:
        assert shown.mark.dimmed, "the trail behind Kell is marked"
    player.close()
