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
    assert "conflict: AF encounter, Exchange 1 · Round 3 · Gatto's turn" in tabletop(capsys, "info", str(path)).out


def test_info_json_says_null_without_a_conflict(capsys, tmp_path):
    info = json.loads(tabletop(capsys, "info", "--json", str(_saved(tmp_path, None))).out)
    assert info["conflict"] is None


def test_the_samples_saved_mid_conflict_are_what_the_rules_play(capsys, maps_dir):
    """maps/warehouse-conflict and maps/af-encounter-round3 are written by tabletop/play_samples.py:
    the files must equal a fresh play of the rules, so they follow the rules and the format."""
    from tabletop.io import load_map
    from tabletop.play_samples import PLAY_SAMPLES

    for name, build in PLAY_SAMPLES.items():
        assert load_map(maps_dir / f"{name}.tabletop") == build(), f"run python -m tabletop.play_samples maps ({name})"
    warehouse = json.loads(tabletop(capsys, "info", "--json", str(maps_dir / "warehouse-conflict.tabletop")).out)
    state = warehouse["conflict"]
    assert (state["system"], state["exchange"], state["turn"]) == ("edgerunner", 2, None)
    gatto = state["participants"][0]
    assert (gatto["token"], gatto["stress"][0]["marked"], gatto["edgerunner"]["acted"]) == ("gatto", [2], False)
    creek = json.loads(tabletop(capsys, "info", "--json", str(maps_dir / "af-encounter-round3.tabletop")).out)
    state = creek["conflict"]
    assert (state["exchange"], state["round"], state["turn"]) == (1, 3, "archer")
    assert state["order"] == ["mira", "archer", "kell", "raider"]
