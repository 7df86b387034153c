"""The codes that open the players' page: one join code for the table, one code per player for
their own sheet. Random enough that guessing one over the rate limit takes longer than any
campaign, short enough to type from the GM's screen when a phone cannot scan."""

from __future__ import annotations

import hmac
import secrets
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
"""Lower-case letters and digits a player cannot misread on a screen (no i, l, o, 0, 1)."""
LENGTH = 12
"""Twelve of 31 signs: about 59 bits."""


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def same_code(given: str, code: str) -> bool:
    """Compared in constant time, so how long a refusal takes tells nothing of the code."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), code.encode("utf-8"))


@dataclass(frozen=True)
class Held:
    """One player's code and the character it follows: the token it last found and that token's
    name (None until first seen: a code handed by id alone learns the name on the first map).
    `present`: whether that token is in the scene the players see now; a code whose character
    is not there stays good, and finds them again in a later scene."""

    code: str
    token: str
    name: str | None = None
    present: bool = True


def same_name(one: str, other: str) -> bool:
    """Names the GM typed, compared as a GM reads them: spaces and capitals aside."""
    return " ".join(one.split()).casefold() == " ".join(other.split()).casefold()


def found_in(held: Held, tokens: Sequence[tuple[str, str]]) -> tuple[str, str] | None:
    """The token (id, name) of a scene's `tokens` that `held`'s character is, or None. Ids
    repeat from scene to scene and come back after a delete, so an id counts only with the name
    it was handed under; scenes prepared apart give the same character other ids, so failing
    that, the scene's one token of that name. Two of that name and neither the id: nobody, as
    a player's sheet is never a guess."""
    if held.name is None:
        return next((token for token in tokens if token[0] == held.token), None)
    named = [token for token in tokens if same_name(token[1], held.name)]
    same_id = [token for token in named if token[0] == held.token]
    if same_id:
        return same_id[0]
    return named[0] if len(named) == 1 else None


def found_for(
    held: Sequence[Held], tokens: Sequence[tuple[str, str]], renames: bool = False
) -> list[tuple[str, str] | None]:
    """The token each of `held` finds among a scene's `tokens` (found_in), or None. `renames`:
    the tokens are the same map's as before, so a token still there under a present code's id is
    its character, renamed or not. A token that two codes find, one by its name alone, is not
    that one's: which player it is would be a guess."""
    ids = {token[0]: token for token in tokens}
    claims = []
    for one in held:
        kept = renames and one.present and one.token in ids
        found = ids[one.token] if kept else found_in(one, tokens)
        claims.append((found, kept or (found is not None and found[0] == one.token)))
    taken = Counter(found[0] for found, _ in claims if found is not None)
    return [None if found is not None and not by_id and taken[found[0]] > 1 else found for found, by_id in claims]
