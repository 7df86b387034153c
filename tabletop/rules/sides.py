"""Who is an opponent: the one rule both the window and the command line ask.

AF, Overlap: "If the characters are friendly there's no effect. However moving into an
opponent's overlap (or any individual that chooses to interrupt you) ends your movement."
Tokens of one side are friendly. A token of another side is an opponent, but only when
both sides are known: "neutral" (a token's default) means no side was given, so a neutral
bystander stops nobody unless the GM gives it a side (it chose to interrupt), and a mover
of no known side is stopped by nobody rather than by everyone, its friends included.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable

from tabletop.model import AreaLocation, Map, Token
from tabletop.rules.terrain import Area

NO_SIDE = "neutral"
"""The side of a token nobody has put on a side (the model's default)."""
SIDE_COLOURS = ("#2e86c1", "#c0392b", "#27ae60", "#8e44ad", "#d35400", "#16a085")
"""The colours sides wear unless the GM picks another: apart across the table (the model's
default token colour is among them)."""


def known_side(side: str | None) -> bool:
    return side is not None and side != NO_SIDE


def are_opponents(side: str | None, other: str | None) -> bool:
    """True when two tokens' sides are both known and differ."""
    return known_side(side) and known_side(other) and side != other


def opponent_areas(map_: Map, grid_id: str, side: str | None, mover_id: str | None = None) -> list[Area]:
    """The areas of `grid_id` holding an opponent of a mover of `side` (the mover itself,
    named by `mover_id`, never counts): where that mover's movement ends on entering.
    Pass the result to grid_reach as its `opponents`."""
    areas: dict[Area, None] = {}
    for token in map_.tokens:
        where = token.location
        if (
            token.id != mover_id
            and isinstance(where, AreaLocation)
            and where.grid == grid_id
            and are_opponents(side, token.side)
        ):
            areas[(where.row, where.col)] = None
    return list(areas)


def side_colour(tokens: Iterable[Token], side: str, number: int = 1) -> str:
    """The colour a token of `side` wears unless the GM picks one: the colour most of its tokens
    wear that no other side wears (the later on a tie), else the first of the palette no other
    side wears (two sides in one colour cannot be told apart across the table), else the
    palette's `number`th."""
    tokens = list(tokens)
    others = {t.colour.lower() for t in tokens if t.side != side}
    worn = [t.colour for t in tokens if t.side == side and t.colour.lower() not in others]
    if worn:
        counts = Counter(colour.lower() for colour in worn)
        return max(reversed(worn), key=lambda colour: counts[colour.lower()])
    free = [c for c in SIDE_COLOURS if c.lower() not in others]
    return free[0] if free else SIDE_COLOURS[(number - 1) % len(SIDE_COLOURS)]


def wears_side_colour(tokens: Iterable[Token], token: Token, leaving: Collection[str] = ()) -> bool:
    """Whether `token` wears a side's colour rather than one the GM picked for it: one of the
    palette's, or a colour its side's other tokens wear and no other side does. `leaving`: the
    ids of tokens changing side with it, no longer its side's."""
    colour = token.colour.lower()
    if colour in {c.lower() for c in SIDE_COLOURS}:
        return True
    rest = [t for t in tokens if t.id != token.id and t.id not in leaving]
    others = {t.colour.lower() for t in rest if t.side != token.side}
    return colour in {t.colour.lower() for t in rest if t.side == token.side} - others


def colour_on_side(tokens: Iterable[Token], token: Token, side: str, leaving: Collection[str] = ()) -> str:
    """The colour `token` wears once it joins `side`: the new side's when it wore its old
    side's, the GM's own choice kept. `leaving`: the ids of tokens joining `side` with it."""
    tokens = list(tokens)
    if side == token.side or not wears_side_colour(tokens, token, leaving):
        return token.colour
    number = token.id.rsplit("-", 1)[-1]
    rest = [t for t in tokens if t.id != token.id and t.id not in leaving]
    return side_colour(rest, side, int(number) if number.isdecimal() and len(number) < 9 else 1)
