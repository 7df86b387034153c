"""The AF encounter in words: the dock's line (between exchanges too), the players' banner that
never tells of an unseen actor, the log's time, the helper while an attack or a reaction is
declared, and the down state logged in words."""

from __future__ import annotations

from itertools import pairwise

from tabletop.model import AreaLocation, Map
from tabletop.rules import af_system
from tabletop.rules.systems import names
from tests.rules.af_play import creek
from tests.rules.af_steps import last, play, started, take

NEXT = {"do": "next"}
AF = af_system.SYSTEM


def test_the_header_says_whose_turn_and_between_exchanges_what_comes_next():
    map_ = started()
    assert AF.header(map_.conflict, names(map_)) == "Exchange 1 · Round 1 · Mira's turn"
    map_ = play(map_, {"do": "end_exchange"})
    assert AF.header(map_.conflict, names(map_)) == "Exchange 1 ended · arrivals, then Next Turn begins exchange 2"
    assert AF.when(last(map_)) == "1.1"


def _hidden(map_: Map, token_id: str) -> Map:
    token = map_.token(token_id).model_copy(update={"hidden": True})
    return map_.model_copy(update={"tokens": [token if t.id == token_id else t for t in map_.tokens]})


def _banners(map_: Map, steps: int) -> list[tuple[str | None, str]]:
    """(whose turn, the banner) before and after each Next Turn."""
    shown = [(map_.conflict.turn, _banner(map_))]
    for _ in range(steps):
        map_ = play(map_, NEXT)
        shown.append((map_.conflict.turn, _banner(map_)))
    return shown


def _banner(map_: Map) -> str:
    return AF.banner(map_.conflict, lambda t: not map_.token(t).hidden, names(map_))


def test_the_banner_holds_the_last_seen_turn_while_a_hidden_actor_acts():
    shown = _banners(_hidden(started(), "archer"), 5)
    assert shown[:4] == [
        ("mira", "Mira's turn  ·  Round 1  ·  Exchange 1"),
        ("archer", "Mira's turn  ·  Round 1  ·  Exchange 1"),
        ("kell", "Kell's turn  ·  Round 1  ·  Exchange 1"),
        ("raider", "Raider's turn  ·  Round 1  ·  Exchange 1"),
    ]
    assert shown[5] == ("archer", "Mira's turn  ·  Round 2  ·  Exchange 1")


def test_a_hidden_actor_first_in_the_order_shows_no_name_until_a_seen_turn():
    map_ = _hidden(started(reflexes={"Raider archer": 9, "Mira": 5, "Kell": 3, "Raider": 2}), "archer")
    shown = _banners(map_, 4)
    assert shown[0] == ("archer", "Round 1  ·  Exchange 1")
    assert shown[4] == ("archer", "Raider's turn  ·  Round 1  ·  Exchange 1"), "round 2 keeps round 1's last seen turn"


def test_the_banner_never_changes_while_an_unseen_actor_holds_the_turn_and_never_names_it():
    map_ = _hidden(started(reflexes={"Raider archer": 9, "Mira": 5, "Kell": 3, "Raider": 2}), "archer")
    map_ = map_.model_copy(update={"conflict": map_.conflict.model_copy(update={"round": 4})})
    shown = _banners(map_, 12)  # round 4 into exchange 2, with the turn between exchanges
    for (_, before), (whose, after) in pairwise(shown):
        assert "archer" not in after.lower()
        if whose == "archer":
            assert after == before
    assert ("archer", "Round 1  ·  Exchange 2") in shown


def test_the_attack_helper_in_the_texts_words():
    map_ = started()
    words = AF.helper(map_, map_.conflict, {"do": "act", "actor": "archer", "action": "attack", "target": "kell"})
    assert words.split(" · ") == [
        "range 9 areas",
        "cover on the attack line: old wall (-2)",
        "no parry (out of reach)",
        "Kell's defenses left: guard",
    ]
    surprise = {"do": "act", "actor": "Raider archer", "action": "attack", "target": "Kell", "surprise": True}
    assert "no dodge (surprise)" in AF.helper(map_, map_.conflict, surprise)
    distract = AF.helper(map_, map_.conflict, {"do": "snap", "actor": "Mira", "snap": "distract", "target": "Kell"})
    assert "no parry (social)" in distract and "no dodge (social)" in distract and "insight contests it" in distract
    assert AF.helper(map_, map_.conflict, {"do": "act", "actor": "Mira", "action": "defend"}) == ""


def test_the_helper_names_an_attack_from_behind_the_flank():
    map_ = creek()
    raider = map_.token("raider").model_copy(update={"location": AreaLocation(grid="creek", row=7, col=2)})
    map_ = started().model_copy(update={"tokens": [raider if t.id == "raider" else t for t in map_.tokens]})
    words = AF.helper(map_, map_.conflict, {"do": "act", "actor": "raider", "action": "attack", "target": "kell"})
    assert "from behind the flank (-2 to contest)" in words and "no parry (behind the flank)" in words
    assert "dodge -2" in words


def test_the_reaction_helper_names_the_check_it_contests():
    map_ = started({"do": "act", "actor": "Mira", "action": "attack", "target": "Raider", "surprise": True})
    react = {"do": "react", "actor": "raider", "reaction": "guard", "type": "dive"}
    words = AF.helper(map_, map_.conflict, react)
    assert words.startswith("against Mira's attack (surprise) · no dodge against a surprise attack")
    assert AF.helper(map_, map_.conflict, {**react, "actor": "kell"}).startswith("no check against Kell in this turn")


def test_down_set_by_the_gm_and_recovered_is_logged_in_words():
    map_ = started({"do": "state", "token": "Kell", "state": "down"})
    assert last(map_).story == "Kell is down: loses the next action (it goes to getting up)"
    recovered = play(map_, {"do": "act", "actor": "Mira", "action": "recover", "target": "Kell"})
    assert "Kell's down state eliminated" in last(recovered).story and recovered.token("kell").states == []
    up = play(map_, NEXT, NEXT)  # Kell's turn: the action goes to getting up
    assert (last(up).action, last(up).story) == ("down resolved", "Kell gets up: the action goes to it")
    assert up.token("kell").states == [] and not up.conflict.participant("kell").af.action
    assert take(map_, {"do": "state", "token": "Kell", "state": "down", "on": False}).text == "Kell is no longer down"
