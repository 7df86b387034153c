"""A token wearing its side's colour takes its new side's colour when it changes side; a colour
the GM picked for it stays (rules/sides.py, as the Inspector and the place tool ask)."""

from __future__ import annotations

from tabletop.model import Token
from tabletop.rules.sides import SIDE_COLOURS, colour_on_side, side_colour, wears_side_colour

GOLD = "#ffd700"


def _tokens() -> list[Token]:
    return [
        Token(id="kell", side="band", colour=SIDE_COLOURS[0]),
        Token(id="mira", side="band", colour=SIDE_COLOURS[0]),
        Token(id="raider", side="raiders", colour=SIDE_COLOURS[1]),
        Token(id="chief", side="raiders", colour=GOLD),
        Token(id="brute", side="raiders", colour="#5d4037"),
        Token(id="brute2", side="raiders", colour="#5D4037"),
    ]


def _token(tokens, token_id):
    return next(t for t in tokens if t.id == token_id)


def test_a_token_in_its_sides_colour_takes_the_colour_of_the_side_it_joins():
    tokens = _tokens()
    assert colour_on_side(tokens, _token(tokens, "raider"), "band") == SIDE_COLOURS[0]
    assert colour_on_side(tokens, _token(tokens, "kell"), "raiders") == "#5D4037", "the colour most raiders wear"


def test_a_sides_colour_is_the_one_most_of_its_tokens_wear():
    tokens = [*_tokens(), Token(id="scout", side="raiders", colour=SIDE_COLOURS[1])]
    tokens += [Token(id="archer", side="raiders", colour=SIDE_COLOURS[1].upper())]
    assert side_colour(tokens, "raiders").lower() == SIDE_COLOURS[1].lower()
    assert side_colour(tokens, "band") == SIDE_COLOURS[0]


def test_a_colour_picked_for_one_token_stays_whatever_its_side():
    tokens = _tokens()
    chief = _token(tokens, "chief")
    assert not wears_side_colour(tokens, chief)
    assert colour_on_side(tokens, chief, "band") == GOLD


def test_a_colour_a_whole_side_wears_is_that_sides_even_off_the_palette():
    tokens = _tokens()
    brute = _token(tokens, "brute")
    assert wears_side_colour(tokens, brute)
    assert colour_on_side(tokens, brute, "band") == SIDE_COLOURS[0]
    assert not wears_side_colour(tokens, brute, leaving={"brute2"}), "its only fellow leaves with it"


def test_a_new_side_takes_a_colour_no_other_side_wears():
    tokens = _tokens()
    worn = {t.colour.lower() for t in tokens if t.id != "kell"}
    colour = colour_on_side(tokens, _token(tokens, "kell"), "ghosts")
    assert colour in SIDE_COLOURS and colour.lower() not in worn


def test_a_token_keeping_its_side_keeps_its_colour():
    tokens = _tokens()
    raider = _token(tokens, "raider")
    assert colour_on_side(tokens, raider, "raiders") == raider.colour
