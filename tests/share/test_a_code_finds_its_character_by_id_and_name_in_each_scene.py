"""A player's code finds their character in each scene the players are shown: the token with the
id it was handed under AND the same name; failing that (scenes prepared apart give the same
character other ids) the scene's one token of that name; never a token that merely took the id,
and never a guess: not between two tokens of one name, nor between two codes that find one
token by its name alone. While the character is not there, the code stays
good and holds no token of the scene; only taking it back ends it."""

from __future__ import annotations

from tabletop.serve.codes import Held, found_in, same_name
from tabletop.serve.server import TableServer

TAVERN = [("token-1", "Kell"), ("token-2", "Mira")]
ROAD = [("token-1", "Raider"), ("token-7", "Kell")]
"""The road was prepared apart: Kell has another id there, and token-1 is someone else."""
CELLAR = [("token-1", "Raider"), ("token-2", "Raider")]


def test_the_id_counts_only_with_the_name_it_was_handed_under():
    kell = Held("code", "token-1", "Kell")
    assert found_in(kell, TAVERN) == ("token-1", "Kell")
    assert found_in(kell, ROAD) == ("token-7", "Kell"), "Kell under the road's own id"
    assert found_in(kell, CELLAR) is None, "token-1 is a Raider there: not Kell"


def test_two_of_one_name_are_told_apart_by_the_id_or_not_at_all():
    twins = [("token-3", "Kell"), ("token-1", "Kell")]
    assert found_in(Held("code", "token-1", "Kell"), twins) == ("token-1", "Kell")
    assert found_in(Held("code", "token-9", "Kell"), twins) is None, "no guess between two Kells"


def test_names_are_compared_as_a_gm_reads_them():
    assert same_name("  Kell   the Bold", "kell the bold")
    assert not same_name("Kell", "Kella")
    assert found_in(Held("code", "token-5", "KELL"), ROAD) == ("token-7", "Kell")


def test_a_code_handed_by_id_alone_learns_its_name_from_the_first_map():
    server = TableServer()
    code = server.hand("token-1")
    assert server.players() == [Held(code, "token-1", None)]
    server.meet(TAVERN)
    assert server.players() == [Held(code, "token-1", "Kell")]
    server.meet(CELLAR)
    assert server.players() == [Held(code, "token-1", "Kell", present=False)]


def test_a_code_waits_while_its_character_is_not_in_the_scene_and_follows_them_back():
    server = TableServer()
    kell, mira = server.hand("token-1", "Kell"), server.hand("token-2", "Mira")
    assert server.meet(ROAD)
    assert server.handed() == {"token-7": kell}, "Kell's code on the road's Kell; Mira is not on the road"
    assert [held.name for held in server.players() if not held.present] == ["Mira"]
    assert server.hand("token-1", "Raider") not in (kell, mira), "the Raider taking token-1 gets a code of his own"
    assert not server.meet(ROAD), "the same scene again changes nobody's standing"
    server.meet(TAVERN)
    handed = server.handed()
    assert handed["token-1"] == kell and handed["token-2"] == mira, "both back on their tavern tokens"


def test_a_rename_of_the_same_map_keeps_the_code_only_when_told():
    server = TableServer()
    code = server.hand("token-1", "Kell")
    server.meet([("token-1", "Kell the Bold")])
    assert server.handed() == {}, "another scene's token-1 under another name is not Kell"
    server.meet([("token-1", "Kell")])
    server.renamed("token-1", "Kell the Bold")
    server.meet([("token-1", "Kell the Bold")])
    assert server.handed() == {"token-1": code}
    server.meet([("token-1", "Kell the Brave")], renames=True)
    assert server.handed() == {"token-1": code} and server.players()[0].name == "Kell the Brave"


def test_taking_back_ends_a_code_wherever_its_character_is():
    server = TableServer()
    kell, mira = server.hand("token-1", "Kell"), server.hand("token-2", "Mira")
    server.meet(ROAD)
    server.take_back("token-1")
    assert {held.code for held in server.players()} == {kell, mira}, "token-1 of the road is no one's: nothing taken"
    server.take_back_code(mira)
    server.take_back("token-7")
    assert server.players() == []


def test_two_codes_that_find_one_character_by_name_both_wait_listed():
    server = TableServer()
    first = server.hand("token-3", "Kell")
    server.meet([("token-3", "Kell"), ("token-4", "Kell")])
    second = server.hand("token-4", "Kell")
    server.meet([("token-9", "Kell")])
    assert [held.present for held in server.players()] == [False, False], "which Kell is the one is a guess"
    assert server.handed() == {}
    server.meet([("token-3", "Kell"), ("token-4", "Kell")])
    assert server.handed() == {"token-3": first, "token-4": second}, "each back on its own Kell"


def test_a_token_two_codes_find_by_name_alone_is_neither_ones():
    server = TableServer()
    kell, mira = server.hand("token-1", "Kell"), server.hand("token-2", "Mira")
    server.meet(TAVERN)
    server.renamed("token-2", "Kell")  # the GM names Mira's token Kell too, and sends the road
    server.meet(ROAD)
    assert server.handed() == {}, "the road's one Kell is a guess between two codes: nobody's sheet"
    assert {held.code: held.present for held in server.players()} == {kell: False, mira: False}
    server.meet([("token-1", "Kell"), ("token-2", "Kell")])  # back in the tavern: each by its own id
    assert server.handed() == {"token-1": kell, "token-2": mira}
    server.meet([("token-1", "Kell"), ("token-9", "Kell")])
    assert server.handed() == {"token-1": kell}, "found by its id, Kell's code keeps him; Mira's guesses nobody"
