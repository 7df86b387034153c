"""A player's own sheet: their token's stress boxes, aspects and free invokes, states and what is
left of the turn, and whose turn is now and next, all as the players' strip tells it; nothing of
a token or a turn the players do not see."""

from __future__ import annotations

from tabletop.model import Aspect, ZoneLocation
from tabletop.play_samples import af_encounter_round3, warehouse_conflict
from tabletop.rules.visibility import HeldFog
from tabletop.serve.sheet import banner, player_sheet


def _with(map_, token_id: str, **update):
    tokens = [t.model_copy(update=update) if t.id == token_id else t for t in map_.tokens]
    return map_.model_copy(update={"tokens": tokens})


def test_an_af_sheet_reads_the_guard_snap_and_action_left_and_who_is_next():
    map_ = af_encounter_round3()
    sheet = player_sheet(map_, "kell")
    assert sheet["shown"] and sheet["name"] == "Kell"
    turn = sheet["turn"]
    assert turn["now"] == "Raider archer" and turn["next"] == "Kell" and not turn["yours"]
    assert [word for word, _ in turn["marks"]] == ["Guard", "Snap", "Action"]
    assert banner(map_).startswith("Raider archer's turn")


def test_an_edgerunner_sheet_reads_stress_boxes_aspects_and_whether_it_acted():
    map_ = _with(
        warehouse_conflict(), "gatto", aspects=[Aspect(name="Quick hands", free_invokes=2)], states=["bleeding"]
    )
    sheet = player_sheet(map_, "gatto")
    assert {"name": "health", "boxes": 5, "marked": [2]} in sheet["stress"]
    assert sheet["aspects"] == [{"name": "Quick hands", "free_invokes": 2}]
    assert sheet["states"] == ["bleeding"]
    assert sheet["turn"]["marks"][0][0] in ("To act", "Acted", "Compelled")


def test_a_hidden_turn_is_never_named_and_a_hidden_token_has_no_sheet():
    map_ = _with(af_encounter_round3(), "archer", hidden=True)
    assert "archer" not in banner(map_).lower()
    assert "archer" not in str(player_sheet(map_, "kell")).lower()
    assert player_sheet(map_, "archer") == {"shown": False}


def test_a_token_in_the_fog_has_no_sheet_until_the_fog_sent_lifts():
    map_ = warehouse_conflict()
    where = next(t for t in map_.tokens if t.id == "gatto").location
    assert isinstance(where, ZoneLocation)
    zones = [z.model_copy(update={"fogged": z.id == where.zone}) for z in map_.zones]
    fogged = map_.model_copy(update={"zones": zones})
    assert player_sheet(fogged, "gatto") == {"shown": False}
    assert player_sheet(fogged, "gatto", HeldFog.of(map_))["shown"], "the fog the players were sent still shows it"
