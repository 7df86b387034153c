"""`tabletop info FILE --json` shows a saved conflict under `conflict`, so a fight stopped
mid-exchange can be inspected without the window."""

from __future__ import annotations

import json

from tabletop.io import save_map
from tabletop.model import (
    AfTurn,
    Aspect,
    Conflict,
    EdgerunnerTurn,
    LogEntry,
    Map,
    Participant,
    StressTrack,
    Token,
)
from tests.cli.run import tabletop


def _saved(tmp_path, conflict: Conflict | None):
    tokens = [
        Token(id="gatto", name="Gatto", stress=[StressTrack(name="health", boxes=4, marked=[2], threshold=3)]),
        Token(id="hargan", name="Hargan", aspects=[Aspect(name="Dug in", free_invokes=2)], states=["bleeding"]),
    ]
    path = tmp_path / "fight.tabletop"
    save_map(Map(title="Fight", tokens=tokens, conflict=conflict), path)
    return path


def test_info_json_gives_the_conflict_state(capsys, tmp_path):
    conflict = Conflict(
        system="edgerunner",
        caller="gm",
        participants=[
            Participant(token="gatto", side="band", edgerunner=EdgerunnerTurn(acted=True)),
            Participant(token="hargan", side="corp", edgerunner=EdgerunnerTurn(bid=2)),
        ],
        exchange=2,
        order=["gatto"],
        turn="hargan",
        log=[LogEntry(exchange=2, actor="gatto", action="move", numbers={"shifts": 2})],
    )
    result = tabletop(capsys, "info", "--json", str(_saved(tmp_path, conflict)))
    state = json.loads(result.out)["conflict"]
    assert (result.code, state["system"], state["exchange"], state["turn"]) == (0, "edgerunner", 2, "hargan")
    assert state["order"] == ["gatto"]
    gatto, hargan = state["participants"]
    assert (gatto["side"], gatto["edgerunner"]["acted"], gatto["stress"][0]["marked"]) == ("band", True, [2])
    assert (hargan["edgerunner"]["bid"], hargan["aspects"], hargan["states"]) == (
        2,
        [{"name": "Dug in", "free_invokes": 2}],
        ["bleeding"],
    )
    assert state["log_entries"] == 1


def test_info_json_of_an_af_encounter_gives_round_and_reflex(capsys, tmp_path):
    conflict = Conflict(
        system="af",
        participants=[Participant(token="gatto", af=AfTurn(reflex=4, snaps=1, action=True))],
        round=3,
        order=["gatto"],
        turn="gatto",
    )
    path = _saved(tmp_path, conflict)
    state = json.loads(tabletop(capsys, "info", "--json", str(path)).out)["conflict"]
    assert (state["round"], state["participants"][0]["af"]["reflex"]) == (3, 4)
    assert "conflict: AF encounter, exchange 1, round 3, turn: gatto" in tabletop(capsys, "info", str(path)).out


def test_info_json_says_null_without_a_conflict(capsys, tmp_path):
    info = json.loads(tabletop(capsys, "info", "--json", str(_saved(tmp_path, None))).out)
    assert info["conflict"] is None
